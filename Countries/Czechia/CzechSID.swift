import GiroCore

/// Czech QR Faktura: a standalone SID (`SID*1.0*…`) invoice descriptor, decoded into ``PaymentRecord/invoice``
/// with the payable data (account, total, due date, variable symbol) copied to the common fields.
public struct CzechSID: PaymentFormat {
    public let id = "cz.sid"
    public let country: String? = "CZ"
    public let name = "Czech QR Faktura (SID)"
    public let symbologies: [Symbology] = [.qr]

    public init() {}

    /// `SID*` and the first digit of the version (after an optional BOM).
    public func matches(_ payload: Payload) -> Bool {
        payload.hasPrefix("SID*") && CzechSPAYD.digit(payload.bytes, at: PayloadLimits.bomLength(payload.bytes) + 4)
    }

    public func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        try PayloadLimits.check(payload.bytes, format: id)
        var decoder = SIDDecoder(format: id, payload: payload)
        try decoder.decodeStandalone(payload.bytes)
        return (consume decoder).finished()
    }
}
