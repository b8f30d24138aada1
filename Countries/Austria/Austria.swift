import GiroCore

/// The Austrian plug-in: everything it contributes to the engine (README.md beside this file).
public enum Austria {
    public static let descriptor = CountryDescriptor(
        code: "AT", name: "Austria",
        formats: [AustrianEPSLink()],
        slipTemplates: AustrianSlipTemplates.files.map { SlipTemplateFile(name: $0.name, bytes: $0.bytes) },
        extrasKeys: ["at.linkKind", "at.url", "at.query.*"]
    )
}
