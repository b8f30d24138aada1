import GiroCore

/// The size limit, the field count and the control sum (field 20).
extension UPNDecoder {
    /// At most 411 characters; a reserve padded beyond that is tolerated when the fields themselves fit.
    mutating func checkSize() throws(GiroError) {
        let total = UPNDecoder.characters(lines.bytes[...])
        guard total > UPNLayout.maxCharacters else { return }
        let reserveLength = lines.count > UPNLayout.reserve ? UPNDecoder.characters(lines.raw(UPNLayout.reserve)) : 0
        if total - reserveLength <= UPNLayout.maxCharacters, lines.count == UPNLayout.fieldCount + 1 {
            warn(.payloadOverLimit, line: UPNLayout.reserve, field: "payload",
                 "\(total) characters (the reserve is over-padded); UPN QR holds at most \(UPNLayout.maxCharacters)")
            return
        }
        throw fail(.payloadOverLimit, line: nil, field: "payload", "\(total) characters; UPN QR holds at most \(UPNLayout.maxCharacters)")
    }

    /// 20 fields, optionally followed by the reserve (one line). No LF after field 20 is noted (info).
    mutating func checkFieldCount() throws(GiroError) {
        let n = lines.count
        guard n >= UPNLayout.fieldCount else {
            throw fail(.structureInvalid, line: n - 1, field: "payload", "UPN QR has 20 fields, found \(n)")
        }
        if n > UPNLayout.fieldCount + 1 {
            throw fail(.structureInvalid, line: UPNLayout.reserve, field: "payload",
                       "after field 20 only the reserve may follow, found \(n - UPNLayout.fieldCount) more lines")
        }
        if n == UPNLayout.fieldCount, !lines.endsWithSeparator {
            info(.finalSeparatorMissing, line: UPNLayout.checksum, "no LF after the control sum (as in the standard's own samples)")
        }
    }

    /// Field 20 = Σ length(field 1…19) + 19, in ISO-8859-2 characters.
    mutating func checkChecksum() throws(GiroError) {
        let i = UPNLayout.checksum
        let raw = lines.raw(i)
        guard !raw.isEmpty, raw.count <= 3, raw.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
            throw fail(.fieldInvalid, line: i, "the control sum must be 3 digits")
        }
        let written = raw.reduce(0) { $0 * 10 + Int($1 - 48) }
        // One pass over the buffer (checkFieldCount guaranteed 20 lines): characters and UTF-8 bytes.
        var characters = UPNLayout.checksum
        var bytes = UPNLayout.checksum
        let ranges = lines.ranges
        lines.bytes.withUnsafeBufferPointer { p in
            for k in 0..<min(UPNLayout.checksum, ranges.count) {
                let r = ranges[k].clamped(to: 0..<p.count)
                bytes += r.count
                for i in r where p[i] & 0xC0 != 0x80 { characters += 1 }
            }
        }
        if written == characters {
            if raw.count < 3 { warn(.upnChecksumUnpadded, line: i, "the control sum is not zero-padded to 3 digits") }
            return
        }
        if charset == .utf8, written == bytes {
            warn(.upnChecksumUTF8Bytes, line: i, "the control sum \(written) counts UTF-8 bytes; in characters it is \(characters)")
            return
        }
        throw fail(.upnChecksumMismatch, line: i, "the control sum is \(written), the fields give \(characters)")
    }
}
