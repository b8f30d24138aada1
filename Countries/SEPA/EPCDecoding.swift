import GiroCore

/// One decoding run: walks elements 1–12 of one payload, collecting diagnostics on the way.
struct EPCDecoding {
    let format: String
    let options: EPCQRCode.Options
    let payload: Payload
    let lines: PayloadLines
    var diagnostics: [Diagnostic] = []
    /// Set when a soft check failed or a guess was made (→ ``RecordStatus/uncertain``).
    var uncertain = false

    init(format: String, options: EPCQRCode.Options, payload: Payload) {
        self.format = format
        self.options = options
        self.payload = payload
        // Oversized input is rejected in `run()` before any work; don't split it.
        lines = PayloadLines(payload.bytes.count <= PayloadLimits.maxBytes ? payload.bytes : [], stripNUL: true)
    }

    // MARK: - Positions, errors, warnings

    /// Offset in the caller's bytes for an offset in `lines.bytes` (undoes BOM and NUL removal).
    func originalOffset(_ stripped: Int) -> Int { lines.originalOffset(stripped) }

    /// 1-based line holding `lines.bytes[stripped]`.
    func lineNumber(atStripped stripped: Int) -> Int {
        for (i, r) in lines.ranges.enumerated() where stripped < r.upperBound || (r.isEmpty && stripped == r.lowerBound) {
            return i + 1
        }
        return lines.count
    }

    func error(_ code: ErrorCode, element n: Int, at stripped: Int? = nil, _ message: String) -> GiroError {
        GiroError(code, field: EPCElement.path(n), line: n, offset: originalOffset(stripped ?? lines.offset(n - 1)),
                  format: format, diagnostics: diagnostics, message)
    }

    /// Re-throws a core validator's error at element `n`'s position, keeping its code and message.
    func relocate(_ e: GiroError, element n: Int, start: Int) -> GiroError {
        GiroError(e.code, field: EPCElement.path(n), line: n, offset: originalOffset(start), format: format,
                  diagnostics: diagnostics, e.message)
    }

