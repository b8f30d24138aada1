import GiroCore

/// Kosovo Kos-GIRO slip barcode (Code128). The barcode layout of the CBK "Kosovo GIRO Document Standards"
/// v1.3 is not public, so the symbol is read as an opaque string and only two exact shapes are claimed: a
/// 16-character Kos-GIRO reference (15 digits + a letter) and an XK IBAN. See `Countries/Kosovo/README.md`.
public struct KosovoKosGiro: PaymentFormat {
    public let id = "xk.kos-giro"
    public let country: String? = "XK"
    public let name = "Kosovo Kos-GIRO barcode (Code128, reference or IBAN only)"
    public let symbologies: [Symbology] = [.code128]

    public init() {}

    /// Only a Code128 symbol of one of the exact shapes, and an IBAN only when its mod 97 holds: a number
    /// from another symbology (or pasted text), or any `XK` + 18 digits, is never claimed.
    public func matches(_ payload: Payload) -> Bool {
        guard payload.symbology == .code128, let shape = KosGiroShape.of(payload.bytes[...]) else { return false }
        return shape == .reference || ISO7064.mod97(payload.bytes[4...], then: payload.bytes[0..<4]) == 1
    }

    public func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        try PayloadLimits.check(payload.bytes, format: id)
        return try KosGiroDecoder.decode(payload, format: id)
    }
}
