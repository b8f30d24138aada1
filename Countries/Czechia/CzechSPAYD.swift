import GiroCore

/// Czech QR Platba: SPAYD `SPD*` payment orders and standing orders, `SCD*` direct-debit consents (ČBA 1.2),
/// with an embedded QR Faktura (`X-INV`) decoded into ``PaymentRecord/invoice``.
/// See `Countries/Czechia/README.md` for the rules, tolerances and `extras` keys.
public struct CzechSPAYD: PaymentFormatEncoder {
    public let id = "cz.spayd"
    public let country: String? = "CZ"
    public let name = "Czech QR Platba (SPAYD SPD/SCD)"
    public let symbologies: [Symbology] = [.qr]

    public init() {}

    /// `SPD*` or `SCD*` and the first digit of the version (after an optional BOM).
    public func matches(_ payload: Payload) -> Bool {
        (payload.hasPrefix("SPD*") || payload.hasPrefix("SCD*")) && Self.digit(payload.bytes, at: PayloadLimits.bomLength(payload.bytes) + 4)
    }

    static func digit(_ bytes: [UInt8], at i: Int) -> Bool { i < bytes.count && bytes[i] >= 48 && bytes[i] <= 57 }

    public func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        try PayloadLimits.check(payload.bytes, format: id)
        var decoder = SPAYDDecoder(format: id, payload: payload)
        try decoder.decode(payload)
        return (consume decoder).finished()
    }

    public func encode(_ record: PaymentRecord) throws(GiroError) -> [UInt8] {
        try SPAYDEncoder(format: id).encode(record)
    }
}
