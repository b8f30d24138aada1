import Foundation
import GiroCore

/// Serbian NBS IPS QR code (`K:PR|V:01|C:1|…`, NBS decision on instant transfers, Prilog 1).
///
/// Decodes all four kinds — PR (printed bill), PT (merchant at POS), PK (payer at POS), EK (e-commerce) —
/// with every tag: payee account (18 digits, mod-97 control; the derived `RS35…` IBAN), payee name and
/// address, amount `RSD1234,56`, payer account and name, payment code (SF), purpose, MCC, one-time code,
/// references (RO models 97/22/11/00 checked through ``SerbianReferenceModel``, RL, RP, RK). The same
/// text in a PDF417 decodes alike. The fiscal-receipt QR (`https://suf.purs.gov.rs/…`) is recognised and
/// refused with `not_a_payment`. See the README section "Serbia — NBS IPS QR".
public struct SerbianIPSQR: PaymentFormatEncoder {
    public let id = "rs.nbs-ips-qr"
    public let country: String? = "RS"
    public let name = "Serbian NBS IPS QR (K:PR|V:01|C:1)"
    public let symbologies: [Symbology] = [.qr, .pdf417]

    public init() {}

    static let fiscalReceiptPrefix: StaticString = "https://suf.purs.gov.rs/"

    public func matches(_ payload: Payload) -> Bool {
        payload.hasPrefix("K:PR|") || payload.hasPrefix("K:PT|") || payload.hasPrefix("K:PK|") || payload.hasPrefix("K:EK|")
            || payload.hasPrefix(Self.fiscalReceiptPrefix)
    }

    public func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        let input = payload.bytes
        try PayloadLimits.check(input, format: id)
        if payload.hasPrefix(Self.fiscalReceiptPrefix) {
            throw GiroError(.notAPayment, format: id,
                            "a Serbian fiscal receipt (SUF PURS verification URL), not a payment order")
        }
        if let bad = UTF8Validation.firstNonASCII(input[...]).flatMap({ UTF8Validation.firstInvalid(input[...], from: $0) }) {
            throw GiroError(.charsetInvalid, offset: bad, format: id, "byte \(bad) is not valid UTF-8 (C:1 declares UTF-8)")
        }
        var d = IPSDecoder(format: id, bytes: input)
        return try d.decodeRecord(payload: payload)
    }

    public func encode(_ record: PaymentRecord) throws(GiroError) -> [UInt8] {
        try IPSEncoder(format: id).encode(record)
    }
}

extension IPSDecoder {
    /// Warnings that make the record `uncertain` (built once, not per decode).
    static let doubtful: Set<ErrorCode> = [.referenceInvalid, .ipsPayerPresented, .fieldMissing]

    mutating func decodeRecord(payload: Payload) throws(GiroError) -> PaymentRecord {
        let start = PayloadLimits.bomLength(bytes)
        if start > 0 { warn(.byteOrderMark, tag: nil, offset: 0, "UTF-8 byte-order mark removed") }
        var end = bytes.count
        while end > start, [0x20, 0x09, 0x0A, 0x0D, 0x00].contains(bytes[end - 1]) { end -= 1 }
        if end < bytes.count {
            warn(.whitespaceTrimmed, tag: nil, offset: end, "spaces or line breaks after the last tag removed (the specification forbids them)")
        }
        guard end > start else { throw fail(.structureInvalid, tag: nil, "no tags") }
        try split(from: start, to: end)

        let kind = try header()
        let account = try payeeAccount(required: kind != "PK")
        let payee = lines(.n, max: 70)
        if payee == nil, kind != "PK" { throw fail(.fieldMissing, tag: .n, "N (payee name) is mandatory") }
        let amount = try amount(required: kind != "PK")
        let payer = lines(.p, max: 70)
        let payerAccount = self.payerAccount()
        let paymentCode = self.paymentCode(kind: kind)
        let purpose = single(.s, max: 35)
        var extras: [String: String] = [IPSExtrasKey.kind: kind]
        if let mcc = mcc(kind: kind) { extras[IPSExtrasKey.mcc] = mcc }
        if let js = oneTimeCode() { extras[IPSExtrasKey.oneTimeCode] = js }
        let reference = reference()
        if let rl = single(.rl, max: 140) { extras[IPSExtrasKey.payeeReference] = rl }
        if let rp = posReference() { extras[IPSExtrasKey.posReference] = rp }
        if let rk = single(.rk, max: 8) { extras[IPSExtrasKey.payerReference] = rk }
        if kind == "PK" {
            warn(.ipsPayerPresented, tag: .k, "K:PK is shown by a payer to a merchant terminal, not a payment order to execute")
        }

        let uncertain = diagnostics.contains { $0.severity >= .warning && Self.doubtful.contains($0.code) }
        var record = PaymentRecord(format: format, country: "RS", formatVersion: "01", status: uncertain ? .uncertain : .valid,
                                   source: SourceInfo(kind: payload.kind, symbology: payload.symbology?.rawValue, charset: "UTF-8"))
        if payee != nil || account != nil {
            record.creditor = Party(name: payee?.first, address: address(payee), account: account)
        }
        if payer != nil || payerAccount != nil {
            record.debtor = Party(name: payer?.first, address: address(payer), account: payerAccount)
        }
        record.amount = amount
        record.reference = reference
        record.purpose = paymentCode
        record.remittanceInformation = purpose
        record.extras = extras
        record.diagnostics = diagnostics
        return record
    }

    static let kinds = ["PR", "PT", "PK", "EK"]

    func address(_ lines: [String]?) -> Address? {
        guard let lines, lines.count > 1 else { return nil }
        return Address(lines: Array(lines.dropFirst()))
    }

    /// K (first, one of PR/PT/PK/EK), V `01`, C `1`.
    mutating func header() throws(GiroError) -> String {
        guard let raw = value(.k), let k = Self.kinds.first(where: { raw.elementsEqual($0.utf8) }) else {
            throw fail(.headerInvalid, tag: .k, "K must be PR, PT, PK or EK")
        }
        guard let v = value(.v) else { throw fail(.fieldMissing, tag: .v, "V (version) is mandatory") }
        guard value(.v, is: "01") else {
            throw fail(.versionUnsupported, tag: .v, "version \(String(decoding: v, as: UTF8.self)) is not supported (01)")
        }
        guard let c = value(.c) else { throw fail(.fieldMissing, tag: .c, "C (character set) is mandatory") }
        guard value(.c, is: "1") else {
            throw fail(.charsetUnsupported, tag: .c, "character set \(String(decoding: c, as: UTF8.self)) is not supported (1 = UTF-8)")
        }
        return k
    }
}
