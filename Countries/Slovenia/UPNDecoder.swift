import GiroCore

/// One decoding run over a UPN QR payload: the split lines, the charset they are read in, the diagnostics so
/// far and the record filled field by field, so a rejection carries what was read before it (`partial`).
struct UPNDecoder: LineDecoding {
    let format: String
    let lines: PayloadLines
    /// The charset the payload was written in (ISO-8859-2 unless ECI or the bytes say UTF-8); `lines`
    /// hold the text transcoded to UTF-8.
    let charset: Charset
    var diagnostics: [Diagnostic] = []
    var record: PaymentRecord

    /// Bytes of the UTF-8 byte-order mark removed before decoding (0 or 3).
    let bomLength: Int

    init(format: String, lines: PayloadLines, charset: Charset, bomLength: Int, diagnostics: [Diagnostic], payload: Payload) {
        self.format = format
        self.lines = lines
        self.charset = charset
        self.bomLength = bomLength
        self.diagnostics = diagnostics
        record = PaymentRecord(format: format, country: "SI", formatVersion: nil,
                               source: SourceInfo(kind: payload.kind, symbology: payload.symbology?.rawValue, charset: charset.rawValue))
    }

    static func decode(_ payload: Payload, format: String) throws(GiroError) -> PaymentRecord {
        let bytes = payload.bytes
        let bom = PayloadLimits.bomLength(bytes)
        let body = bom > 0 ? Array(bytes[bom...]) : bytes
        let (charset, text, charsetWarnings) = try UPNCharset.read(body, eci: payload.eci, format: format)
        // Everything after this point works on UTF-8 bytes: one character = one non-continuation byte.
        let lines = PayloadLines(text, stripNUL: true)
        let layout = lines.layoutDiagnostics(allowed: [.lf]).filter { $0.code != .trailingNewline }
        var d = UPNDecoder(format: format, lines: lines, charset: charset, bomLength: bom, diagnostics: [], payload: payload)
        // The BOM was cut before the charset was read, so the lines cannot report it: raise it first.
        if bom > 0 { d.warn(.byteOrderMark, field: "payload", offset: 0, "UTF-8 byte-order mark removed") }
        d.diagnostics += layout
        for w in charsetWarnings { d.warn(w.code, field: "payload", uncertain: w.uncertain, w.message) }
        return try d.decode()
    }

    /// Offset of line `index` in the caller's bytes: for a single-byte charset one byte per character
    /// of the transcoded text (only computed for diagnostics).
    func offset(_ index: Int) -> Int {
        let start = lines.offset(index)
        let inText = lines.originalOffset(start) - (lines.hadByteOrderMark ? 3 : 0)
        let removedNULs = inText - start
        let characters = charset == .utf8 ? start : UPNDecoder.characters(lines.bytes[0..<min(start, lines.bytes.count)])
        return bomLength + characters + removedNULs
    }

    func path(_ index: Int) -> String { index < UPNLayout.path.count ? UPNLayout.path[index] : "payload" }


    /// Characters in UTF-8 bytes: one per non-continuation byte.
    static func characters(_ bytes: ArraySlice<UInt8>) -> Int { UTF8Validation.scalarCount(bytes) }

    /// The text of line `index` with surrounding spaces removed (warning `whitespace_trimmed`: the standard
    /// forbids them, producers write them, and the control sum counts them), nil when empty. Over-long
    /// fields are kept with `field_too_long`.
    mutating func text(_ index: Int) -> String? {
        guard let slice = trimmedLine(index) else { return nil }
        let text = String(decoding: slice, as: UTF8.self)
        let max = index < UPNLayout.maxLength.count ? UPNLayout.maxLength[index] : 0
        let count = UPNDecoder.characters(slice)
        if max > 0, count > max {
            warn(.fieldTooLong, line: index, "\(count) characters, UPN QR allows \(max)")
        }
        return text
    }

