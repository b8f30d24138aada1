import Foundation
import GiroCore

/// Croatian HUB3 2D barcode (`HRVHUB30`, HUB-3A payment slip; HUB "Prilog A", versions 5 and 6).
///
/// Decodes the 14 LF-terminated fields — currency (EUR, legacy HRK), amount in cents, payer, recipient,
/// recipient IBAN, model HR00–HR99 and reference (checked against the FINA table), purpose code and
/// description — from the same text whether it was printed as PDF417 or as a QR code. See the README
/// section "Croatia — HUB3" for the rejections, tolerances and `extras` keys.
public struct CroatianHUB3: PaymentFormatEncoder {
    public let id = "hr.hub3"
    public let country: String? = "HR"
    public let name = "Croatian HUB3 2D barcode (HRVHUB30)"
    public let symbologies: [Symbology] = [.pdf417, .qr]

    public init() {}

    public func matches(_ payload: Payload) -> Bool { payload.hasPrefix("HRVHUB30") }

    public func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        let input = payload.bytes
        try PayloadLimits.check(input, format: id)
        let reading = try HUB3Charset.read(input, eci: payload.eci, format: id)
        let lines = PayloadLines(reading.bytes, stripNUL: true)
        // The LF after field 14 is part of the format; trailing empty lines may be empty fields 12–14.
        var diagnostics = lines.layoutDiagnostics(allowed: [.lf]).filter {
            $0.code != .trailingNewline && $0.code != .trailingEmptyLines
        }
        diagnostics += reading.diagnostics
        var d = HUB3Decoder(format: id, lines: lines, diagnostics: diagnostics, singleByte: reading.charset != .utf8)
        return try d.decodeRecord(payload: payload, charset: reading.charset)
    }

    public func encode(_ record: PaymentRecord) throws(GiroError) -> [UInt8] {
        try HUB3Encoder(format: id).encode(record)
    }
}

extension HUB3Decoder {
    /// Warnings that make the record `uncertain` (built once, not per decode).
    static let doubtful: Set<ErrorCode> = [.referenceInvalid, .fieldMissing, .charsetFallback, .charsetMismatch]

    mutating func decodeRecord(payload: Payload, charset: Charset) throws(GiroError) -> PaymentRecord {
        guard lines.line(HUB3Layout.header, equals: "HRVHUB30") else {
            throw fail(.headerInvalid, line: 0, "the first field must be HRVHUB30")
        }
        let optionalData = try checkFieldCount()
        let currency = try currency()
        let value = try amount()
        let account = try creditorAccount()
        let debtor = Party.fromSlipLines(name: text(HUB3Layout.payerName), street: text(HUB3Layout.payerStreet),
                                         postalLine: text(HUB3Layout.payerCity), account: nil, postalCodeDigits: HUB3Layout.postalCodeDigits)
        let creditorName = text(HUB3Layout.creditorName)
        if creditorName == nil { warn(.fieldMissing, line: HUB3Layout.creditorName, "the recipient name is mandatory") }
        let creditor = Party.fromSlipLines(name: creditorName, street: text(HUB3Layout.creditorStreet),
                                           postalLine: text(HUB3Layout.creditorCity), account: account, postalCodeDigits: HUB3Layout.postalCodeDigits)
        let reference = reference()
        let purpose = purpose()
        let description = text(HUB3Layout.description)

        let uncertain = diagnostics.contains { $0.severity >= .warning && Self.doubtful.contains($0.code) }
        var record = PaymentRecord(format: format, country: "HR", formatVersion: "30", status: uncertain ? .uncertain : .valid,
                                   source: SourceInfo(kind: payload.kind, symbology: payload.symbology?.rawValue, charset: charset.rawValue))
        record.creditor = creditor
        record.debtor = debtor
        record.amount = Amount(value: value, currency: currency)
        record.reference = reference
        record.purpose = purpose
        record.remittanceInformation = description
        if let optionalData { record.extras[HUB3ExtrasKey.optionalData] = optionalData }
        record.diagnostics = diagnostics
        return record
    }

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
}
