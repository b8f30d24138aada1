import GiroCore

/// Serbian NBS IPS QR code (`K:PR|V:01|C:1|…`, NBS decision on instant transfers, Prilog 1).
///
/// Decodes all four kinds — PR (printed bill), PT (merchant at POS), PK (payer at POS), EK (e-commerce) —
/// with every tag: payee account (18 digits, mod-97 control; the derived `RS35…` IBAN), payee name and
/// address, amount `RSD1234,56`, payer account and name, payment code (SF), purpose, MCC, one-time code,
/// references (RO models 97/22/11/00 checked through ``TwoDigitReferenceModels``, RL, RP, RK). The same
/// text in a PDF417 decodes alike. The fiscal-receipt QR (`https://suf.purs.gov.rs/…`) is recognised and
/// refused with `not_a_payment`. See `Countries/Serbia/README.md`.
public struct SerbianIPSQR: PaymentFormatEncoder {
    public let id = "rs.nbs-ips-qr"
    public let country: String? = "RS"
    public let name = "Serbian NBS IPS QR (K:PR|V:01|C:1)"
    public let symbologies: [Symbology] = [.qr, .pdf417]

    public init() {}

    public func matches(_ payload: Payload) -> Bool {
        payload.hasPrefix("K:PR|") || payload.hasPrefix("K:PT|") || payload.hasPrefix("K:PK|") || payload.hasPrefix("K:EK|")
            || payload.hasPrefix(IPSDecoder.fiscalReceiptPrefix)
    }

    public func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        try PayloadLimits.check(payload.bytes, format: id)
        return try IPSDecoder.decode(payload, format: id)
    }

    public func encode(_ record: PaymentRecord) throws(GiroError) -> [UInt8] {
        try IPSEncoder(format: id).encode(record)
    }
}
