import GiroCore

/// The Montenegrin plug-in: everything it contributes to the engine (README.md beside this file).
public enum Montenegro {
    /// `giro check me-account 505-0000123456789-51`: the 18-digit scheme the core shares with Serbia, ↔ `ME25…`.
    public static let account: any Identifier & NationalAccountRule = SharedSchemeAccount(
        kind: "me-account", country: "ME", scheme: .mod97Eighteen, example: "505-0000123456789-51",
        summary: "Montenegrin account: bank (3) + account (13) + control (2), mod 97, ↔ ME IBAN")

    public static let descriptor = CountryDescriptor(
        code: "ME", name: "Montenegro",
        identifiers: [Montenegro.account],
        accounts: [Montenegro.account],
        slipTemplates: MontenegrinSlipTemplates.files.map { SlipTemplateFile(name: $0.name, bytes: $0.bytes) },
        extrasKeys: ["me.debitReference"],
        textFields: [
            .init(type: "me.account", family: .account, identifier: Montenegro.account,
                  shape: .digits(18...18, separators: "-", labels: ["račun", "racun", "žiro račun", "ziro racun", "account"])),
            .init(type: "me.poziv-na-broj", country: "ME", identifier: nil,
                  shape: .digits(1...22, separators: "-", labels: ["poziv na broj", "poziv"], labelRequired: true),
                  summary: "poziv na broj (no check is published)"),
        ]
    )
}
