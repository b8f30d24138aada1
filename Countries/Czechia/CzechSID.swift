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
        var bytes = payload.bytes
        let bom = PayloadLimits.bomLength(bytes)
        var decoder = SIDDecoder(format: id, baseOffset: bom, record: PaymentRecord(
            format: id, country: "CZ", formatVersion: nil,
            source: SourceInfo(kind: payload.kind, symbology: payload.symbology?.rawValue, charset: "UTF-8")))
        if bom > 0 {
            bytes.removeFirst(bom)
            decoder.warn(.byteOrderMark, field: "payload", offset: 0, "UTF-8 byte-order mark before the header")
        }
        var trailing = 0
        while let last = bytes.last, last == 0x0A || last == 0x0D { bytes.removeLast(); trailing += 1 }
        if trailing > 0 { decoder.warn(.trailingNewline, field: "payload", offset: bytes.count, "line break after the descriptor removed") }
        return try decoder.decodeRecord(bytes)
    }
}
