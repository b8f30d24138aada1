/// The plug-ins the engine knows, in detection order.
///
/// Detection is by payload header, so the order only matters for formats whose headers overlap
/// (none do today). Add a new country by appending its plug-in here and in `Package.swift`.
public enum FormatRegistry {
    public static let all: [any PaymentFormat] = [
        EPCQRCode(),
        SwissQRBill(),
        // Digits, '>' and '+' only: a coding line typed or OCR'd from a Swiss orange or red slip.
        SwissESRCodingLine(),
        CzechSPAYD(),
        CzechSID(),
        PayBySquare(),
        HungarianMNBQR(),
        CroatianHUB3(),
        SerbianIPSQR(),
        SlovenianUPNQR(),
        // Links and an opaque Code128 shape: sniffed by exact scheme/host or Code128 shape, never overlapping the above.
        BelgianPayconiqLink(),
        DutchPaymentLink(),
        AustrianEPSLink(),
        KosovoKosGiro(),
        BezahlCode(),
    ]

    /// The plug-in with this id (`ch.qr-bill`).
    public static func format(id: String) -> (any PaymentFormat)? {
        all.first { $0.id == id }
    }

    public static var descriptors: [FormatDescriptor] { all.map(\.descriptor) }
}
