import GiroCore

/// Reading one parameter value: percent- and `+`-decoding, charset, trimming — each deviation named once.
extension BezahlCodeDecoder {
    /// The decoded text of `parameter`, nil when absent or empty.
    mutating func text(_ parameter: BezahlCodeParameter) -> String? {
        guard let range = slots[parameter.rawValue] else { return nil }
        return text(range, field: parameter.path)
    }

    /// The value's bytes for identifiers (IBAN, BIC, dates): the raw slice when it needs no decoding — no copy,
    /// no String — else the decoded text's bytes.
    mutating func valueBytes(_ parameter: BezahlCodeParameter) -> ArraySlice<UInt8>? {
        guard let range = slots[parameter.rawValue], !range.isEmpty else { return nil }
        let raw = bytes[range]
        if PercentDecoding.isPlain(raw) { return raw }
        return text(range, field: parameter.path).map { Array($0.utf8)[...] }
    }

    /// Offset of `parameter`'s value in the payload (for diagnostics).
    func offset(_ parameter: BezahlCodeParameter) -> Int? { slots[parameter.rawValue]?.lowerBound }

    mutating func text(_ range: Range<Int>, field: String) -> String? {
        let raw = bytes[range]
        guard !raw.isEmpty else { return nil }
        // Most values are plain ASCII without escapes: no copy, no UTF-8 validation needed.
        if PercentDecoding.isPlain(raw) { return String(decoding: raw, as: UTF8.self) }
        let decoded = PercentDecoding(raw)
        let at = range.lowerBound
        if decoded.unencoded {
            warn(.deUnencodedCharacter, field: field, offset: at, "raw spaces or other characters a URI must percent-encode; read as written")
        }
        if decoded.plusAsSpace { warn(.dePlusAsSpace, field: field, offset: at, "'+' read as a space (form encoding)") }
        if decoded.invalidPercent { warn(.dePercentInvalid, field: field, offset: at, "'%' not followed by two hex digits; kept as written") }
        var value: [UInt8] = decoded.bytes
        var lo = 0
        var hi = value.count
        while lo < hi, value[lo] == 0x20 { lo += 1 }
        while hi > lo, value[hi - 1] == 0x20 { hi -= 1 }
        if lo > 0 || hi < value.count {
            warn(.whitespaceTrimmed, field: field, offset: at, "leading or trailing spaces removed")
            value = Array(value[lo..<hi])
        }
        guard !value.isEmpty else { return nil }
        if UTF8Validation.isValid(value[...]) { return String(decoding: value, as: UTF8.self) }
        // Older generators percent-encoded Latin-1 (`%F6` for ö): a guess, so the record is uncertain.
        record.source.charset = Charset.iso8859_1.rawValue
        warn(.charsetFallback, field: field, offset: at, uncertain: true, "the value is not UTF-8; read as ISO-8859-1")
        return Charset.latin1(value[...])
    }

    /// Warns `field_too_long` when `text` has more than `limit` characters (kept: banks truncate).
    mutating func checkLength(_ text: String, _ parameter: BezahlCodeParameter, limit: Int) {
        // Bytes bound characters from above: the character count is only needed for long values.
        guard text.utf8.count > limit else { return }
        let count = text.unicodeScalars.count
        if count > limit {
            warn(.fieldTooLong, field: parameter.path, offset: offset(parameter),
                 "\(count) characters; BezahlCode allows \(limit) for '\(parameter.key)'")
        }
    }

    /// A `DDMMYYYY` date as ISO 8601; nil when absent, `date_invalid` when malformed.
    mutating func date(_ parameter: BezahlCodeParameter) throws(GiroError) -> String? {
        guard let value = valueBytes(parameter) else { return nil }
        guard let iso = GermanDate.iso(value) else {
            throw fail(.dateInvalid, field: parameter.path, offset: offset(parameter),
                       "'\(String(decoding: value, as: UTF8.self))' is not a date DDMMYYYY ('\(parameter.key)')")
        }
        return iso
    }
}
