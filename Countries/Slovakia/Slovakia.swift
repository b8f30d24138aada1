import GiroCore

/// The Slovak plug-in: everything it contributes to the engine (README.md beside this file).
public enum Slovakia {
    /// `giro check sk-account 19-2000145399/0200` and the slips' account boxes (the scheme is the core's, shared).
    public static let account: any Identifier & NationalAccountRule = SharedSchemeAccount(
        kind: "sk-account", country: "SK", scheme: .prefixed, example: "19-2000145399/0200",
        summary: "Slovak account [prefix-]number/bank: weighted mod 11, ↔ SK IBAN")

    public static let descriptor = CountryDescriptor(
        code: "SK", name: "Slovakia",
        formats: [PayBySquare()],
        identifiers: [Slovakia.account],
        accounts: [Slovakia.account],
        slipTemplates: SlovakSlipTemplates.files.map { SlipTemplateFile(name: $0.name, bytes: $0.bytes) },
        extrasKeys: ["sk.invoiceID", "sk.paymentOptions", "sk.unknown.*"],
        datedRules: PayBySquareDatedRules.all,
        textFields: [
            // The Czech scanners read the same symbols and accounts (one type each, named `cz.…`).
            .init(type: "cz.vs", country: "SK", identifier: nil, shape: .builtInScanner, summary: "variabilný symbol (as cz.vs)"),
            .init(type: "cz.ks", country: "SK", identifier: nil, shape: .builtInScanner, summary: "konštantný symbol (as cz.ks)"),
            .init(type: "cz.ss", country: "SK", identifier: nil, shape: .builtInScanner, summary: "špecifický symbol (as cz.ss)"),
            .init(type: "cz.account", country: "SK", family: .account, identifier: account, shape: .builtInScanner),
        ]
    )
}
