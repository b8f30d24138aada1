import GiroCore

/// Croatian HUB3 2D barcode (`HRVHUB30`, HUB-3A payment slip; HUB "Prilog A", versions 5 and 6).
///
/// Decodes the 14 LF-terminated fields — currency (EUR, legacy HRK), amount in cents, payer, recipient,
/// recipient IBAN, model HR00–HR99 and reference (checked against the FINA table), purpose code and
/// description — from the same text whether it was printed as PDF417 or as a QR code. See
/// `Countries/Croatia/README.md` for the rejections, tolerances and `extras` keys.
public struct CroatianHUB3: PaymentFormatEncoder {
    public let id = "hr.hub3"
    public let country: String? = "HR"
    public let name = "Croatian HUB3 2D barcode (HRVHUB30)"
    public let symbologies: [Symbology] = [.pdf417, .qr]

    public init() {}

    /// The header (a mangled first field such as `HRVHUB300` is still HUB3, rejected with `header_invalid`).
    public func matches(_ payload: Payload) -> Bool { payload.hasPrefix("HRVHUB30") }

    public func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        try PayloadLimits.check(payload.bytes, format: id)
        return try HUB3Decoder.decode(payload, format: id)
    }

    public func encode(_ record: PaymentRecord) throws(GiroError) -> [UInt8] {
        try HUB3Encoder(format: id).encode(record)
    }
}
