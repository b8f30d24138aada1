/// Case-insensitive comparison of ASCII names (scheme, authority, parameter names), on bytes.
package enum ASCIICase {
    /// nil when `bytes` is not `lowercase` ignoring the case of letters; otherwise whether the case was exact.
    @inlinable
    package static func equal(lowercase: [UInt8], _ bytes: ArraySlice<UInt8>) -> Bool? {
        lowercase.withUnsafeBufferPointer { equal(lowercase: $0, bytes) }
    }

    /// The same against a literal (no table to initialise on the hot path).
    @inlinable
    package static func equal(lowercase: StaticString, _ bytes: ArraySlice<UInt8>) -> Bool? {
        lowercase.withUTF8Buffer { equal(lowercase: $0, bytes) }
    }

    @inlinable
    package static func equal(lowercase: UnsafeBufferPointer<UInt8>, _ bytes: ArraySlice<UInt8>) -> Bool? {
        guard lowercase.count == bytes.count else { return nil }
        var exact = true
        var i = bytes.startIndex
        for a in lowercase {
            let b = bytes[i]
            i += 1
            if a == b { continue }
            // Only an upper-case letter may stand for its lower-case form.
            guard b >= 65, b <= 90, a == b + 32 else { return nil }
            exact = false
        }
        return exact
    }
}
