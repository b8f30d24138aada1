import Foundation
import GiroCore

/// Typed reading of descriptor values with the Czech rules: percent-decoding, UTF-8 with an ISO-8859-1
/// fallback, digit symbols, `YYYYMMDD` dates, `.`-decimals, `IBAN[+BIC]` accounts. Collects warnings.
struct DescriptorValues {
    let format: String
    /// Prefix for field paths (`invoice.` when a SID is embedded in SPAYD `X-INV`).
    let path: String
    var diagnostics: [Diagnostic] = []
    var latin1 = false

    init(format: String, path: String = "") {
        self.format = format
        self.path = path
    }

    func fail(_ code: ErrorCode, _ a: ShortDescriptor.Attribute, _ message: String) -> GiroError {
        GiroError(code, field: path + a.key, offset: a.offset, format: format, diagnostics: diagnostics, message)
    }

    func fail(_ code: ErrorCode, field: String, _ message: String) -> GiroError {
        GiroError(code, field: path + field, format: format, diagnostics: diagnostics, message)
    }

    /// A validator's error placed at attribute `a`, carrying the warnings seen so far.
    func placed(_ error: GiroError, _ a: ShortDescriptor.Attribute) -> GiroError {
        var e = error
        e.offset = a.offset
        e.format = format
        e.diagnostics = diagnostics
        return e
    }

    mutating func warn(_ code: ErrorCode, _ a: ShortDescriptor.Attribute, _ message: String) {
        diagnostics.append(.warning(code, field: path + a.key, offset: a.offset, message))
    }

    /// Percent-decoded text; longer than `max` characters is kept whole with a warning (readers
    /// "process only the first `max` characters" — we keep the data and say so).
    mutating func text(_ a: ShortDescriptor.Attribute, max: Int?) -> String {
        // Without a '%' the value is read in place (no decoded copy).
        var bytes = a.raw
        if a.raw.contains(0x25) {
            let (decoded, bad) = ShortDescriptor.percentDecode(a.raw)
            if let bad {
                warn(.percentEscapeInvalid, a, "'%' at value byte \(bad) is not followed by two hex digits; kept literally")
            }
            bytes = decoded[...]
        }
        var s: String
        if UTF8Validation.isValid(bytes) {
            s = String(decoding: bytes, as: UTF8.self)
        } else {
            latin1 = true
            warn(.charsetFallback, a, "the value is not valid UTF-8 after percent-decoding; read as ISO-8859-1")
            s = Charset.latin1(bytes)
        }
        if let max, s.utf8.count > max, s.unicodeScalars.count > max {
            warn(.fieldTooLong, a, "\(s.unicodeScalars.count) characters; the specification allows \(max) (kept whole)")
        }
        return s
    }

    /// Digits only, at most `max` of them (variable/specific/constant symbols, RF).
    func digits(_ a: ShortDescriptor.Attribute, max: Int) throws(GiroError) -> String {
        guard a.raw.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
            throw fail(.fieldInvalid, a, "\(a.key) must be digits")
        }
        guard a.raw.count <= max else {
            throw fail(.fieldTooLong, a, "\(a.key) has \(a.raw.count) digits; at most \(max)")
        }
        return String(decoding: a.raw, as: UTF8.self)
    }

    func date(_ a: ShortDescriptor.Attribute) throws(GiroError) -> String {
        guard let iso = CompactDate.iso(a.raw) else {
            throw fail(.dateInvalid, a, "\(a.key) must be a real date written YYYYMMDD")
        }
        return iso
    }

    /// `^-?\d{1,intDigits}(\.\d{1,fraction})?$`.
    func decimal(_ a: ShortDescriptor.Attribute, intDigits: Int, fraction: Int, negative: Bool = false,
                 code: ErrorCode = .amountInvalid) throws(GiroError) -> Decimal {
        var v = a.raw
        var minus = false
        if negative, v.first == 0x2D { v = v.dropFirst(); minus = true }
        let dot = v.firstIndex(of: 0x2E)
        let whole = dot.map { v[v.startIndex..<$0] } ?? v
        let frac = dot.map { v[($0 + 1)...] } ?? v[v.endIndex...]
        guard !whole.isEmpty, whole.count <= intDigits, whole.allSatisfy({ $0 >= 48 && $0 <= 57 }),
              dot == nil || (!frac.isEmpty && frac.count <= fraction && frac.allSatisfy({ $0 >= 48 && $0 <= 57 })),
              let value = DecimalText.parseUnsigned(v) else {
            throw fail(code, a, "\(a.key) must be a decimal number with '.' (at most \(intDigits) digits and \(fraction) decimals)")
        }
        return minus ? -value : value
    }

    /// `IBAN` or `IBAN+BIC`.
    /// `field` is built only for a diagnostic (`alternativeAccounts[1]` would otherwise be formatted per account).
    mutating func account(_ a: ShortDescriptor.Attribute, field: @autoclosure () -> String? = nil, raw: ArraySlice<UInt8>? = nil) throws(GiroError) -> Account {
        let value = raw ?? a.raw
        func name() -> String { field() ?? (path + a.key) }
        let plus = value.firstIndex(of: 0x2B)
        let ibanBytes = plus.map { value[value.startIndex..<$0] } ?? value
        guard !ibanBytes.isEmpty else { throw GiroError(.fieldMissing, field: name() + ".iban", offset: a.offset, format: format, diagnostics: diagnostics, "the IBAN is empty") }
        let iban: IBAN
        let compaction: IBAN.Compaction
        var ibanText = ibanBytes
        // Some generators write the domestic form (`19-2000145399/0800`); convert it when its checks hold.
        if ibanBytes.contains(0x2F), let domestic = CzechAccountNumber(String(decoding: ibanBytes, as: UTF8.self)) {
            ibanText = Array(domestic.iban(country: "CZ").utf8)[...]
            diagnostics.append(.warning(.domesticAccountConverted, field: name() + ".iban", offset: a.offset,
                                        "domestic account \(domestic.formatted) written instead of an IBAN; converted"))
        }
        do {
            (iban, compaction) = try IBAN.validate(ibanText, field: name() + ".iban")
        } catch {
            throw placed(error, a)
        }
        if compaction.removedSpaces { diagnostics.append(.warning(.ibanSpaces, field: name() + ".iban", offset: a.offset, "spaces removed from the IBAN")) }
        if compaction.removedOtherSeparators { diagnostics.append(.warning(.ibanSeparators, field: name() + ".iban", offset: a.offset, "separators removed from the IBAN")) }
        if compaction.loweredCase { diagnostics.append(.warning(.ibanLowercase, field: name() + ".iban", offset: a.offset, "IBAN written in lower case")) }
        var account = Account(iban: iban.compact)
        if let plus {
            let bicBytes = value[(plus + 1)...]
            do {
                account.bic = try BIC.validate(bicBytes, field: name() + ".bic")
            } catch {
                throw placed(error, a)
            }
            if !bicBytes.elementsEqual((account.bic ?? "").utf8) {
                diagnostics.append(.warning(.bicNormalized, field: name() + ".bic", offset: a.offset, "BIC written with spaces or lower case"))
            }
        }
        CzechDomesticAccount.fill(&account)
        return account
    }
}
