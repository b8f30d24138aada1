import GiroCore

/// Slovak PAY by square (SBA, versions 1.0.0–1.2.0): base32hex → header → raw LZMA1 (liblzma) → CRC-32 →
/// TAB-separated payments with several bank accounts, standing-order and direct-debit extensions and the
/// beneficiary of v1.1+. INVOICE by square documents are recognised and refused as `not_a_payment`.
/// See `Countries/Slovakia/README.md` for the rules, tolerances and `extras` keys.
public struct PayBySquare: PaymentFormatEncoder {
    public let id = "sk.pay-by-square"
    public let country: String? = "SK"
    public let name = "Slovak PAY by square"
    public let symbologies: [Symbology] = [.qr]

    public init() {}

    /// Plausibly a by-square string: base32hex with a letter, a header whose nibbles exist (PAY document 0 or
    /// INVOICE 0–4, reserved nibble 0), a length field and the zero byte every LZMA stream starts with.
    public func matches(_ payload: Payload) -> Bool {
        BySquareEnvelope.isPlausible(payload.bytes)
    }

    public func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        try PayloadLimits.check(payload.bytes, format: id)
        var decoder = PayBySquareDecoder(format: id, payload: payload)
        try decoder.decode()
        return (consume decoder).finished()
    }

    public func encode(_ record: PaymentRecord) throws(GiroError) -> [UInt8] {
        try PayBySquareEncoder(format: id).encode(record)
    }
}
