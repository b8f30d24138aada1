import GiroCore

/// The Czech plug-in: everything it contributes to the engine (README.md beside this file).
public enum Czechia {
    public static let descriptor = CountryDescriptor(
        code: "CZ", name: "Czechia",
        formats: [CzechSPAYD(), CzechSID()],
        identifiers: [CzechAccount()],
        accounts: [CzechAccount()],
        slipTemplates: CzechSlipTemplates.files.map { SlipTemplateFile(name: $0.name, bytes: $0.bytes) },
        extrasKeys: ["cz.crc32", "cz.currency", "cz.descriptor", "cz.frequencyCode", "cz.lastDate", "cz.messageForMe",
                     "cz.notificationAddress", "cz.notificationType", "cz.payerPaymentID", "cz.paymentType", "cz.retryDays",
                     "cz.stopOnDeath", "cz.url", "cz.unknown.*"]
    )
}

/// `giro check cz-account 19-2000145399/0800`: `[prefix-]number/bank`, both weighted mod 11, ↔ CZ IBAN.
public struct CzechAccount: Identifier, NationalAccountRule {
    public let kind = "cz-account"
    public let country: String? = "CZ"
    public let countryCode = "CZ"
    public let summary = "Czech account [prefix-]number/bank: weighted mod 11, ↔ CZ IBAN"
    public let example = "19-2000145399/0800"

    public init() {}

    public func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        guard let compact = IdentifierText.compact(input) else { throw GiroError(.fieldInvalid, field: "account", "too long for an account") }
        return try read(String(decoding: compact, as: UTF8.self)).identifier(country: "CZ", what: "Czech account")
    }

    public func read(_ compact: String) -> NationalAccountReading { PrefixedAccountNumber.read(compact, country: "CZ") }
}
