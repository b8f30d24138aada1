import Foundation
import GiroCore

/// Slovenian UPN QR (`UPNQR`, ZBS "UPN QR" technical standard and the Navodilo for registered issuers).
///
/// Decodes the 20 LF-terminated fields (plus the optional space "reserve") into a ``PaymentRecord``:
/// payer (IBAN, reference, name, address), amount in EUR cents, payment date, urgency, purpose code and
/// text, due date, recipient IBAN, reference (SI00–SI99 or RF), recipient name and address. The control
/// sum (field 20) is checked over the ISO-8859-2 characters of fields 1–19. See the README section
/// "Slovenia — UPN QR" for the rejections, tolerances and `extras` keys.
public struct SlovenianUPNQR: PaymentFormatEncoder {
    public let id = "si.upn-qr"
    public let country: String? = "SI"
    public let name = "Slovenian UPN QR (UPNQR)"
    public let symbologies: [Symbology] = [.qr]

    public init() {}

    public func matches(_ payload: Payload) -> Bool { payload.hasPrefix("UPNQR") }

    public func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        let bytes = payload.bytes
        try PayloadLimits.check(bytes, format: id)
        let bom = PayloadLimits.bomLength(bytes)
        let body = bom > 0 ? Array(bytes[bom...]) : bytes
        let (charset, text, charsetDiagnostics) = try Self.read(body, eci: payload.eci, format: id)
        // Everything after this point works on UTF-8 bytes: one character = one non-continuation byte.
        let lines = PayloadLines(text, stripNUL: true)
        var layout = lines.layoutDiagnostics(allowed: [.lf]).filter { $0.code != .trailingNewline }
        if bom > 0 { layout.insert(.warning(.byteOrderMark, field: "payload", offset: 0, "UTF-8 byte-order mark removed"), at: 0) }
        layout += charsetDiagnostics
        var d = UPNDecoder(format: id, lines: lines, charset: charset, bomLength: bom, diagnostics: layout)
        return try d.decodeRecord(payload: payload)
    }

    public func encode(_ record: PaymentRecord) throws(GiroError) -> [UInt8] {
        try UPNEncoder(format: id).encode(record)
    }

    /// ECI 4 (mandatory) or none → ISO-8859-2; ECI 26, or valid multi-byte UTF-8 without ECI → UTF-8 with
    /// `charset_mismatch`; ECI 3 / 21 → ISO-8859-1 / Windows-1250 with `charset_mismatch`; other ECIs are refused.
    /// Returns the charset, the text transcoded to UTF-8 and the charset warnings.
    static func read(_ bytes: [UInt8], eci: Int?, format: String) throws(GiroError) -> (Charset, [UInt8], [Diagnostic]) {
        var out: [Diagnostic] = []
        let charset: Charset
        switch eci {
        case nil, 4?:
            if eci == nil, UTF8Validation.firstNonASCII(bytes[...]) != nil, UTF8Validation.isValid(bytes[...]) {
                charset = .utf8
                out.append(.warning(.charsetMismatch, field: "payload",
                                    "the bytes are UTF-8 without ECI; UPN QR mandates ISO-8859-2 (ECI 4). Read as UTF-8"))
            } else {
                charset = .iso8859_2
            }
        case 26?:
            charset = .utf8
            out.append(.warning(.charsetMismatch, field: "payload", "ECI 26 (UTF-8); UPN QR mandates ISO-8859-2 (ECI 4). Read as UTF-8"))
        case 3?:
            charset = .iso8859_1
            out.append(.warning(.charsetMismatch, field: "payload", "ECI 3 (ISO-8859-1); UPN QR mandates ISO-8859-2 (ECI 4)"))
        case 21?:
            charset = .windows1250
            out.append(.warning(.charsetMismatch, field: "payload", "ECI 21 (Windows-1250); UPN QR mandates ISO-8859-2 (ECI 4)"))
        case let other?:
            throw GiroError(.charsetUnsupported, format: format, "ECI \(other) is not a charset UPN QR can be read in (ECI 4 = ISO-8859-2)")
        }
        if charset == .utf8, UTF8Validation.isValid(bytes[...]) { return (charset, bytes, out) }
        if charset == .iso8859_2, let utf8 = UPNTranscoder.iso8859_2.transcode(bytes) { return (charset, utf8, out) }
        switch charset.decode(bytes[...]) {
        case .success(let text):
            return (charset, Array(text.utf8), out)
        case .failure(let bad):
            throw GiroError(.charsetInvalid, offset: bad.offset, format: format, diagnostics: out,
                            "byte 0x\(String(bad.byte, radix: 16, uppercase: true)) at offset \(bad.offset) is not valid \(charset.rawValue)")
        }
    }
}

