import GiroCore

/// The North Macedonian plug-in: everything it contributes to the engine (README.md beside this file).
public enum NorthMacedonia {
    /// `giro check mk-account 300-0000000424-25`: 15 digits of the core's mod-97 scheme, ↔ `MK07…`.
    public static let account: any Identifier & NationalAccountRule = SharedSchemeAccount(
        kind: "mk-account", country: "MK", scheme: .mod97Fifteen, example: "300-0000000424-25",
        summary: "North Macedonian account: bank (3) + account (10) + control (2), mod 97, ↔ MK IBAN")

    public static let descriptor = CountryDescriptor(
        code: "MK", name: "North Macedonia",
        identifiers: [NorthMacedonia.account],
        accounts: [NorthMacedonia.account],
        slipTemplates: MacedonianSlipTemplates.files.map { SlipTemplateFile(name: $0.name, bytes: $0.bytes) },
        extrasKeys: ["mk.debitReference", "mk.revenueCode"],
        textFields: [
            .init(type: "mk.account", family: .account, identifier: NorthMacedonia.account,
                  shape: .digits(15...15, separators: "-", labels: ["сметка", "smetka", "account"])),
            .init(type: "mk.povikuvanje-na-broj", country: "MK", identifier: nil,
                  shape: .digits(1...22, separators: "-", labels: ["повикување на број", "povikuvanje na broj", "повикување"],
                                 labelRequired: true),
                  summary: "повикување на број (no check is published)"),
        ]
    )
}
