import GiroCore

/// The OCR-B coding line of the Swiss orange inpayment slip (ESR/BVR/ISR, with reference) and of the red one (ES,
/// bank account), as text: `0100003949753>120000000000234478943216899+ 010001628>`.
///
/// Banks that OCR the line themselves hand it over as is; every block's mod-10-recursive check digit is verified
/// (document type + amount, reference, participant number; the red line's account, clearing and postal account).
/// See `Countries/Switzerland/README.md` ("ESR/ES coding line") for the layout, the record, the tolerated spacing
/// and the error codes.
public struct SwissESRCodingLine: PaymentFormat {
    public let id = "ch.esr-coding-line"
    public let country: String? = "CH"
    public let name = "Swiss ESR/ES inpayment slip coding line (OCR-B)"
    /// A printed line, read by OCR; never a barcode.
    public let symbologies: [Symbology] = []

    public init() {}

    /// Only digits, `>`, `+` and whitespace, with at least one `>` and 20 digits (the shortest line, orange
    /// without amount and with a 16-digit reference, has 28). No other plug-in's payload is digits and `>` only.
    public func matches(_ payload: Payload) -> Bool {
        let b = payload.bytes
        guard b.count >= 21, b.count <= 256 else { return false }
        var digits = 0, greater = 0
        for c in b {
            if ESRLineScanner.isDigit(c) { digits += 1 } else if c == 0x3E { greater += 1 } else if c != 0x2B, !ESRLineScanner.isSpace(c) { return false }
        }
        return greater > 0 && digits >= 20
    }

    public func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        try PayloadLimits.check(payload.bytes, format: id)
        var decoder = ESRDecoder(format: id, payload: payload)
        try decoder.decode()
        return (consume decoder).finished()
    }
}
