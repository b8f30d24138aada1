import GiroCore

/// Swiss QR-bill (Swiss Payments Code, `SPC` version 02xx, IG QR-bill 2.0–2.3).
///
/// Decodes the 31–34 lines of the payload into a ``PaymentRecord``: creditor (CH/LI IBAN or QR-IBAN,
/// S or K address), reserved ultimate creditor, amount and currency (CHF/EUR), ultimate debtor,
/// reference (QRR/SCOR/NON), unstructured message, Swico S1 bill information and alternative schemes.
/// See `Countries/Switzerland/README.md` for the rejections, the tolerated deviations and their
/// warning codes, the `extras` keys and the status rules.
public struct SwissQRBill: PaymentFormatEncoder {
    public let id = "ch.qr-bill"
    public let country: String? = "CH"
    public let name = "Swiss QR-bill (SPC 0200)"
    public let symbologies: [Symbology] = [.qr]

    public init() {}

    public func matches(_ payload: Payload) -> Bool { payload.hasPrefix("SPC") }

    public func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        let bytes = payload.bytes
        try PayloadLimits.check(bytes, format: id)
        let lines = PayloadLines(bytes, stripNUL: true)
        var d = SPCDecoder(format: id, lines: lines)
        return try d.decodeRecord(payload: payload)
    }

    public func encode(_ record: PaymentRecord) throws(GiroError) -> [UInt8] {
        try SPCEncoder(format: id).encode(record)
    }
}

extension SPCDecoder {
    @inline(__always)
    mutating func decodeRecord(payload: Payload) throws(GiroError) -> PaymentRecord {
        // Header, version, coding type: the three lines that say "this is an SPC 02xx payload".
        guard line(SPCLayout.qrType, is: "SPC") else {
            throw fail(.headerInvalid, field: "header", line: SPCLayout.qrType, "the first line must be SPC")
        }
        let v = raw(SPCLayout.version)
        guard v.count == 4, v.allSatisfy({ $0 >= 48 && $0 <= 57 }), v.first == 48, v.dropFirst().first == 50 else {
            throw fail(.versionUnsupported, field: "version", line: SPCLayout.version,
                       "version must be 02xx (0200 for IG QR-bill 2.x)")
        }
        let version = String(decoding: v, as: UTF8.self)
        guard line(SPCLayout.codingType, is: "1") else {
            throw fail(.charsetUnsupported, field: "codingType", line: SPCLayout.codingType,
                       "coding type must be 1 (UTF-8)")
        }

        diagnostics = lines.layoutDiagnostics(allowed: [.lf, .crlf])
        if !v.elementsEqual("0200".utf8) {
            warn(.minorVersion, field: "version", line: SPCLayout.version,
                 "version \(version): only the major version 02 is checked (IG 2.x always writes 0200)")
        }

        // Character encoding: UTF-8 is mandated; invalid UTF-8 is read as ISO-8859-1 with a warning.
        let firstNonASCII = UTF8Validation.firstNonASCII(bytes[...])
        if let first = firstNonASCII, let bad = UTF8Validation.firstInvalid(bytes[...], from: first) {
            latin1 = true
            warn(.charsetFallback, field: "payload", line: nil, offset: lines.originalOffset(bad),
                 "the payload is not valid UTF-8 (byte \(lines.originalOffset(bad))); read as ISO-8859-1")
        }
        let characters = firstNonASCII == nil ? bytes.count : SPCCharacterSet.characterCount(bytes, latin1: latin1)
        if characters > SPCLayout.maxCharacters {
            warn(.payloadOverLimit, field: "payload", line: nil, offset: nil,
                 "\(characters) characters; a QR-bill symbol holds at most \(SPCLayout.maxCharacters)")
        }

        try checkLineCount()

        // Every check that can throw runs first; the record is assembled once at the end.
        let account = try creditorAccount()
        var creditor = try party(at: SPCLayout.creditor, path: "creditor", required: true)
        creditor?.account = account
        let ultimateCreditor = try party(at: SPCLayout.ultimateCreditor, path: "ultimateCreditor", required: false)
        if ultimateCreditor != nil {
            warn(.ultimateCreditorReserved, field: "ultimateCreditor", line: SPCLayout.ultimateCreditor,
                 "the ultimate creditor is reserved for future use and must be empty; decoded anyway")
        }
        let value = try amount()
        let currency = try currency()
        let debtor = try party(at: SPCLayout.debtor, path: "debtor", required: false)
        let reference = try reference(qrIBAN: account.isQRIBAN == true)
        let message = text(SPCLayout.unstructuredMessage, field: "remittanceInformation", max: SPCLayout.unstructuredMessageMax)
        let bill = billInformation()
        if let message, let bill {
            let total = SPCCharacterSet.characterCount(Array(message.utf8), latin1: false)
                + SPCCharacterSet.characterCount(Array(bill.raw.utf8), latin1: false)
            if total > SPCLayout.additionalInformationMax {
                warn(.additionalInformationTooLong, field: "billInformation", line: SPCLayout.billInformation,
                     "unstructured message and bill information have \(total) characters together; at most \(SPCLayout.additionalInformationMax)")
            }
        }
        let schemes = try alternativeSchemes()

        var record = PaymentRecord(format: format, country: "CH", formatVersion: version, status: latin1 ? .uncertain : .valid,
                                   source: SourceInfo(kind: payload.kind, symbology: payload.symbology?.rawValue,
                                                      charset: latin1 ? "ISO-8859-1" : "UTF-8"))
        record.creditor = creditor
        record.ultimateCreditor = ultimateCreditor
        record.amount = value.map { Amount(value: $0, currency: currency) }
        record.debtor = debtor
        record.reference = reference.reference
        record.extras = ["currency": currency, "referenceType": reference.kind.rawValue]
        record.remittanceInformation = message
        record.billInformation = bill
        record.alternativeSchemes = schemes
        record.diagnostics = diagnostics
        return record
    }

