import GiroCore

/// The German plug-in: everything it contributes to the engine (README.md beside this file).
public enum Germany {
    /// `giro check de-bzue`: the 13-digit BZÜ reference (ISO 7064 MOD 11,10).
    public static let bzuReference: any Identifier = GermanBZUReference()

    public static let descriptor = CountryDescriptor(
        code: "DE", name: "Germany",
        formats: [BezahlCode()],
        identifiers: [bzuReference],
        slipTemplates: GermanSlipTemplates.files.map { SlipTemplateFile(name: $0.name, bytes: $0.bytes) },
        extrasKeys: ["de.account", "de.authority", "de.blz", "de.postingKey", "de.unknown.*"],
        textFields: [
            .init(type: "de.bzue", identifier: bzuReference,
                  shape: .digits(13...13, labels: ["bzü", "bzue", "verwendungszweck", "referenz", "referenznummer",
                                                   "kunden-referenznummer", "zuordnungsdaten"], labelRequired: true)),
        ]
    )
}
