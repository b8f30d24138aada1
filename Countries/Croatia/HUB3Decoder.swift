import Foundation
import GiroCore

/// One decoding run over a HUB3 payload (already transcoded to UTF-8). Fills ``record`` field by field, so
/// a rejection carries what was read before it (`partial`); every diagnostic goes through ``LineDecoding``.
struct HUB3Decoder: LineDecoding {
    let format: String
    let lines: PayloadLines
    var diagnostics: [Diagnostic]
    var record: PaymentRecord
    /// The payload was in a single-byte charset and transcoded: offsets count characters, not UTF-8 bytes.
    let singleByte: Bool

    static func decode(_ payload: Payload, format: String) throws(GiroError) -> PaymentRecord {
        let reading = try HUB3Charset.read(payload.bytes, eci: payload.eci, format: format)
        let lines = PayloadLines(reading.bytes, stripNUL: true)
        // The LF after field 14 is part of the format; trailing empty lines may be empty fields 12–14.
        let diagnostics = lines.layoutDiagnostics(allowed: [.lf]).filter {
            $0.code != .trailingNewline && $0.code != .trailingEmptyLines
        }
        let record = PaymentRecord(format: format, country: "HR", formatVersion: "30",
                                   source: SourceInfo(kind: payload.kind, symbology: payload.symbology?.rawValue,
                                                      charset: reading.charset.rawValue))
        var d = HUB3Decoder(format: format, lines: lines, diagnostics: diagnostics, record: record,
                            singleByte: reading.charset != .utf8)
        for w in reading.warnings { d.warn(w.code, field: "payload", uncertain: w.uncertain, w.message) }
        return try d.decode()
    }

    /// Reads the fields in payload order; what is read is in ``record`` before the next field can fail.
    mutating func decode() throws(GiroError) -> PaymentRecord {
        guard lines.line(HUB3Layout.header, equals: "HRVHUB30") else {
            throw fail(.headerInvalid, line: 0, "the first field must be HRVHUB30")
        }
        let optionalData = try checkFieldCount()
        let currency = try currency()
        record.amount = Amount(value: try amount(), currency: currency)
        record.creditor = Party(account: try creditorAccount())
        record.debtor = Party.fromSlipLines(name: text(HUB3Layout.payerName), street: text(HUB3Layout.payerStreet),
                                            postalLine: text(HUB3Layout.payerCity), account: nil,
                                            postalCodeDigits: HUB3Layout.postalCodeDigits)
        let creditorName = text(HUB3Layout.creditorName)
        if creditorName == nil {
            warn(.fieldMissing, line: HUB3Layout.creditorName, uncertain: true, "the recipient name is mandatory")
        }
        record.creditor = Party.fromSlipLines(name: creditorName, street: text(HUB3Layout.creditorStreet),
                                              postalLine: text(HUB3Layout.creditorCity), account: record.creditor?.account,
                                              postalCodeDigits: HUB3Layout.postalCodeDigits)
        record.reference = try reference()
        record.purpose = purpose()
        record.remittanceInformation = text(HUB3Layout.description)
        if let optionalData { record.extras[HUB3ExtrasKey.optionalData] = optionalData }
        return finished()
    }

    /// Offset of line `index` in the caller's bytes (only computed for diagnostics).
    func offset(_ index: Int) -> Int {
        let start = lines.offset(index)
        let original = lines.originalOffset(start)
        guard singleByte, start <= lines.bytes.count else { return original }
        let continuation = lines.bytes[0..<start].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 1 : 0) }
        return original - continuation
    }

    func path(_ index: Int) -> String { index < HUB3Layout.path.count ? HUB3Layout.path[index] : "extras.hr.optionalData" }

    /// 14 fields, each LF-terminated. A missing LF after field 14 and lines after it are tolerated;
    /// returns those lines (PhotoPay's "optional data"), joined with LF.
    mutating func checkFieldCount() throws(GiroError) -> String? {
        let fields = lines.count + lines.trailingEmptyLines
        guard fields >= HUB3Layout.fieldCount else {
            throw fail(.structureInvalid, line: max(0, lines.count - 1), field: "payload",
                       "HUB3 has 14 fields, found \(fields)")
        }
        if fields == HUB3Layout.fieldCount, !lines.endsWithSeparator {
            warn(.finalSeparatorMissing, line: HUB3Layout.description, field: "payload", "no LF after field 14")
        }
        guard fields > HUB3Layout.fieldCount else { return nil }
        if lines.count <= HUB3Layout.fieldCount {
            warn(.trailingEmptyLines, line: HUB3Layout.fieldCount - 1, field: "payload",
                 "\(fields - HUB3Layout.fieldCount) empty line(s) after field 14 ignored")
            return nil
        }
        var extra: [String] = []
        for i in HUB3Layout.fieldCount..<lines.count { extra.append(String(decoding: lines.raw(i), as: UTF8.self)) }
        warn(.hub3OptionalData, line: HUB3Layout.fieldCount, field: "extras.hr.optionalData",
             "\(extra.count) line(s) after field 14 kept as optional data")
        return extra.joined(separator: "\n")
    }

    /// Line `index` as text with surrounding spaces removed (`whitespace_trimmed`), nil when empty.
    /// Over-long fields (`field_too_long`) and characters outside the HUB3 set (`character_outside_set`)
    /// are kept with a warning: real bills carry both and banks accept them.
    mutating func text(_ index: Int) -> String? {
        guard let slice = trimmedLine(index) else { return nil }
        let text = String(decoding: slice, as: UTF8.self)
        var count = 0
        var outside: Unicode.Scalar?
        if UTF8Validation.firstNonASCII(slice) == nil {
            // ASCII (most slips): one table look-up per byte instead of walking scalars.
            count = slice.count
            if let bad = slice.first(where: { !HUB3Charset.allowedASCII[Int($0)] }) { outside = Unicode.Scalar(bad) }
        } else {
            for s in text.unicodeScalars {
                count += 1
                if outside == nil, !HUB3Charset.isAllowed(s) { outside = s }
            }
        }
        if let outside {
            let shown = outside.value < 0x20 || outside.value == 0x7F
                ? String(format: "U+%04X", outside.value)
                : "'\(Character(outside))' (U+\(String(outside.value, radix: 16, uppercase: true)))"
            warn(.characterOutsideSet, line: index, "\(shown) is outside the HUB3 character set")
        }
        let max = index < HUB3Layout.maxLength.count ? HUB3Layout.maxLength[index] : Int.max
        if count > max { warn(.fieldTooLong, line: index, "\(count) characters, HUB3 allows \(max)") }
        return text
    }
}
