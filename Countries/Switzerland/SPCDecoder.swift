import GiroCore

/// One decoding run over a Swiss QR-bill payload: the split lines, the record as read so far and the
/// warnings collected so far. Everything is raised through ``FieldDecoding`` (the `at:` wrappers map a
/// 0-based line index to its 1-based line and byte offset), so an error carries the line, the offset,
/// the warnings and the fields read before it.
struct SPCDecoder: FieldDecoding {
    let format: String
    let lines: PayloadLines
    /// `lines.bytes` and `lines.ranges`, held directly so line checks do not build slices.
    let bytes: [UInt8]
    let ranges: [Range<Int>]
    /// `true` when the payload was not valid UTF-8 and is read as ISO-8859-1 (warning `charset_fallback`).
    var latin1 = false
    var diagnostics: [Diagnostic] = []
    var record: PaymentRecord

    init(format: String, payload: Payload) {
        self.format = format
        lines = PayloadLines(payload.bytes, stripNUL: true)
        bytes = lines.bytes
        ranges = lines.ranges
        record = PaymentRecord(format: format, country: "CH", formatVersion: nil,
                               source: SourceInfo(kind: payload.kind, symbology: payload.symbology?.rawValue, charset: "UTF-8"))
    }

    // MARK: Positions

    @inline(__always) func raw(_ index: Int) -> ArraySlice<UInt8> { lines.raw(index) }
    /// `true` when line `index` is empty or absent.
    @inline(__always) func isEmpty(_ index: Int) -> Bool { index >= ranges.count || ranges[index].isEmpty }
    /// Byte offset of line `index` in the original payload (BOM and removed NULs accounted for).
    @inline(__always) func offset(_ index: Int) -> Int { lines.originalOffset(lines.offset(index)) }

    /// A rejection of `field` at line `index` (0-based; nil for the whole payload).
    func fail(_ code: ErrorCode, field: String, at index: Int?, offset: Int? = nil, _ message: String) -> GiroError {
        fail(code, field: field, line: index.map { $0 + 1 }, offset: offset ?? index.map { self.offset($0) }, message)
    }

    /// Re-raises a core validator's error at the position of line `index`, keeping its code and message.
    func relocate(_ error: GiroError, field: String, at index: Int) -> GiroError {
        fail(error.code, field: field, at: index, offset: offset(index) + (error.offset ?? 0), error.message)
    }

    mutating func warn(_ code: ErrorCode, field: String, at index: Int?, offset: Int? = nil, uncertain: Bool = false,
                       _ message: String) {
        warn(code, field: field, line: index.map { $0 + 1 }, offset: offset ?? index.map { self.offset($0) },
             uncertain: uncertain, message)
    }

    mutating func info(_ code: ErrorCode, field: String, at index: Int?, _ message: String) {
        info(code, field: field, line: index.map { $0 + 1 }, offset: index.map { offset($0) }, message)
    }

    // MARK: Text fields

    /// The text of line `index`, or nil when empty. Normalises to NFC (`unicode_normalized`), checks the
    /// character set (`character_outside_set`) and the length limit (`field_too_long`, a warning here:
    /// IG §3.1 treats length overflows as a warning, not a rejection).
    mutating func text(_ index: Int, field: @autoclosure () -> String, max: Int?) -> String? {
        guard index < ranges.count else { return nil }
        let range = ranges[index]
        guard !range.isEmpty else { return nil }
        let isLatin1 = latin1
        let t = bytes.withUnsafeBufferPointer { buffer in
            // Checked: the line's range lies inside the payload (an empty field otherwise).
            guard range.lowerBound >= 0, range.upperBound <= buffer.count else {
                return SPCCharacterSet.decode(UnsafeBufferPointer(start: nil, count: 0), latin1: isLatin1)
            }
            return SPCCharacterSet.decode(UnsafeBufferPointer(rebasing: buffer[range]), latin1: isLatin1)
        }
        if t.normalized {
            warn(.unicodeNormalized, field: field(), at: index, "decomposed characters normalised to NFC")
        }
        if let bad = t.outside {
            let more = t.outsideCount > 1 ? " (and \(t.outsideCount - 1) more)" : ""
            warn(.characterOutsideSet, field: field(), at: index, offset: offset(index) + bad.offset,
                 "\(SPCCharacterSet.describe(bad.scalar)) is outside the QR-bill character set\(more)")
        }
        if let max, t.count > max {
            warn(.fieldTooLong, field: field(), at: index,
                 "\(t.count) characters, the QR-bill allows \(max)")
        }
        return t.text
    }

