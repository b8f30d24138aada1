import GiroCore

/// One decoding run: walks elements 1–12 of one payload, filling ``record`` as each element is read and
/// raising everything through ``FieldDecoding`` (docs/decoding-policy.md).
struct EPCDecoder: FieldDecoding {
    let format: String
    let options: EPCQRCode.Options
    let payload: Payload
    let lines: PayloadLines
    var diagnostics: [Diagnostic] = []
    var record: PaymentRecord

    init(format: String, options: EPCQRCode.Options, payload: Payload) {
        self.format = format
        self.options = options
        self.payload = payload
        lines = PayloadLines(payload.bytes, stripNUL: true)
        record = PaymentRecord(format: format, country: nil, formatVersion: nil,
                               source: SourceInfo(kind: payload.kind, symbology: payload.symbology?.rawValue))
    }

    // MARK: - Positions (thin wrappers: element number → field path, line and offset)

    /// Offset in the caller's bytes for an offset in `lines.bytes` (undoes BOM and NUL removal).
    func originalOffset(_ stripped: Int) -> Int { lines.originalOffset(stripped) }

    /// 1-based line holding `lines.bytes[stripped]`.
    func lineNumber(atStripped stripped: Int) -> Int {
        for (i, r) in lines.ranges.enumerated() where stripped < r.upperBound || (r.isEmpty && stripped == r.lowerBound) {
            return i + 1
        }
        return lines.count
    }

    func fail(_ code: ErrorCode, element n: Int, at stripped: Int? = nil, _ message: String) -> GiroError {
        fail(code, field: EPCElement.path(n), line: n, offset: originalOffset(stripped ?? lines.offset(n - 1)), message)
    }

    mutating func warn(_ code: ErrorCode, element n: Int, at stripped: Int? = nil, uncertain: Bool = false, _ message: String) {
        warn(code, field: EPCElement.path(n), line: n, offset: originalOffset(stripped ?? lines.offset(n - 1)),
             uncertain: uncertain, message)
    }

    @inline(__always)
    static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

    /// Element `n` (1-based) without leading/trailing spaces and tabs; warns `whitespace_trimmed` when it had some.
    mutating func element(_ n: Int) -> ArraySlice<UInt8> {
        let raw = lines.raw(n - 1)
        var lo = raw.startIndex
        var hi = raw.endIndex
        while lo < hi, Self.isBlank(raw[lo]) { lo += 1 }
        while hi > lo, Self.isBlank(raw[hi - 1]) { hi -= 1 }
        if lo != raw.startIndex || hi != raw.endIndex {
            warn(.whitespaceTrimmed, element: n, "leading/trailing spaces removed from element \(n)")
        }
        return raw[lo..<hi]
    }

    /// `field_missing` for element `n`, which the payload ends before.
    func missing(_ n: Int) -> GiroError {
        let what = n <= 4 ? "the header element \(n)" : "mandatory element \(n) (\(EPCElement.path(n)))"
        return fail(.fieldMissing, field: EPCElement.path(n), line: n, offset: payload.bytes.count, "the payload ends before \(what)")
    }

    /// Short printable excerpt of a field for messages.
    func show(_ bytes: ArraySlice<UInt8>) -> String {
        "'" + String(decoding: bytes.prefix(16), as: UTF8.self) + (bytes.count > 16 ? "…" : "") + "'"
    }

    // MARK: - Decoding

    /// Reads every element into ``record``; the caller ends with ``finished()`` once the decoder is no longer
    /// needed, so the record moves out instead of being copied.
    mutating func run() throws(GiroError) {
        diagnostics = lines.layoutDiagnostics(allowed: [.lf, .crlf])
        try header()
        let charsetCode = element(EPCElement.charset)
        let identification = try identification()
        // Element count: 7 mandatory, 12 at most.
        guard lines.count >= EPCElement.mandatoryCount else {
            // An empty BIC followed by nothing means the name is what is missing.
            throw missing(max(lines.count + 1, 6))
        }
        guard lines.count <= EPCElement.count else {
            throw fail(.structureInvalid, field: "payload", line: EPCElement.count + 1,
                       offset: originalOffset(lines.offset(EPCElement.count)),
                       "an EPC QR code has at most 12 elements, found \(lines.count) lines")
        }
        let decoder = try chooseCharset(code: charsetCode)
        record.source.charset = decoder.charset.rawValue
        // One literal: a dictionary grown key by key allocates per growth step.
        record.extras = [
            EPCExtrasKey.identification: identification,
            EPCExtrasKey.charsetCode: String(decoding: charsetCode, as: UTF8.self),
            EPCExtrasKey.lineSeparator: lines.separators.name,
        ]

        let bic = bic()
        creditorName(decoder)
        let iban = try creditorAccount(bic: bic)
        let austrian = EPCStuzza.applies(iban: iban, bic: bic)
        if austrian { stuzzaCharset(code: charsetCode) }
        try amount()
        purpose(decoder)
        try reference(decoder, iban: iban)
        remittance(decoder, iban: iban, austrian: austrian)
        beneficiaryInformation(decoder)
        if payload.bytes.count > EPCElement.maxPayloadBytes {
            warn(.payloadOverLimit, field: "payload",
                 "\(payload.bytes.count) bytes exceed the EPC limit of \(EPCElement.maxPayloadBytes)")
        }
    }

