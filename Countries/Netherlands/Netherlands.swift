import GiroCore

/// The Dutch plug-in: everything it contributes to the engine (README.md beside this file).
public enum Netherlands {
    public static let descriptor = CountryDescriptor(
        code: "NL", name: "Netherlands",
        formats: [DutchPaymentLink()],
        identifiers: [DutchBetalingskenmerk()],
        slipTemplates: DutchSlipTemplates.files.map { SlipTemplateFile(name: $0.name, bytes: $0.bytes) },
        extrasKeys: ["nl.linkKind", "nl.url", "nl.scanLine", "nl.query.*"]
    )
}
