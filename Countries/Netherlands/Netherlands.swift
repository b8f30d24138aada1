import GiroCore

/// The Dutch plug-in: everything it contributes to the engine (README.md beside this file).
public enum Netherlands {
    /// `giro check nl-betalingskenmerk`: as printed, `5010.0021.6701.0010`.
    public static let betalingskenmerk: any Identifier = DutchBetalingskenmerk()

    public static let descriptor = CountryDescriptor(
        code: "NL", name: "Netherlands",
        formats: [DutchPaymentLink()],
        identifiers: [betalingskenmerk],
        slipTemplates: DutchSlipTemplates.files.map { SlipTemplateFile(name: $0.name, bytes: $0.bytes) },
        extrasKeys: ["nl.linkKind", "nl.url", "nl.scanLine", "nl.query.*"],
        textFields: [.init(type: "nl.betalingskenmerk", identifier: betalingskenmerk, shape: .builtInScanner)]
    )
}
