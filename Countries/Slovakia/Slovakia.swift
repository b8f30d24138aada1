import GiroCore

/// The Slovak plug-in: everything it contributes to the engine (README.md beside this file).
public enum Slovakia {
    public static let descriptor = CountryDescriptor(
        code: "SK", name: "Slovakia",
        formats: [PayBySquare()],
        identifiers: [SlovakAccount()],
        accounts: [SlovakAccount()],
        slipTemplates: SlovakSlipTemplates.files.map { SlipTemplateFile(name: $0.name, bytes: $0.bytes) },
        extrasKeys: ["sk.invoiceID", "sk.paymentOptions", "sk.unknown.*"]
    )
}

/// `giro check sk-account 19-2000145399/0200`: `[prefix-]number/bank` (the Czech scheme), ↔ SK IBAN.
public struct SlovakAccount: Identifier, NationalAccountRule {
    public let kind = "sk-account"
    public let country: String? = "SK"
    public let countryCode = "SK"
    public let summary = "Slovak account [prefix-]number/bank: weighted mod 11, ↔ SK IBAN"
    public let example = "19-2000145399/0200"

    public init() {}

    public func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        guard let compact = IdentifierText.compact(input) else { throw GiroError(.fieldInvalid, field: "account", "too long for an account") }
        return try read(String(decoding: compact, as: UTF8.self)).identifier(country: "SK", what: "Slovak account")
    }

    public func read(_ compact: String) -> NationalAccountReading { PrefixedAccountNumber.read(compact, country: "SK") }
}
