import GiroCore

/// The Hungarian plug-in: everything it contributes to the engine (README.md beside this file).
public enum Hungary {
    /// `giro check hu-account` and the slips' account boxes: GIRO accounts `8-8` or `8-8-8`.
    public static let account: any Identifier & NationalAccountRule = HungarianAccount()

    /// `giro check hu-payer-id`: the befizetőazonosító of the yellow cheque (Luhn).
    public static let payerID: any Identifier = HungarianPayerID()

    public static let descriptor = CountryDescriptor(
        code: "HU", name: "Hungary",
        formats: [HungarianMNBQR()],
        identifiers: [account, payerID],
        accounts: [account],
        slipTemplates: HungarianSlipTemplates.files.map { SlipTemplateFile(name: $0.name, bytes: $0.bytes) },
        extrasKeys: ["hu.customerID", "hu.identificationCode", "hu.invoiceID", "hu.loyaltyID", "hu.merchantDeviceID",
                     "hu.navCheckCode", "hu.shopID", "hu.transactionID", "hu.validUntil", "hu.unknown.*"],
        textFields: [
            .init(type: "hu.befizetoazonosito", identifier: payerID,
                  shape: .digits(2...24, separators: "-", labels: ["befizetőazonosító", "befizető azonosító", "befizetoazonosito",
                                                                   "befizeto azonosito", "payer id"], labelRequired: true)),
        ]
    )
}

/// `giro check hu-account 11773016-11111018`: GIRO account `8-8` or `8-8-8`, 9-7-3-1 checks, ↔ HU IBAN.
package struct HungarianAccount: Identifier, NationalAccountRule {
    public let kind = "hu-account"
    public let country: String? = "HU"
    public let countryCode = "HU"
    public let summary = "Hungarian GIRO account 8-8 or 8-8-8 digits: 9-7-3-1 checks, ↔ HU IBAN"
    public let example = "11773016-11111018"

    package init() {}

    public func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        // Dashes and spaces group the national digits; read() takes the groups of 8 with dashes. An IBAN loses its spaces.
        let isIBAN = input.utf8.contains { ($0 | 0x20) >= 97 && ($0 | 0x20) <= 122 }
        guard let compact = IdentifierText.compact(isIBAN ? input : input.replacingOccurrences(of: " ", with: "-"), removing: ".") else {
            throw GiroError(.fieldInvalid, field: "account", "too long for an account")
        }
        return try read(String(decoding: compact, as: UTF8.self)).identifier(country: "HU", what: "Hungarian GIRO account") {
            $0.replacingOccurrences(of: "-", with: "")
        }
    }

    public func read(_ s: String) -> NationalAccountReading {
        let giro = s.hasPrefix("HU") ? HungarianGiro(iban: s) : HungarianGiro(s)
        guard let g = giro else {
            let digits = s.utf8.filter { $0 >= 48 && $0 <= 57 }.count
            let shape = s.hasPrefix("HU") ? NationalAccountReading.ibanShaped(s, "HU")
                : (digits == 16 || digits == 24) && s.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || $0 == 45 }
            return shape ? .failedCheck(s) : .notAnAccount
        }
        return .account(Account(iban: g.iban, number: g.formatted, bankCode: String(g.digits.prefix(3))))
    }
}
