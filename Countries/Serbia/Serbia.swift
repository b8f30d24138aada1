import GiroCore

/// The Serbian plug-in: everything it contributes to the engine (README.md beside this file).
public enum Serbia {
    /// `giro check rs-reference` and the slips' model + number boxes: the poziv na broj.
    public static let reference: any Identifier & NationalReferenceRule = SerbianReference()

    /// `giro check rs-account 840-955845-10` and the slips' account boxes (the scheme is the core's, shared).
    public static let account: any Identifier & NationalAccountRule = SharedSchemeAccount(
        kind: "rs-account", country: "RS", scheme: .mod97Eighteen, example: "840-955845-10",
        summary: "Serbian account: bank (3) + account (13) + control (2), mod 97, ↔ RS IBAN")

    public static let descriptor = CountryDescriptor(
        code: "RS", name: "Serbia",
        formats: [SerbianIPSQR()],
        identifiers: [Serbia.account, reference],
        accounts: [Serbia.account],
        references: [reference],
        slipTemplates: SerbianSlipTemplates.files.map { SlipTemplateFile(name: $0.name, bytes: $0.bytes) },
        extrasKeys: ["rs.kind", "rs.mcc", "rs.oneTimeCode", "rs.payeeReference", "rs.payerReference", "rs.posReference", "rs.unknown.*"],
        textFields: [
            .init(type: "rs.model", identifier: reference, shape: .builtInScanner),
            .init(type: "rs.account", family: .account, identifier: Serbia.account, shape: .builtInScanner),
        ]
    )
}


/// The Serbian `poziv na broj`: the model (its own box, or the first two digits) and the number, checked by the
/// model rules (97 mod 97, 22 mod 11, 11 and 00 unchecked); the value is model + number as the IPS QR code writes
/// it (`giro check rs-reference "97 1234"`).
package struct SerbianReference: Identifier, NationalReferenceRule {
    public let kind = "rs-reference"
    public let country: String? = "RS"
    public let countryCode = "RS"
    public let summary = "Serbian poziv na broj: model (97, 22, 11, 00) + number, the model's check"
    public let example = "97 8116-1234-5678"

    package init() {}

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
