/// A payment link (`https://payconiq.com/…`, `epspayment://…`) split on its bytes: scheme, host, path and
/// the percent-decoded query. No Foundation `URL`: it is slow, platform-dependent and normalises what a
/// decoder must report as written.
package struct PaymentLink: Sendable, Hashable {
    package struct QueryItem: Sendable, Hashable {
        /// Lower-cased, percent-decoded name.
        package var name: String
        /// Percent-decoded value (`+` is a space, as in HTML forms).
        package var value: String
        /// Offset of the name in the caller's payload.
        package var offset: Int

        package init(name: String, value: String, offset: Int) {
            (self.name, self.value, self.offset) = (name, value, offset)
        }
    }

    /// Lower-cased scheme (`https`, `epspayment`).
    package var scheme: String
    /// Lower-cased host without user info and port; empty when the link has no `//` authority.
    package var host: String
    /// Path as written (percent escapes kept), `/` included.
    package var path: String
    /// Offset of the path in the caller's payload.
    package var pathOffset: Int
    package var query: [QueryItem]
    /// The link as written (the trimmed payload).
    package var text: String

    /// The first query value named `name` (lower case).
    package func value(_ name: String) -> String? { query.first { $0.name == name }?.value }
}

extension PaymentLink {
    /// Scheme and host of `bytes` when they start like a link (`scheme://host`), for sniffs: a few compares,
    /// no allocation. Scheme and host come back as written (compare them with ``equalsIgnoringCase``).
    @inlinable
    package static func head(_ bytes: [UInt8]) -> (scheme: ArraySlice<UInt8>, host: ArraySlice<UInt8>)? {
        let start = PayloadLimits.bomLength(bytes)
        var i = start
        let limit = min(bytes.count, start + 32)
        while i < limit, isSchemeByte(bytes[i]) { i += 1 }
        guard i > start, i + 2 < bytes.count, bytes[i] == UInt8(ascii: ":"), bytes[i + 1] == UInt8(ascii: "/"),
              bytes[i + 2] == UInt8(ascii: "/") else { return nil }
        let scheme = bytes[start..<i]
        var j = i + 3
        let hostStart = j
        while j < bytes.count, !isHostEnd(bytes[j]) { j += 1 }
        return (scheme, bytes[hostStart..<j])
    }

    /// ASCII case-insensitive comparison with a lower-case literal.
    @inlinable
    package static func equalsIgnoringCase(_ bytes: ArraySlice<UInt8>, _ lower: StaticString) -> Bool {
        ASCIICase.equal(lowercase: lower, bytes) != nil
    }

    /// `true` when `host` is `domain` or one of its subdomains (`www.payconiq.com` for `payconiq.com`).
    @inlinable
    package static func host(_ host: ArraySlice<UInt8>, isWithin domain: StaticString) -> Bool {
        let n = domain.utf8CodeUnitCount
        if host.count == n { return equalsIgnoringCase(host, domain) }
        guard host.count > n + 1, host[host.endIndex - n - 1] == UInt8(ascii: ".") else { return false }
        return equalsIgnoringCase(host[(host.endIndex - n)...], domain)
    }

    @inlinable static func isSchemeByte(_ b: UInt8) -> Bool {
        (b >= 97 && b <= 122) || (b >= 65 && b <= 90) || (b >= 48 && b <= 57) || b == 0x2B || b == 0x2D || b == 0x2E
    }

    @inlinable static func isHostEnd(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "/") || b == UInt8(ascii: "?") || b == UInt8(ascii: "#") || b == UInt8(ascii: ":")
    }
}
