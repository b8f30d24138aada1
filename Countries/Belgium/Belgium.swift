import GiroCore

/// The Belgian plug-in: everything it contributes to the engine (README.md beside this file).
public enum Belgium {
    public static let descriptor = CountryDescriptor(
        code: "BE", name: "Belgium",
        formats: [BelgianPayconiqLink()],
        identifiers: [BelgianOGM()],
        slipTemplates: BelgianSlipTemplates.files.map { SlipTemplateFile(name: $0.name, bytes: $0.bytes) },
        extrasKeys: ["be.linkKind", "be.url", "be.query.*"]
    )
}
