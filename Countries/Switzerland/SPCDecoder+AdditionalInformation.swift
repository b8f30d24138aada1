import GiroCore

/// Unstructured message (line 30), bill information (line 32) and alternative schemes (lines 33–34).
extension SPCDecoder {
    /// Bill information: `//S1/…` is decoded as Swico S1; any other `//xx/…` is kept opaque with
    /// syntax `xx`. Text that does not start with `//` is kept raw (syntax nil) with the warning
    /// `bill_information_invalid` — IG §3.1 does not list it among the rejections.
    mutating func billInformation() -> BillInformation? {
        let i = SPCLayout.billInformation
        guard let text = text(i, field: "billInformation", max: SPCLayout.billInformationMax) else { return nil }
        let u = Array(text.utf8)
        guard u.count >= 2, u[0] == UInt8(ascii: "/"), u[1] == UInt8(ascii: "/") else {
            warn(.billInformationInvalid, field: "billInformation", at: i,
                 "bill information must start with // and a syntax identifier (e.g. //S1/); kept unparsed")
            return BillInformation(syntax: nil, raw: text)
        }
        var end = 2
        while end < u.count, u[end] != UInt8(ascii: "/") { end += 1 }
        let syntaxBytes = u[2..<end]
        guard syntaxBytes.count == 2, syntaxBytes.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) }) else {
            warn(.billInformationInvalid, field: "billInformation", at: i,
                 "bill information syntax identifier after // must be two letters or digits; kept unparsed")
            return BillInformation(syntax: nil, raw: text)
        }
        let syntax = String(decoding: syntaxBytes, as: UTF8.self)
        var info = BillInformation(syntax: syntax, raw: text)
        guard syntax == "S1" else { return info }
        for p in SwicoS1Decoder.decode(text, into: &info) {
            warn(p.code, field: p.field, at: i, offset: offset(i) + p.offset, p.message)
        }
        return info
    }

    /// Non-empty alternative-scheme lines, at most two (more is a rejection).
    mutating func alternativeSchemes() throws(GiroError) -> [String] {
        var out: [String] = []
        var i = SPCLayout.firstAlternativeScheme
        while i < lines.count {
            if out.count == SPCLayout.maxAlternativeSchemes, !isEmpty(i) {
                throw fail(.tooManyAlternativeSchemes, field: "alternativeSchemes[\(out.count)]", at: i,
                           "a QR-bill carries at most two alternative schemes")
            }
            if let s = text(i, field: "alternativeSchemes[\(out.count)]", max: SPCLayout.alternativeSchemeMax) {
                out.append(s)
            }
            i += 1
        }
        return out
    }
}