    /// A flag field (`X` or empty).
    mutating func flag(_ index: Int) -> Bool {
        let raw = lines.raw(index)
        if raw.isEmpty { return false }
        if raw.count == 1, raw.first == UInt8(ascii: "X") { return true }
        if raw.count == 1, raw.first == UInt8(ascii: "x") {
            warn(.upnFlagInvalid, line: index, "lower-case x read as X")
            return true
        }
        warn(.upnFlagInvalid, line: index, "a flag is X or empty; ignored")
        return false
    }

    /// `DD.MM.YYYY` → `YYYY-MM-DD`; a malformed or impossible date is dropped with `date_invalid`.
    mutating func date(_ index: Int) -> String? {
        guard let t = text(index) else { return nil }
        if let iso = UPNDate.iso(Array(t.utf8)) { return iso }
        warn(.dateInvalid, line: index, "'\(t)' is not a date DD.MM.YYYY; ignored")
        return nil
    }

    /// Reads the fields (control sum first: it covers them all); each lands in ``record`` before the next can fail.
    mutating func decode() throws(GiroError) -> PaymentRecord {
        guard lines.line(UPNLayout.header, equals: "UPNQR") else {
            throw fail(.headerInvalid, line: 0, "the first field must be UPNQR")
        }
        try checkSize()
        try checkFieldCount()
        try checkChecksum()
        record.extras.reserveCapacity(8)  // room for every UPN extra without rehashing
        record.extras[UPNExtrasKey.checksum] = String(decoding: lines.raw(UPNLayout.checksum), as: UTF8.self)
        reserve()

        record.creditor = Party(account: try creditorIBAN())
        record.amount = Amount(value: try amount(), currency: "EUR")
        let debtorAccount = payerIBAN()
        if flag(UPNLayout.deposit) { record.extras[UPNExtrasKey.deposit] = "true" }
        if flag(UPNLayout.withdrawal) { record.extras[UPNExtrasKey.withdrawal] = "true" }
        if flag(UPNLayout.urgent) { record.extras[UPNExtrasKey.urgent] = "true" }
        if let payerReference = payerReference() { record.extras[UPNExtrasKey.payerReference] = payerReference.value }
        if let date = date(UPNLayout.paymentDate) { record.extras[UPNExtrasKey.paymentDate] = date }

        record.debtor = Party.fromSlipLines(name: text(UPNLayout.payerName), street: text(UPNLayout.payerStreet),
                                            postalLine: text(UPNLayout.payerCity), account: debtorAccount,
                                            postalCodeDigits: UPNLayout.postalCodeDigits)
        record.purpose = purpose()
        record.remittanceInformation = text(UPNLayout.purpose)
        record.dueDate = date(UPNLayout.dueDate)
        record.reference = try creditorReference()
        if record.reference == nil {
            warn(.fieldMissing, line: UPNLayout.creditorReference, uncertain: true,
                 "the recipient reference is mandatory (SI99 when there is none)")
        }
        let creditorName = text(UPNLayout.creditorName)
        if creditorName == nil {
            warn(.fieldMissing, line: UPNLayout.creditorName, uncertain: true, "the recipient name is mandatory")
        }
        record.creditor = Party.fromSlipLines(name: creditorName, street: text(UPNLayout.creditorStreet),
                                              postalLine: text(UPNLayout.creditorCity), account: record.creditor?.account,
                                              postalCodeDigits: UPNLayout.postalCodeDigits)
        return finished()
    }

    /// The line after field 20 ("rezerva"): spaces are counted (`si.reserve`); anything else is kept as written
    /// (`si.reserved`, `reserved_field_used`).
    mutating func reserve() {
        guard lines.count > UPNLayout.reserve else { return }
        let raw = lines.raw(UPNLayout.reserve)
        if raw.allSatisfy({ $0 == 0x20 }) {
            record.extras[UPNExtrasKey.reserve] = String(raw.count)
        } else {
            record.extras[UPNExtrasKey.reserved] = String(decoding: raw, as: UTF8.self)
            warn(.reservedFieldUsed, line: UPNLayout.reserve, field: "extras." + UPNExtrasKey.reserved,
                 "the reserve after the control sum holds text; kept in extras")
        }
    }
}
