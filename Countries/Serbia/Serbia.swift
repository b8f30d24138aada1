import GiroCore

/// The Serbian plug-in: everything it contributes to the engine (README.md beside this file).
public enum Serbia {
    public static let descriptor = CountryDescriptor(
        code: "RS", name: "Serbia",
        formats: [SerbianIPSQR()],
        identifiers: [SerbianAccount(), SerbianReference()],
        accounts: [SerbianAccount()],
        references: [SerbianReference()],
        slipTemplates: SerbianSlipTemplates.files.map { SlipTemplateFile(name: $0.name, bytes: $0.bytes) },
        extrasKeys: ["rs.kind", "rs.mcc", "rs.oneTimeCode", "rs.payeeReference", "rs.payerReference", "rs.posReference", "rs.unknown.*"]
    )
}

/// `giro check rs-account 840-955845-10`: bank (3) + account (13, zero-padded) + mod-97 control (2), ↔ `RS35…`.
public struct SerbianAccount: Identifier, NationalAccountRule {
    public let kind = "rs-account"
    public let country: String? = "RS"
    public let countryCode = "RS"
    public let summary = "Serbian account: bank (3) + account (13) + control (2), mod 97, ↔ RS IBAN"
    public let example = "840-955845-10"

    public init() {}

    public func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        guard let compact = IdentifierText.compact(input, removing: ".") else { throw GiroError(.fieldInvalid, field: "account", "too long for an account") }
        return try read(String(decoding: compact, as: UTF8.self)).identifier(country: "RS", what: "Serbian account") {
            $0.replacingOccurrences(of: "-", with: "")
        }
    }

    public func read(_ s: String) -> NationalAccountReading {
        var text = s
        if text.hasPrefix("RS") {
            guard text.utf8.count == 22, text.hasPrefix("RS35") else { return NationalAccountReading.ibanShaped(text, "RS") ? .failedCheck(text) : .notAnAccount }
            text = String(text.dropFirst(4))
        }
        guard let a = Mod97AccountNumber(text) else {
            let digits = text.utf8.filter { $0 >= 48 && $0 <= 57 }.count
            let shape = (digits == 18 || text.contains("-")) && text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || $0 == 45 }
            return shape ? .failedCheck(text) : .notAnAccount
        }
        return .account(Account(iban: a.iban(country: "RS"), number: a.formatted, bankCode: a.bankCode))
    }
}

/// The Serbian `poziv na broj`: the model (its own box, or the first two digits) and the number, checked by the
/// model rules (97 mod 97, 22 mod 11, 11 and 00 unchecked); the value is model + number as the IPS QR code writes
/// it (`giro check rs-reference "97 1234"`).
public struct SerbianReference: Identifier, NationalReferenceRule {
    public let kind = "rs-reference"
    public let country: String? = "RS"
    public let countryCode = "RS"
    public let summary = "Serbian poziv na broj: model (97, 22, 11, 00) + number, the model's check"
    public let example = "97 8116-1234-5678"

    public init() {}

    public func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        try ReferenceModelCheck.identifier(input, modelLength: 2, keepHyphens: false) { TwoDigitReferenceModels.check(model: $0, reference: $1) }
    }

    public func read(model: String?, number raw: String) -> NationalReferenceReading? {
        let number = String(raw.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
        var m = String((model ?? "").filter { !$0.isWhitespace })
        var rest = number
        if m.isEmpty {
            guard number.utf8.count > 2 else { return nil }
            m = String(number.prefix(2))
            rest = String(number.dropFirst(2))
        }
        guard m.utf8.count == 2, m.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), !rest.isEmpty, rest.utf8.count <= 40 else { return nil }
        // Hyphens group the number on the print; model 11 keeps them (Infostan), the others are checked without.
        let checked = m == "11" ? rest : rest.replacingOccurrences(of: "-", with: "")
        let check = TwoDigitReferenceModels.check(model: m, reference: checked)
        let notes = check.warning(reference: checked).map { [$0.message] } ?? []
        return NationalReferenceReading(reference: check.reference(type: ReferenceType(rawValue: "rs.model"), value: m + checked), problems: notes)
    }
}