extension UPNDecoder {
    mutating func decodeRecord(payload: Payload) throws(GiroError) -> PaymentRecord {
        guard lines.line(UPNLayout.header, equals: "UPNQR") else {
            throw fail(.headerInvalid, line: 0, "the first field must be UPNQR")
        }
        try checkSize()
        try checkFieldCount()
        try checkChecksum()

        let creditorAccount = try creditorIBAN()
        let value = try amount()
        let debtorAccount = payerIBAN()
        var extras: [String: String] = [:]
        extras.reserveCapacity(8)  // room for every UPN extra without rehashing
        extras[UPNExtrasKey.checksum] = String(decoding: lines.raw(UPNLayout.checksum), as: UTF8.self)
        if flag(UPNLayout.deposit) { extras[UPNExtrasKey.deposit] = "true" }
        if flag(UPNLayout.withdrawal) { extras[UPNExtrasKey.withdrawal] = "true" }
        if flag(UPNLayout.urgent) { extras[UPNExtrasKey.urgent] = "true" }
        if let payerReference = reference(UPNLayout.payerReference) { extras[UPNExtrasKey.payerReference] = payerReference.value }
        if let date = date(UPNLayout.paymentDate) { extras[UPNExtrasKey.paymentDate] = date }
        if lines.count > UPNLayout.reserve { extras[UPNExtrasKey.reserve] = String(lines.raw(UPNLayout.reserve).count) }

        let debtor = Party.fromSlipLines(name: text(UPNLayout.payerName), street: text(UPNLayout.payerStreet),
                                        postalLine: text(UPNLayout.payerCity), account: debtorAccount, postalCodeDigits: UPNLayout.postalCodeDigits)
        let purposeCode = purpose()
        let purposeText = text(UPNLayout.purpose)
        let due = date(UPNLayout.dueDate)
        let reference = reference(UPNLayout.creditorReference)
        if reference == nil {
            warn(.fieldMissing, line: UPNLayout.creditorReference, "the recipient reference is mandatory (SI99 when there is none)")
        }
        let creditorName = text(UPNLayout.creditorName)
        if creditorName == nil {
            warn(.fieldMissing, line: UPNLayout.creditorName, "the recipient name is mandatory")
        }
        let creditor = Party.fromSlipLines(name: creditorName, street: text(UPNLayout.creditorStreet),
                                          postalLine: text(UPNLayout.creditorCity), account: creditorAccount, postalCodeDigits: UPNLayout.postalCodeDigits)

        let uncertain = diagnostics.contains {
            $0.severity >= .warning && UPNDecoder.doubtful.contains($0.code) && $0.field != "extras.si.payerReference"
        }
        var record = PaymentRecord(format: format, country: "SI", formatVersion: nil, status: uncertain ? .uncertain : .valid,
                                   source: SourceInfo(kind: payload.kind, symbology: payload.symbology?.rawValue, charset: charset.rawValue))
        record.creditor = creditor
        record.debtor = debtor
        record.amount = Amount(value: value, currency: "EUR")
        record.reference = reference
        record.purpose = purposeCode
        record.remittanceInformation = purposeText
        record.dueDate = due
        record.extras = extras
        record.diagnostics = diagnostics
        return record
    }

