/// Case-insensitive comparison of ASCII names (scheme, authority, parameter names), on bytes.
enum ASCIICase {
    /// nil when `bytes` is not `lowercase` ignoring the case of letters; otherwise whether the case was exact.
    @inline(__always)
    static func equal(lowercase: [UInt8], _ bytes: ArraySlice<UInt8>) -> Bool? {
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

    /// `true` when `bytes` starts with `lowercase` ignoring letter case.
    @inline(__always)
    static func hasPrefix(_ bytes: ArraySlice<UInt8>, lowercase: [UInt8]) -> Bool? {
        guard bytes.count >= lowercase.count else { return nil }
        return equal(lowercase: lowercase, bytes.prefix(lowercase.count))
    }
}
