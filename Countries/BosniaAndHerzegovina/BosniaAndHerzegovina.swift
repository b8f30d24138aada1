import GiroCore

/// The Bosnian plug-in: everything it contributes to the engine (README.md beside this file).
public enum BosniaAndHerzegovina {
    /// `giro check ba-account 199-044-00012002-79`: 16 digits of the core's mod-97 scheme, ↔ `BA39…`.
    public static let account: any Identifier & NationalAccountRule = SharedSchemeAccount(
        kind: "ba-account", country: "BA", scheme: .mod97Sixteen, example: "199-044-00012002-79",
        summary: "Bosnian account: bank (3) + branch (3) + account (8) + control (2), mod 97, ↔ BA IBAN")

    public static let descriptor = CountryDescriptor(
        code: "BA", name: "Bosnia and Herzegovina",
        identifiers: [BosniaAndHerzegovina.account],
        accounts: [BosniaAndHerzegovina.account],
        slipTemplates: BosnianSlipTemplates.files.map { SlipTemplateFile(name: $0.name, bytes: $0.bytes) },
        extrasKeys: ["ba.budgetOrganisation", "ba.municipality", "ba.paymentType", "ba.revenueType", "ba.taxPeriodFrom",
                     "ba.taxPeriodTo", "ba.taxpayerNumber"],
        textFields: [
            .init(type: "ba.account", family: .account, identifier: BosniaAndHerzegovina.account,
                  shape: .digits(16...16, separators: "-", labels: ["račun", "racun", "рачун", "transakcijski", "account"])),
            .init(type: "ba.poziv-na-broj", country: "BA", identifier: nil,
                  shape: .digits(1...22, separators: "-", labels: ["poziv na broj", "позив на број", "poziv"], labelRequired: true),
                  summary: "poziv na broj (no check is published)"),
        ]
    )
}