    /// `true` when line `index` exists and equals `text` exactly (ASCII).
    func line(_ index: Int, is text: StaticString) -> Bool {
        guard index >= 0, index < ranges.count else { return false }
        let r = ranges[index]
        let n = text.utf8CodeUnitCount
        guard r.count == n else { return false }
        return text.withUTF8Buffer { p in
            var k = 0
            while k < n {
                if bytes[r.lowerBound + k] != p[k] { return false }
                k += 1
            }
            return true
        }
    }
}

// MARK: - Record

extension SPCDecoder {
    /// Reads every line into ``record``; the caller ends with ``finished()`` on the consumed decoder, so the
    /// record moves out instead of being copied.
    @inline(__always)
    mutating func decode() throws(GiroError) {
        try header()
        // Character encoding: UTF-8 is mandated; invalid UTF-8 is read as ISO-8859-1 (a guess: uncertain).
        let firstNonASCII = UTF8Validation.firstNonASCII(bytes[...])
        if let first = firstNonASCII, let bad = UTF8Validation.firstInvalid(bytes[...], from: first) {
            latin1 = true
            record.source.charset = "ISO-8859-1"
            warn(.charsetFallback, field: "payload", at: nil, offset: lines.originalOffset(bad), uncertain: true,
                 "the payload is not valid UTF-8 (byte \(lines.originalOffset(bad))); read as ISO-8859-1")
        }
        let characters = firstNonASCII == nil ? bytes.count : SPCCharacterSet.characterCount(bytes, latin1: latin1)
        if characters > SPCLayout.maxCharacters {
            warn(.payloadOverLimit, field: "payload", at: nil,
                 "\(characters) characters; a QR-bill symbol holds at most \(SPCLayout.maxCharacters)")
        }
        try checkLineCount()

        let account = try creditorAccount()
        record.creditor = Party(account: account)
        if var creditor = try party(at: SPCLayout.creditor, path: "creditor", required: true) {
            creditor.account = account
            record.creditor = creditor
        }
        // Values are kept in locals too: reading a field back from the record copies it.
        let ultimateCreditor = try party(at: SPCLayout.ultimateCreditor, path: "ultimateCreditor", required: false)
        record.ultimateCreditor = ultimateCreditor
        if ultimateCreditor != nil {
            warn(.ultimateCreditorReserved, field: "ultimateCreditor", at: SPCLayout.ultimateCreditor,
                 "the ultimate creditor is reserved for future use and must be empty; decoded anyway")
        }
        let value = try amount()
        let currency = try currency()
        record.amount = value.map { Amount(value: $0, currency: currency) }
        record.debtor = try party(at: SPCLayout.debtor, path: "debtor", required: false)
        let reference = try reference(qrIBAN: account.isQRIBAN == true)
        record.reference = reference.reference
        if reference.kind == .qrr, currency != "CHF" {
            diagnostics.append(SPCDatedRules.qrReferenceOnlyInCHF.violation(
                field: "amount.currency", line: SPCLayout.currency + 1, offset: offset(SPCLayout.currency)))
        }
        // One literal: a dictionary grown key by key allocates per growth step.
        record.extras = [SPCExtrasKey.currency: currency, SPCExtrasKey.referenceType: reference.kind.rawValue]
        let message = text(SPCLayout.unstructuredMessage, field: "remittanceInformation", max: SPCLayout.unstructuredMessageMax)
        record.remittanceInformation = message
        let bill = billInformation()
        record.billInformation = bill
        if let message, let bill {
            let total = SPCCharacterSet.characterCount(Array(message.utf8), latin1: false)
                + SPCCharacterSet.characterCount(Array(bill.raw.utf8), latin1: false)
            if total > SPCLayout.additionalInformationMax {
                warn(.additionalInformationTooLong, field: "billInformation", at: SPCLayout.billInformation,
                     "unstructured message and bill information have \(total) characters together; at most \(SPCLayout.additionalInformationMax)")
            }
        }
        record.alternativeSchemes = try alternativeSchemes()
    }

