/// The plug-ins the engine knows, in detection order.
///
/// Detection is by payload header, so the order only matters for formats whose headers overlap
/// (none do today). Add a new country by appending its plug-in here and in `Package.swift`.
public enum FormatRegistry {
    public static let all: [any PaymentFormat] = [
        EPCQRCode(),
        SwissQRBill(),
        CzechSPAYD(),
        CzechSID(),
        PayBySquare(),
        HungarianMNBQR(),
        CroatianHUB3(),
        SerbianIPSQR(),
        SlovenianUPNQR(),
    ]

    /// The plug-in with this id (`ch.qr-bill`).
    public static func format(id: String) -> (any PaymentFormat)? {
        all.first { $0.id == id }
    }

    public static var descriptors: [FormatDescriptor] { all.map(\.descriptor) }
}