    mutating func warn(_ code: ErrorCode, element n: Int, at stripped: Int? = nil, _ message: String) {
        diagnostics.append(.warning(code, field: EPCElement.path(n), line: n,
                                    offset: originalOffset(stripped ?? lines.offset(n - 1)), message))
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

    // MARK: - Decoding

    mutating func run() throws(GiroError) -> PaymentRecord {
        try PayloadLimits.check(payload.bytes, format: format)
        diagnostics = lines.layoutDiagnostics(allowed: [.lf, .crlf])

        // 1 Service tag.
        let tag = element(EPCElement.serviceTag)
        guard tag.elementsEqual("BCD".utf8) else {
            throw error(.serviceTagInvalid, element: 1, "the first line must be BCD")
        }
        // 2 Version.
        guard lines.count >= 2 else { throw missing(2) }
        let versionBytes = element(EPCElement.version)
        let version: String
        if versionBytes.elementsEqual("002".utf8) {
            version = "002"
        } else if versionBytes.elementsEqual("001".utf8) {
            version = "001"
        } else {
            throw error(.versionUnsupported, element: 2, "version must be 001 or 002, found \(show(versionBytes))")
        }
        // 3 Character set (applied after the structure is known).
        guard lines.count >= 3 else { throw missing(3) }
        let charsetCode = element(EPCElement.charset)
        // 4 Identification.
        guard lines.count >= 4 else { throw missing(4) }
        let identBytes = element(EPCElement.identification)
        let identification: String
        if identBytes.elementsEqual("SCT".utf8) {
            identification = "SCT"
        } else if identBytes.elementsEqual("INST".utf8), options.acceptInstant {
            identification = "INST"
            diagnostics.append(.info(.instantIdentification, field: EPCElement.path(4), line: 4,
                                     offset: originalOffset(lines.offset(3)),
                                     "INST (SEPA Instant Credit Transfer, EPC069-12 v3.x) accepted"))
        } else {
            throw error(.identificationInvalid, element: 4,
                        "identification must be SCT\(options.acceptInstant ? " or INST" : ""), found \(show(identBytes))")
        }
        // Element count: 7 mandatory, 12 at most.
        guard lines.count >= EPCElement.mandatoryCount else {
            // An empty BIC followed by nothing means the name is what is missing.
            throw missing(max(lines.count + 1, 6))
        }
        guard lines.count <= EPCElement.count else {
            throw GiroError(.structureInvalid, field: "payload", line: EPCElement.count + 1,
                            offset: originalOffset(lines.offset(EPCElement.count)), format: format, diagnostics: diagnostics,
                            "an EPC QR code has at most 12 elements, found \(lines.count) lines")
        }

        let decoder = try chooseCharset(code: charsetCode)

        // 5 BIC (validated after the IBAN, whose country it is compared with).
        let bicBytes = element(EPCElement.bic)
        var bic: String?
        if !bicBytes.isEmpty {
            do {
                bic = try BIC.validate(bicBytes, field: EPCElement.path(5))
            } catch {
                throw relocate(error, element: 5, start: bicBytes.startIndex)
            }
            if bicBytes.contains(where: { $0 == 0x20 || ($0 >= 97 && $0 <= 122) }) {
                warn(.bicNormalized, element: 5, "BIC written with spaces or lower case; compacted")
            }
        }

        // 6 Name.
        let nameBytes = element(EPCElement.name)
        guard !nameBytes.isEmpty else {
            throw error(.fieldMissing, element: 6, "the beneficiary name (element 6) is empty")
        }
        let name = decoder.text(nameBytes)
        if EPCTextDecoder.exceeds(EPCElement.maxName, name, bytes: nameBytes) {
            throw error(.fieldTooLong, element: 6, "the beneficiary name has more than \(EPCElement.maxName) characters")
        }

        // 7 IBAN (spaces, lower case and separators tolerated with warnings).
        let ibanRaw = lines.raw(EPCElement.iban - 1)
        guard ibanRaw.contains(where: { !Self.isBlank($0) }) else {
            throw error(.fieldMissing, element: 7, "the beneficiary IBAN (element 7) is empty")
        }
        let iban: String
        do {
            let (validated, compaction) = try IBAN.validate(ibanRaw, field: EPCElement.path(7))
            iban = validated.compact
            if compaction.removedSpaces { warn(.ibanSpaces, element: 7, "spaces removed from the IBAN") }
            if compaction.loweredCase { warn(.ibanLowercase, element: 7, "IBAN written in lower case; upper-cased") }
            if compaction.removedOtherSeparators { warn(.ibanSeparators, element: 7, "'-' or '.' removed from the IBAN") }
        } catch {
            throw relocate(error, element: 7, start: ibanRaw.startIndex)
        }
        let country = String(decoding: iban.utf8.prefix(2), as: UTF8.self)

        // 5 (continued) BIC presence and consistency.
        if let bic {
            let bicCountry = String(decoding: bic.utf8.dropFirst(4).prefix(2), as: UTF8.self)
            if !EPCAgent.countriesAgree(bic: bicCountry, iban: country) {
                warn(.bicCountryMismatch, element: 5, "BIC country \(bicCountry) does not match IBAN country \(country)")
                uncertain = true
            }
        } else if version == "001" {
            warn(.bicMissing, element: 5, "the BIC is mandatory in version 001")
            if !EPCAgent.isEEA(country) { uncertain = true }
        } else if !EPCAgent.isEEA(country) {
            warn(.bicMissing, element: 5, "the BIC is mandatory for a PSP outside the EEA (IBAN country \(country))")
            uncertain = true
        }

        // 8 Amount.
        var amount: Amount?
        let amountBytes = element(EPCElement.amount)
        if !amountBytes.isEmpty {
            switch EPCAmount.parse(amountBytes) {
            case .failure(let f):
                throw error(f.code, element: 8, f.message + " (found \(show(amountBytes)))")
            case .success(let parsed):
                if parsed.hadSpaces { warn(.amountSpaces, element: 8, "spaces between EUR and the value removed") }
                if parsed.isZero {
                    warn(.amountZero, element: 8, "amount 0 is below the minimum 0.01; treated as no amount")
                } else {
                    amount = Amount(value: parsed.value, currency: "EUR")
                }
            }
        }

        // 9 Purpose.
        var purpose: String?
        let purposeBytes = element(EPCElement.purpose)
        if !purposeBytes.isEmpty {
            let code = decoder.text(purposeBytes)
            purpose = code
            if !(purposeBytes.count == 4 && purposeBytes.allSatisfy({ $0 >= 65 && $0 <= 90 })) {
                warn(.purposeInvalid, element: 9, "purpose must be a 4-letter ISO 20022 code; kept as written")
            }
        }

        // 10 Structured remittance.
        var reference: Reference?
        let refBytes = element(EPCElement.structuredReference)
        if !refBytes.isEmpty {
            let text = decoder.text(refBytes)
            if EPCTextDecoder.exceeds(EPCElement.maxStructuredReference, text, bytes: refBytes) {
                throw error(.fieldTooLong, element: 10,
                            "the structured reference has more than \(EPCElement.maxStructuredReference) characters")
            }
            let outcome = EPCReferenceClassifier.classify(refBytes, text: text, country: .init(iban: iban))
            reference = outcome.reference
            if let code = outcome.warning { warn(code, element: 10, outcome.message ?? code.rawValue) }
            if outcome.uncertain { uncertain = true }
        }

        // 11 Unstructured remittance.
        var remittance: String?
        let textBytes = element(EPCElement.unstructuredRemittance)
        if !textBytes.isEmpty {
            let text = decoder.text(textBytes)
            if EPCTextDecoder.exceeds(EPCElement.maxUnstructuredRemittance, text, bytes: textBytes) {
                throw error(.fieldTooLong, element: 11,
                            "the remittance information has more than \(EPCElement.maxUnstructuredRemittance) characters")
            }
            remittance = text
            if reference != nil {
                warn(.remittanceBothForms, element: 11,
                     "elements 10 (structured) and 11 (unstructured) are mutually exclusive; both kept")
            }
        }

        // 12 Beneficiary-to-originator information (display only: over-length is a warning).
        var information: String?
        let infoBytes = element(EPCElement.beneficiaryInformation)
        if !infoBytes.isEmpty {
            let text = decoder.text(infoBytes)
            if EPCTextDecoder.exceeds(EPCElement.maxBeneficiaryInformation, text, bytes: infoBytes) {
                warn(.fieldTooLong, element: 12,
                     "the beneficiary-to-originator information has more than \(EPCElement.maxBeneficiaryInformation) characters")
            }
            information = text
        }

        if payload.bytes.count > EPCElement.maxPayloadBytes {
            diagnostics.append(.warning(.payloadOverLimit, field: "payload",
                                        "\(payload.bytes.count) bytes exceed the EPC limit of \(EPCElement.maxPayloadBytes)"))
        }

        var record = PaymentRecord(format: format, country: country, formatVersion: version,
                                   status: uncertain ? .uncertain : .valid,
                                   source: SourceInfo(kind: payload.kind, symbology: payload.symbology?.rawValue,
                                                      charset: decoder.charset.rawValue))
        record.creditor = Party(name: name, address: nil, account: Account(iban: iban, bic: bic))
        record.amount = amount
        record.reference = reference
        record.remittanceInformation = remittance
        record.purpose = purpose
        record.extras = [
            EPCExtrasKey.identification: identification,
            EPCExtrasKey.charsetCode: String(decoding: charsetCode, as: UTF8.self),
            EPCExtrasKey.lineSeparator: lines.separators.name,
        ]
        if let information { record.extras[EPCExtrasKey.beneficiaryToOriginatorInformation] = information }
        record.diagnostics = diagnostics
        return record
    }

    /// `field_missing` for element `n`, which the payload ends before.
    func missing(_ n: Int) -> GiroError {
        let what = n <= 4 ? "the header element \(n)" : "mandatory element \(n) (\(EPCElement.path(n)))"
        return GiroError(.fieldMissing, field: EPCElement.path(n), line: n, offset: payload.bytes.count,
                         format: format, diagnostics: diagnostics, "the payload ends before \(what)")
    }

    /// Short printable excerpt of a field for messages.
    func show(_ bytes: ArraySlice<UInt8>) -> String {
        "'" + String(decoding: bytes.prefix(16), as: UTF8.self) + (bytes.count > 16 ? "…" : "") + "'"
    }

    /// Applies the declared charset to the payload's bytes (fallback chain and warnings, §1.5).
    mutating func chooseCharset(code: ArraySlice<UInt8>) throws(GiroError) -> EPCTextDecoder {
        let declared = EPCTextDecoder.declared(code)
        switch EPCTextDecoder.decide(declared: declared, bytes: lines.bytes) {
        case .invalid(let offset, let byte):
            let line = lineNumber(atStripped: offset)
            throw GiroError(.charsetInvalid, field: EPCElement.path(line), line: line, offset: originalOffset(offset),
                            format: format, diagnostics: diagnostics,
                            "byte 0x\(String(byte, radix: 16, uppercase: true)) cannot be decoded in the declared charset, UTF-8 or ISO-8859-1")
        case .use(let decoder, let issue):
            switch issue {
            case nil:
                break
            case .unknownCode(let used)?:
                warn(.charsetFallback, element: 3,
                     "unknown character set code \(show(code)); decoded as \(used.rawValue)")
                if !decoder.allASCII { uncertain = true }
            case .fallback(let declared, let used, let offset)?:
                let line = lineNumber(atStripped: offset)
                diagnostics.append(.warning(.charsetFallback, field: EPCElement.path(line), line: line,
                                            offset: originalOffset(offset),
                                            "bytes are not valid \(declared.rawValue) as declared; decoded as \(used.rawValue)"))
                uncertain = true
            case .mismatch(let declared)?:
                warn(.charsetMismatch, element: 3,
                     "declared \(declared.rawValue), but the text is UTF-8 encoded; decoded as UTF-8")
            }
            return decoder
        }
    }
}
