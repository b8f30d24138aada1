import GiroCore

/// Slovenian UPN QR (`UPNQR`, ZBS "UPN QR" technical standard and the Navodilo for registered issuers).
///
/// Decodes the 20 LF-terminated fields (plus the optional space "reserve") into a ``PaymentRecord``:
/// payer (IBAN, reference, name, address), amount in EUR cents, payment date, urgency, purpose code and
/// text, due date, recipient IBAN, reference (SI00–SI99 or RF), recipient name and address. The control
/// sum (field 20) is checked over the ISO-8859-2 characters of fields 1–19. See
/// `Countries/Slovenia/README.md` for the rejections, tolerances and `extras` keys.
public struct SlovenianUPNQR: PaymentFormatEncoder {
    public let id = "si.upn-qr"
    public let country: String? = "SI"
    public let name = "Slovenian UPN QR (UPNQR)"
    public let symbologies: [Symbology] = [.qr]

    public init() {}

    /// The header (a mangled first field such as `UPNQRX` is still UPN QR, rejected with `header_invalid`).
    public func matches(_ payload: Payload) -> Bool { payload.hasPrefix("UPNQR") }

    public func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        try PayloadLimits.check(payload.bytes, format: id)
        return try UPNDecoder.decode(payload, format: id)
    }

    public func encode(_ record: PaymentRecord) throws(GiroError) -> [UInt8] {
        try UPNEncoder(format: id).encode(record)
    }
}
