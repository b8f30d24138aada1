import GiroCore

/// The Czech plug-in: everything it contributes to the engine (README.md beside this file).
public enum Czechia {
    /// `giro check cz-account 19-2000145399/0800` and the slips' account boxes (the scheme is the core's, shared).
    public static let account: any Identifier & NationalAccountRule = SharedSchemeAccount(
        kind: "cz-account", country: "CZ", scheme: .prefixed, example: "19-2000145399/0800",
        summary: "Czech account [prefix-]number/bank: weighted mod 11, ↔ CZ IBAN")

    public static let descriptor = CountryDescriptor(
        code: "CZ", name: "Czechia",
        formats: [CzechSPAYD(), CzechSID()],
        identifiers: [Czechia.account],
        accounts: [Czechia.account],
        slipTemplates: CzechSlipTemplates.files.map { SlipTemplateFile(name: $0.name, bytes: $0.bytes) },
        extrasKeys: ["cz.crc32", "cz.currency", "cz.descriptor", "cz.frequencyCode", "cz.lastDate", "cz.messageForMe",
                     "cz.notificationAddress", "cz.notificationType", "cz.payerPaymentID", "cz.paymentType", "cz.retryDays",
                     "cz.stopOnDeath", "cz.url", "cz.unknown.*"],
        textFields: [
            .init(type: "cz.vs", country: "CZ", identifier: nil, shape: .builtInScanner, summary: "Czech/Slovak variabilní symbol (≤ 10 digits, after its label)"),
            .init(type: "cz.ks", country: "CZ", identifier: nil, shape: .builtInScanner, summary: "Czech/Slovak konstantní symbol (≤ 4 digits, after its label)"),
            .init(type: "cz.ss", country: "CZ", identifier: nil, shape: .builtInScanner, summary: "Czech/Slovak specifický symbol (≤ 10 digits, after its label)"),
            .init(type: "cz.account", family: .account, identifier: account, shape: .builtInScanner),
        ]
    )
}
