import GiroCore

/// The German plug-in: everything it contributes to the engine (README.md beside this file).
public enum Germany {
    public static let descriptor = CountryDescriptor(
        code: "DE", name: "Germany",
        formats: [BezahlCode()],
        slipTemplates: GermanSlipTemplates.files.map { SlipTemplateFile(name: $0.name, bytes: $0.bytes) },
        extrasKeys: ["de.account", "de.authority", "de.blz", "de.postingKey", "de.unknown.*"]
    )
}
