import GiroCore

/// Swiss QR-bill (Swiss Payments Code, `SPC` version 02xx, IG QR-bill 2.0–2.4; the dated rules of 2.3 and 2.4 are
/// judged on the payload's date, ``SPCDatedRules``).
///
/// Decodes the 31–34 lines of the payload into a ``PaymentRecord``: creditor (CH/LI IBAN or QR-IBAN,
/// S or K address), reserved ultimate creditor, amount and currency (CHF/EUR), ultimate debtor,
/// reference (QRR/SCOR/NON), unstructured message, Swico S1 bill information and alternative schemes.
/// See `Countries/Switzerland/README.md` for the rejections, the tolerated deviations and their
/// warning codes, the `extras` keys and the status rules.
public struct SwissQRBill: PaymentFormatEncoder {
    public let id = "ch.qr-bill"
    public let country: String? = "CH"
    public let name = "Swiss QR-bill (SPC 0200)"
    public let symbologies: [Symbology] = [.qr]

    public init() {}

    /// `SPC` as the whole first line (after an optional BOM): the QR type of every Swiss Payments Code.
    public func matches(_ payload: Payload) -> Bool {
        let b = payload.bytes
        let i = PayloadLimits.bomLength(b) + 3
        return payload.hasPrefix("SPC") && i < b.count && (b[i] == 0x0A || b[i] == 0x0D)
    }

    public func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        try PayloadLimits.check(payload.bytes, format: id)
        var decoder = SPCDecoder(format: id, payload: payload)
        try decoder.decode()
        decoder.judgeDatedRules(on: payload.judgementDate)
        return (consume decoder).finished()
    }

    public func encode(_ record: PaymentRecord) throws(GiroError) -> [UInt8] {
        try SPCEncoder(format: id).encode(record)
    }
}