    /// Elements 1 and 2: `BCD` and the version (001, 002; another three-digit version is read as 002).
    mutating func header() throws(GiroError) {
        guard element(EPCElement.serviceTag).elementsEqual("BCD".utf8) else {
            throw fail(.serviceTagInvalid, element: 1, "the first line must be BCD")
        }
        guard lines.count >= 2 else { throw missing(2) }
        let v = element(EPCElement.version)
        if v.elementsEqual("002".utf8) || v.elementsEqual("001".utf8) {
            record.formatVersion = String(decoding: v, as: UTF8.self)
        } else if v.count == 3, v.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            record.formatVersion = String(decoding: v, as: UTF8.self)
            warn(.versionUnknown, element: 2, uncertain: true, "version \(show(v)) is unknown; decoded with the rules of 002")
        } else {
            throw fail(.versionUnsupported, element: 2, "version must be 001 or 002, found \(show(v))")
        }
        guard lines.count >= 3 else { throw missing(3) }
    }

    /// Element 4: `SCT`, or `INST` unless disabled.
    mutating func identification() throws(GiroError) -> String {
        guard lines.count >= 4 else { throw missing(4) }
        let ident = element(EPCElement.identification)
        if ident.elementsEqual("SCT".utf8) {
            return "SCT"
        } else if ident.elementsEqual("INST".utf8), options.acceptInstant {
            info(.instantIdentification, field: EPCElement.path(4), line: 4, offset: originalOffset(lines.offset(3)),
                 "INST (SEPA Instant Credit Transfer, EPC069-12 v3.x) accepted")
            return "INST"
        } else {
            throw fail(.identificationInvalid, element: 4,
                       "identification must be SCT\(options.acceptInstant ? " or INST" : ""), found \(show(ident))")
        }
    }

    /// Element 5, validated; a value that is not an ISO 9362 BIC is a placeholder (dropped, `placeholder_value`).
    mutating func bic() -> String? {
        let bytes = element(EPCElement.bic)
        guard !bytes.isEmpty else { return nil }
        guard let bic = try? BIC.validate(bytes, field: EPCElement.path(5)) else {
            warn(.placeholderValue, element: 5, "\(show(bytes)) is not a BIC (ISO 9362); dropped")
            return nil
        }
        if bytes.contains(where: { $0 == 0x20 || ($0 >= 97 && $0 <= 122) }) {
            warn(.bicNormalized, element: 5, "BIC written with spaces or lower case; compacted")
        }
        return bic
    }

    /// Element 6. Banks pay without a name: a missing one leaves the record uncertain.
    mutating func creditorName(_ decoder: EPCTextDecoder) {
        let bytes = element(EPCElement.name)
        guard !bytes.isEmpty else {
            warn(.fieldMissing, element: 6, uncertain: true, "the beneficiary name (element 6) is empty")
            record.creditor = Party()
            return
        }
        let name = decoder.text(bytes)
        if EPCTextDecoder.exceeds(EPCElement.maxName, name, bytes: bytes) {
            warn(.fieldTooLong, element: 6, "the beneficiary name has more than \(EPCElement.maxName) characters")
        }
        record.creditor = Party(name: name, address: nil, account: nil)
    }

    /// Element 7 (spaces, lower case and separators tolerated with warnings), then element 5's presence
    /// and consistency with the IBAN's country. Returns the compact IBAN.
    mutating func creditorAccount(bic: String?) throws(GiroError) -> String {
        let raw = lines.raw(EPCElement.iban - 1)
        guard raw.contains(where: { !Self.isBlank($0) }) else {
            throw fail(.fieldMissing, element: 7, "the beneficiary IBAN (element 7) is empty")
        }
        let checked: EPCIBAN.Checked
        do {
            checked = try EPCIBAN.validate(raw)
        } catch {
            throw fail(error.code, element: 7, at: raw.startIndex, error.message)
        }
        if let national = checked.nationalCheck {
            warn(.ibanInvalidNationalCheck, element: 7, uncertain: true, national.message + "; the IBAN's mod-97 is correct")
        }
        if checked.compaction.removedSpaces { warn(.ibanSpaces, element: 7, "spaces removed from the IBAN") }
        if checked.compaction.loweredCase { warn(.ibanLowercase, element: 7, "IBAN written in lower case; upper-cased") }
        if checked.compaction.removedOtherSeparators { warn(.ibanSeparators, element: 7, "'-' or '.' removed from the IBAN") }
        let iban = checked.iban
        let country = String(decoding: iban.utf8.prefix(2), as: UTF8.self)
        record.country = country
        record.creditor?.account = Account(iban: iban, bic: bic)

        if let bic {
            let bicCountry = String(decoding: bic.utf8.dropFirst(4).prefix(2), as: UTF8.self)
            if !EPCAgent.countriesAgree(bic: bicCountry, iban: country) {
                warn(.bicCountryMismatch, element: 5, uncertain: true,
                     "BIC country \(bicCountry) does not match IBAN country \(country)")
            }
        } else if record.formatVersion == "001" {
            warn(.bicMissing, element: 5, uncertain: !EPCAgent.isEEA(country), "the BIC is mandatory in version 001")
        } else if !EPCAgent.isEEA(country) {
            warn(.bicMissing, element: 5, uncertain: true,
                 "the BIC is mandatory for a PSP outside the EEA (IBAN country \(country))")
        }
        return iban
    }

    /// Element 8: `EUR` and 0.01–999999999.99; an amount of 0 is read as "no amount".
    mutating func amount() throws(GiroError) {
        let bytes = element(EPCElement.amount)
        guard !bytes.isEmpty else {
            diagnostics.append(EPCDatedRules.amountExpected.violation(field: EPCElement.path(8)))
            return
        }
        switch EPCAmount.parse(bytes) {
        case .failure(let f):
            throw fail(f.code, element: 8, f.message + " (found \(show(bytes)))")
        case .success(let parsed):
            if parsed.hadSpaces { warn(.amountSpaces, element: 8, "spaces between EUR and the value removed") }
            if parsed.isZero {
                warn(.amountZero, element: 8, "amount 0 is below the minimum 0.01; treated as no amount")
                diagnostics.append(EPCDatedRules.amountExpected.violation(field: EPCElement.path(8)))
            } else {
                record.amount = Amount(value: parsed.value, currency: "EUR")
            }
        }
    }

    /// Element 9: an ISO 20022 purpose code; anything else is kept as written.
    mutating func purpose(_ decoder: EPCTextDecoder) {
        let bytes = element(EPCElement.purpose)
        guard !bytes.isEmpty else { return }
        record.purpose = decoder.text(bytes)
        if !(bytes.count == 4 && bytes.allSatisfy({ $0 >= 65 && $0 <= 90 })) {
            warn(.purposeInvalid, element: 9, "purpose must be a 4-letter ISO 20022 code; kept as written")
        }
    }

    /// Element 10: an RF reference (declared by its prefix: a wrong check rejects) or a national one.
    mutating func reference(_ decoder: EPCTextDecoder, iban: String) throws(GiroError) {
        let bytes = element(EPCElement.structuredReference)
        guard !bytes.isEmpty else { return }
        let text = decoder.text(bytes)
        if EPCTextDecoder.exceeds(EPCElement.maxStructuredReference, text, bytes: bytes) {
            warn(.fieldTooLong, element: 10, "the structured reference has more than \(EPCElement.maxStructuredReference) characters")
        }
        let outcome = EPCReferenceClassifier.classify(bytes, text: text, country: .init(iban: iban))
        if outcome.reference.type == .creditorReference, outcome.reference.valid == false {
            throw fail(.referenceInvalidChecksum, element: 10, outcome.message ?? "RF check digits do not match")
        }
        record.reference = outcome.reference
        if let code = outcome.warning { warn(code, element: 10, uncertain: outcome.uncertain, outcome.message ?? code.rawValue) }
    }

    /// Element 11: unstructured remittance (both forms kept when element 10 is filled too). When element 10 is
    /// empty and element 11 is nothing but a Belgian OGM or a Dutch betalingskenmerk of the account's country,
    /// that is the reference too (billers put it there; banking apps then miss it).
    mutating func remittance(_ decoder: EPCTextDecoder, iban: String, austrian: Bool) {
        let bytes = element(EPCElement.unstructuredRemittance)
        guard !bytes.isEmpty else { return }
        let text = decoder.text(bytes)
        if EPCTextDecoder.exceeds(EPCElement.maxUnstructuredRemittance, text, bytes: bytes) {
            warn(.fieldTooLong, element: 11,
                 "the remittance information has more than \(EPCElement.maxUnstructuredRemittance) characters")
        }
        record.remittanceInformation = text
        if record.reference != nil {
            if austrian {
                warn(.stuzzaRemittanceBothForms, element: 11, uncertain: true,
                     "Zahlungsreferenz (element 10) and Verwendungszweck (element 11) both filled: Austrian banks forward only one; both kept")
            } else {
                warn(.remittanceBothForms, element: 11, "elements 10 (structured) and 11 (unstructured) are mutually exclusive; both kept")
            }
        } else if let outcome = EPCReferenceClassifier.classifyRemittance(bytes, country: .init(iban: iban)) {
            record.reference = outcome.reference
            if let code = outcome.warning { warn(code, element: 11, uncertain: outcome.uncertain, outcome.message ?? code.rawValue) }
        }
    }

    /// Element 12: beneficiary-to-originator information (display only).
    mutating func beneficiaryInformation(_ decoder: EPCTextDecoder) {
        let bytes = element(EPCElement.beneficiaryInformation)
        guard !bytes.isEmpty else { return }
        let text = decoder.text(bytes)
        if EPCTextDecoder.exceeds(EPCElement.maxBeneficiaryInformation, text, bytes: bytes) {
            warn(.fieldTooLong, element: 12,
                 "the beneficiary-to-originator information has more than \(EPCElement.maxBeneficiaryInformation) characters")
        }
        record.extras[EPCExtrasKey.beneficiaryToOriginatorInformation] = text
    }

    /// Applies the declared charset to the payload's bytes (fallback chain and warnings, §1.5). A guess that
    /// changes the text (fallback, contradiction, unknown code on non-ASCII bytes) leaves the record uncertain.
    mutating func chooseCharset(code: ArraySlice<UInt8>) throws(GiroError) -> EPCTextDecoder {
        let declared = EPCTextDecoder.declared(code)
        switch EPCTextDecoder.decide(declared: declared, bytes: lines.bytes) {
        case .invalid(let offset, let byte):
            let line = lineNumber(atStripped: offset)
            throw fail(.charsetInvalid, field: EPCElement.path(line), line: line, offset: originalOffset(offset),
                       "byte 0x\(String(byte, radix: 16, uppercase: true)) cannot be decoded in the declared charset, UTF-8 or ISO-8859-1")
        case .use(let decoder, let issue):
            switch issue {
            case nil:
                break
            case .unknownCode(let used)?:
                warn(.charsetFallback, element: 3, uncertain: !decoder.allASCII,
                     "unknown character set code \(show(code)); decoded as \(used.rawValue)")
            case .fallback(let declared, let used, let offset)?:
                let line = lineNumber(atStripped: offset)
                warn(.charsetFallback, field: EPCElement.path(line), line: line, offset: originalOffset(offset), uncertain: true,
                     "bytes are not valid \(declared.rawValue) as declared; decoded as \(used.rawValue)")
            case .mismatch(let declared)?:
                warn(.charsetMismatch, element: 3, uncertain: true,
                     "declared \(declared.rawValue), but the text is UTF-8 encoded; decoded as UTF-8")
            }
            return decoder
        }
    }
}

/// `IBAN.validate` with the decoding policy's one exception: a national check failing on an IBAN whose
/// mod-97 is correct is returned (the caller warns), not thrown.
enum EPCIBAN {
    struct Checked {
        var iban: String
        var compaction: IBAN.Compaction
        var nationalCheck: GiroError?
    }

    static func validate(_ raw: ArraySlice<UInt8>) throws(GiroError) -> Checked {
        do {
            let (iban, compaction) = try IBAN.validate(raw)
            return Checked(iban: iban.compact, compaction: compaction, nationalCheck: nil)
        } catch where error.code == .ibanInvalidNationalCheck {
            // Every other check passed (the national check runs last).
            let (compact, compaction) = IBAN.compact(raw)
            return Checked(iban: String(decoding: compact, as: UTF8.self), compaction: compaction, nationalCheck: error)
        }
    }
}