    /// 31–34 lines after trailing empty lines are removed, with the trailer `EPD` at line 31.
    func checkLineCount() throws(GiroError) {
        let n = lines.count
        if n < SPCLayout.minLines || !line(SPCLayout.trailer, is: "EPD") {
            // Where is the trailer? A shifted trailer explains a missing or extra line better.
            var found: Int?
            for i in 0..<n where line(i, is: "EPD") { found = i; break }
            if let found, found != SPCLayout.trailer {
                throw fail(.structureInvalid, field: "payload", line: found,
                           "trailer EPD found at line \(found + 1) instead of line \(SPCLayout.trailer + 1): \(found < SPCLayout.trailer ? "lines are missing" : "there are extra lines") before it")
            }
            if n < SPCLayout.minLines {
                throw fail(.structureInvalid, field: "payload", line: n > 0 ? n - 1 : nil,
                           "a QR-bill has at least \(SPCLayout.minLines) lines (up to the trailer EPD), found \(n)")
            }
            throw fail(.trailerInvalid, field: "trailer", line: SPCLayout.trailer, "line \(SPCLayout.trailer + 1) must be the trailer EPD")
        }
        if n > SPCLayout.maxLines {
            var filled = 0
            for i in SPCLayout.firstAlternativeScheme..<n where !isEmpty(i) { filled += 1 }
            if filled > SPCLayout.maxAlternativeSchemes {
                throw fail(.tooManyAlternativeSchemes, field: "alternativeSchemes[\(SPCLayout.maxAlternativeSchemes)]",
                           line: SPCLayout.maxLines, "a QR-bill carries at most two alternative schemes, found \(filled)")
            }
            throw fail(.structureInvalid, field: "payload", line: SPCLayout.maxLines,
                       "a QR-bill has at most \(SPCLayout.maxLines) lines, found \(n)")
        }
    }
}
