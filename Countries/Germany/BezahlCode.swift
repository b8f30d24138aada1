import GiroCore

/// German BezahlCode: a `bank://<authority>?name=…&iban=…&amount=…` URI in a QR code.
///
/// Decodes every authority — single, periodic and direct-debit payments in the classic (account number +
/// BLZ) and the SEPA (IBAN/BIC) form; `contact` and `contact_v2` are reported as `not_a_payment`. See
/// `Countries/Germany/README.md` for rejections, tolerances and `extras` keys.
public struct BezahlCode: PaymentFormatEncoder {
    public let id = "de.bezahlcode"
    public let country: String? = "DE"
    public let name = "BezahlCode (bank:// URI)"
    public let symbologies: [Symbology] = [.qr]

    public init() {}

    /// `bank://` in any case, after an optional BOM, followed by a known authority.
    public func matches(_ payload: Payload) -> Bool {
        let bytes = payload.bytes
        return BezahlCodeURI.authority(in: bytes, from: PayloadLimits.bomLength(bytes), to: bytes.count) != nil
    }

    public func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        try PayloadLimits.check(payload.bytes, format: id)
        var decoder = BezahlCodeDecoder(format: id, payload: payload)
        try decoder.read()
        return (consume decoder).finished()
    }

    public func encode(_ record: PaymentRecord) throws(GiroError) -> [UInt8] {
        try BezahlCodeEncoder(format: id).encode(record)
    }
}
