import GiroCore

/// The United Kingdom plug-in: everything it contributes to the engine (README.md beside this file).
public enum UnitedKingdom {
    /// `giro check uk-account` and the slips' sort code + account check (Pay.UK modulus).
    public static let account: any Identifier & NationalAccountRule = UKSortCodeAccount()

    public static let descriptor = CountryDescriptor(
        code: "GB", name: "United Kingdom",
        formats: [UKPayByBankLink()],
        identifiers: [account],
        accounts: [account],
        slipTemplates: BritishSlipTemplates.files.map { SlipTemplateFile(name: $0.name, bytes: $0.bytes) },
        extrasKeys: ["gb.codeline", "gb.handle", "gb.linkKind", "gb.normalisation", "gb.url"],
        textFields: [.init(type: "gb.account", family: .account, identifier: account, shape: .builtInScanner)]
    )
}

/// `giro check uk-account "08-99-99 66374958"`: sort code + account number, Pay.UK modulus checked; details:
/// method, exception, checks.
package struct UKSortCodeAccount: Identifier, NationalAccountRule {
    public let kind = "uk-account"
    public let country: String? = "GB"
    public let countryCode = "GB"
    public let summary = "UK sort code + account number, Pay.UK modulus checks (VOCALINK tables)"
    public let example = "08-99-99 66374958"
    public let checksPairs = true

    package init() {}

    public func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        let uk = try UKModulus.check(bytes: Array(input.utf8))
        if let error = uk.error { throw error }
        return ValidIdentifier(compact: uk.account.compact, formatted: uk.account.formatted, details: uk.details)
    }

    /// The method, exception and checks that ran, when the pair parsed but failed.
    public func details(ofInvalid input: String) -> [String: String] {
        (try? UKModulus.check(bytes: Array(input.utf8)))?.details ?? [:]
    }

    /// The slip's sort code and account boxes: read as one pair by `check(bankCode:number:)`, so a lone box is not an account.
    public func read(_ compact: String) -> NationalAccountReading { .notAnAccount }

    public func check(bankCode: String, number: String) -> GiroError? {
        do throws(GiroError) { return try UKModulus.check(sortCode: bankCode, account: number).error } catch { return error }
    }
}
