import Foundation
import GiroCore

/// A decoder of the `HEADER*major.minor*KEY:VALUE*…` descriptors (SPAYD, SID): typed reading of values with
/// the Czech rules — percent-decoding, UTF-8 with an ISO-8859-1 fallback, digit symbols, `YYYYMMDD` dates,
/// `.`-decimals, `IBAN[+BIC]` accounts — raised through ``FieldDecoding``. The attribute wrappers only map
/// an attribute to its field path and offset.
protocol DescriptorDecoding: FieldDecoding {
    /// Prefix for field paths (`invoice.` when a SID is embedded in SPAYD `X-INV`).
    var path: String { get }
    /// Set when a value was read as ISO-8859-1 (reported as the source charset).
    var latin1: Bool { get set }
}

extension DescriptorDecoding {
    func fail(_ code: ErrorCode, _ a: ShortDescriptor.Attribute, _ message: String) -> GiroError {
        fail(code, field: path + a.key, offset: a.offset, message)
    }

    func fail(_ code: ErrorCode, field: String, _ message: String) -> GiroError {
        fail(code, field: path + field, line: nil, message)
    }

    /// A validator's error placed at attribute `a` (its field path kept), with the warnings and record so far.
    func placed(_ error: GiroError, _ a: ShortDescriptor.Attribute) -> GiroError {
        fail(error.code, field: error.field, offset: a.offset, error.message)
    }

    mutating func warn(_ code: ErrorCode, _ a: ShortDescriptor.Attribute, uncertain: Bool = false, _ message: String) {
        warn(code, field: path + a.key, offset: a.offset, uncertain: uncertain, message)
    }

    /// The version's policy: major 1 is read (a minor above `knownMinor`: `minor_version`); another major is
    /// read with the newest rules (`version_unknown`, uncertain).
    mutating func checkVersion(_ d: ShortDescriptor, knownMinor: Int, offset: Int) {
        if d.major != 1 {
            warn(.versionUnknown, field: path + "version", offset: offset, uncertain: true,
                 "\(d.header) version \(d.version): only major version 1 is defined; read with the 1.\(knownMinor) rules")
        } else if d.minor > knownMinor {
            warn(.minorVersion, field: path + "version", offset: offset,
                 "\(d.header) version \(d.version): read with the 1.\(knownMinor) rules")
        }
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
            warn(.charsetFallback, a, uncertain: true, "the value is not valid UTF-8 after percent-decoding; read as ISO-8859-1")
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
        guard !ibanBytes.isEmpty else { throw fail(.fieldMissing, field: name() + ".iban", offset: a.offset, "the IBAN is empty") }
        let iban: String
        let compaction: IBAN.Compaction
        var ibanText = ibanBytes
        // Some generators write the domestic form (`19-2000145399/0800`); convert it when its checks hold.
        if ibanBytes.contains(0x2F), let domestic = PrefixedAccountNumber(String(decoding: ibanBytes, as: UTF8.self)) {
            ibanText = Array(domestic.iban(country: "CZ").utf8)[...]
            warn(.domesticAccountConverted, field: name() + ".iban", offset: a.offset,
                 "domestic account \(domestic.formatted) written instead of an IBAN; converted")
        }
        do {
            let (validated, how) = try IBAN.validate(ibanText, field: name() + ".iban")
            (iban, compaction) = (validated.compact, how)
        } catch where error.code == .ibanInvalidNationalCheck {
            // The national check runs last: every other check passed, mod-97 included (decoding policy).
            let (compact, how) = IBAN.compact(ibanText)
            (iban, compaction) = (String(decoding: compact, as: UTF8.self), how)
            warn(.ibanInvalidNationalCheck, field: name() + ".iban", offset: a.offset, uncertain: true,
                 error.message + "; the IBAN's mod-97 is correct")
        } catch {
            throw placed(error, a)
        }
        if compaction.removedSpaces { warn(.ibanSpaces, field: name() + ".iban", offset: a.offset, "spaces removed from the IBAN") }
        if compaction.removedOtherSeparators { warn(.ibanSeparators, field: name() + ".iban", offset: a.offset, "separators removed from the IBAN") }
        if compaction.loweredCase { warn(.ibanLowercase, field: name() + ".iban", offset: a.offset, "IBAN written in lower case") }
        var account = Account(iban: iban)
        if let plus {
            let bicBytes = value[(plus + 1)...]
            if let bic = try? BIC.validate(bicBytes, field: name() + ".bic") {
                account.bic = bic
                if !bicBytes.elementsEqual(bic.utf8) {
                    warn(.bicNormalized, field: name() + ".bic", offset: a.offset, "BIC written with spaces or lower case")
                }
            } else {
                // An optional BIC that is not ISO 9362 is a placeholder (decoding policy).
                warn(.placeholderValue, field: name() + ".bic", offset: a.offset,
                     "'\(String(decoding: bicBytes.prefix(16), as: UTF8.self))' is not a BIC (ISO 9362); dropped")
            }
        }
        CzechDomesticAccount.fill(&account)
        return account
    }
}