    /// Warnings that make the record `uncertain` (built once, not per decode).
    static let doubtful: Set<ErrorCode> = [.referenceInvalid, .referenceInvalidChecksum, .fieldMissing]

    /// At most 411 characters; a reserve padded beyond that is tolerated when the fields themselves fit.
    mutating func checkSize() throws(GiroError) {
        let total = UPNDecoder.characters(lines.bytes[...])
        guard total > UPNLayout.maxCharacters else { return }
        let reserveLength = lines.count > UPNLayout.reserve ? lines.raw(UPNLayout.reserve).count : 0  // spaces: 1 byte each
        if total - reserveLength <= UPNLayout.maxCharacters, lines.count == UPNLayout.fieldCount + 1 {
            warn(.payloadOverLimit, line: UPNLayout.reserve, field: "payload",
                 "\(total) characters (the reserve is over-padded); UPN QR holds at most \(UPNLayout.maxCharacters)")
            return
        }
        throw fail(.payloadOverLimit, line: nil, field: "payload", "\(total) characters; UPN QR holds at most \(UPNLayout.maxCharacters)")
    }

    /// 20 fields, optionally followed by the reserve (spaces only). No LF after field 20 is noted (info).
    mutating func checkFieldCount() throws(GiroError) {
        let n = lines.count
        guard n >= UPNLayout.fieldCount else {
            throw fail(.structureInvalid, line: n - 1, field: "payload", "UPN QR has 20 fields, found \(n)")
        }
        if n > UPNLayout.fieldCount + 1 || (n == UPNLayout.fieldCount + 1 && !lines.raw(UPNLayout.reserve).allSatisfy({ $0 == 0x20 })) {
            throw fail(.structureInvalid, line: UPNLayout.reserve, field: "payload",
                       "after field 20 only a reserve of spaces may follow, found \(n - UPNLayout.fieldCount) more line(s)")
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

    mutating func amount() throws(GiroError) -> Decimal {
        try zeroPaddedCents(line: UPNLayout.amount, digits: UPNLayout.amountDigits, unpadded: .upnAmountUnpadded)
    }

    /// ISO 20022 purpose code: 4 upper-case letters (mandatory).
    mutating func purpose() -> String? {
        let i = UPNLayout.purposeCode
        guard let t = text(i) else {
            warn(.fieldMissing, line: i, "the purpose code is mandatory")
            return nil
        }
        return purposeCode(t, line: i)
    }
}

/// ISO-8859-2 → UTF-8 straight into bytes (no intermediate `String`): the upper half is looked up once
/// through the core charset and cached as two-byte sequences (every ISO-8859-2 character is below U+0800).
/// Nil when a byte has no character (the caller then reports it through the core decoder).
struct UPNTranscoder: Sendable {
    /// UTF-8 lead byte << 8 | continuation byte, for bytes 0x80–0xFF; 0 when undefined.
    let upper: [UInt16]

    static let iso8859_2 = UPNTranscoder(.iso8859_2)

    init(_ charset: Charset) {
        upper = (0x80...0xFF).map { b -> UInt16 in
            guard case .success(let s) = charset.decode([UInt8(b)][...]) else { return 0 }
            let u = Array(s.utf8)
            return u.count == 2 ? UInt16(u[0]) << 8 | UInt16(u[1]) : 0
        }
    }

    func transcode(_ bytes: [UInt8]) -> [UInt8]? {
        guard UTF8Validation.firstNonASCII(bytes[...]) != nil else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        var i = 0
        while i < bytes.count {
            // Copy each ASCII run in one block (found eight bytes at a time); only the accented letters map.
            let high = UTF8Validation.firstNonASCII(bytes[i...]) ?? bytes.count
            out.append(contentsOf: bytes[i..<high])
            guard high < bytes.count else { break }
            let pair = upper[Int(bytes[high]) - 0x80]
            if pair == 0 { return nil }
            out.append(UInt8(truncatingIfNeeded: pair >> 8))
            out.append(UInt8(truncatingIfNeeded: pair))
            i = high + 1
        }
        return out
    }
}
