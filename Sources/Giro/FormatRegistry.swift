/// The payload formats of every country plug-in, in detection order (``CountryRegistry``'s order, then each
/// plug-in's own).
///
/// Detection is by payload header, so the order only matters for formats whose headers overlap (none do today).
public enum FormatRegistry {
    public static let all: [any PaymentFormat] = CountryRegistry.all.flatMap(\.formats)

    /// The plug-in with this id (`ch.qr-bill`).
    public static func format(id: String) -> (any PaymentFormat)? {
        all.first { $0.id == id }
    }

    public static var descriptors: [FormatDescriptor] { all.map(\.descriptor) }

    /// Every plug-in's dated rules (`docs/decoding-policy.md`, "Rules in force on a date").
    public static let datedRules: [DatedRule] = CountryRegistry.all.flatMap(\.datedRules)
}