    /// QR type, version and coding type: the three lines that say "this is an SPC payload". Version 02xx is
    /// read (another minor: `minor_version`); 01xx (IG 1.0) is obsolete; another major is read with the
    /// 02 rules (`version_unknown`, uncertain).
    mutating func header() throws(GiroError) {
        guard line(SPCLayout.qrType, is: "SPC") else {
            throw fail(.headerInvalid, field: "header", at: SPCLayout.qrType, "the first line must be SPC")
        }
        let v = raw(SPCLayout.version)
        guard v.count == 4, v.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
            throw fail(.versionUnsupported, field: "version", at: SPCLayout.version,
                       "the version is four digits, 02xx (0200 for IG QR-bill 2.x)")
        }
        let version = String(decoding: v, as: UTF8.self)
        let major = v.prefix(2)
        guard !major.elementsEqual("01".utf8) else {
            throw fail(.versionUnsupported, field: "version", at: SPCLayout.version,
                       "version \(version) (IG QR-bill 1.0) is obsolete; 02xx is read")
        }
        guard line(SPCLayout.codingType, is: "1") else {
            throw fail(.charsetUnsupported, field: "codingType", at: SPCLayout.codingType, "coding type must be 1 (UTF-8)")
        }
        record.formatVersion = version
        diagnostics = lines.layoutDiagnostics(allowed: [.lf, .crlf])
        if !major.elementsEqual("02".utf8) {
            warn(.versionUnknown, field: "version", at: SPCLayout.version, uncertain: true,
                 "version \(version) is unknown; decoded with the rules of 0200")
        } else if !v.elementsEqual("0200".utf8) {
            warn(.minorVersion, field: "version", at: SPCLayout.version,
                 "version \(version): only the major version 02 is checked (IG 2.x always writes 0200)")
        }
    }

    /// 31–34 lines after trailing empty lines are removed, with the trailer `EPD` at line 31.
    func checkLineCount() throws(GiroError) {
        let n = lines.count
        if n < SPCLayout.minLines || !line(SPCLayout.trailer, is: "EPD") {
            // Where is the trailer? A shifted trailer explains a missing or extra line better.
            var found: Int?
            for i in 0..<n where line(i, is: "EPD") { found = i; break }
            if let found, found != SPCLayout.trailer {
                throw fail(.structureInvalid, field: "payload", at: found,
                           "trailer EPD found at line \(found + 1) instead of line \(SPCLayout.trailer + 1): \(found < SPCLayout.trailer ? "lines are missing" : "there are extra lines") before it")
            }
            if n < SPCLayout.minLines {
                throw fail(.structureInvalid, field: "payload", at: n > 0 ? n - 1 : nil,
                           "a QR-bill has at least \(SPCLayout.minLines) lines (up to the trailer EPD), found \(n)")
            }
            throw fail(.trailerInvalid, field: "trailer", at: SPCLayout.trailer, "line \(SPCLayout.trailer + 1) must be the trailer EPD")
        }
        if n > SPCLayout.maxLines {
            var filled = 0
            for i in SPCLayout.firstAlternativeScheme..<n where !isEmpty(i) { filled += 1 }
            if filled > SPCLayout.maxAlternativeSchemes {
                throw fail(.tooManyAlternativeSchemes, field: "alternativeSchemes[\(SPCLayout.maxAlternativeSchemes)]",
                           at: SPCLayout.maxLines, "a QR-bill carries at most two alternative schemes, found \(filled)")
            }
            throw fail(.structureInvalid, field: "payload", at: SPCLayout.maxLines,
                       "a QR-bill has at most \(SPCLayout.maxLines) lines, found \(n)")
        }
    }
}
