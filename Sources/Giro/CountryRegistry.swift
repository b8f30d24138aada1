/// The country plug-ins the engine knows, one ``CountryDescriptor`` each, in the package manifest's order (the
/// list itself is generated at build time from `Package.swift`: Plugins/CountryRegistryPlugin). Everything the
/// engine, the slip engine, `giro formats`, `giro templates`, `giro check` and the service know of a country
/// comes from here.
public enum CountryRegistry {
    /// Every country plug-in.
    public static var all: [CountryDescriptor] { manifestCountries }

    /// The plug-in of a country code (`BE`, `SEPA`).
    public static func country(_ code: String) -> CountryDescriptor? {
        all.first { $0.code == code }
    }

    /// The international identifiers the core defines, then every plug-in's, in registry order.
    public static let identifiers: [any Identifier] =
        [IBANIdentifier(), BICIdentifier(), CreditorReferenceIdentifier(), QRReferenceIdentifier()] + manifestCountries.flatMap(\.identifiers)

    /// The identifier of a `giro check` kind (`be-ogm`).
    public static func identifier(kind: String) -> (any Identifier)? {
        identifiers.first { $0.kind == kind }
    }
}

extension CountryRegistry {
    /// Every plug-in's national text fields (`giro parse`, `/v1/parse`, slip zones), in registry order.
    public static var textFields: [NationalTextField] { manifestCountries.flatMap(\.textFields) }
}
