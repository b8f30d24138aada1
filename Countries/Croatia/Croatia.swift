import GiroCore

/// The Croatian plug-in: everything it contributes to the engine (README.md beside this file).
public enum Croatia {
    /// `giro check hr-reference`: model HR00–HR99 + poziv na broj.
    public static let reference: any Identifier = CroatianReference()

    public static let descriptor = CountryDescriptor(
        code: "HR", name: "Croatia",
        formats: [CroatianHUB3()],
        identifiers: [reference],
        slipTemplates: CroatianSlipTemplates.files.map { SlipTemplateFile(name: $0.name, bytes: $0.bytes) },
        extrasKeys: ["hr.optionalData"],
        textFields: [.init(type: "hr.model", identifier: reference, shape: .builtInScanner)]
    )
}

/// `giro check hr-reference "HR01 7269-68-0049"`: model HR00–HR99 + poziv na broj, the model's check digits.
package struct CroatianReference: Identifier {
    public let kind = "hr-reference"
    public let country: String? = "HR"
    public let summary = "Croatian payment reference: model HR00–HR99 + poziv na broj, the model's check digits"
    public let example = "HR01 7269-68-0043"

    package init() {}

    public func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        try ReferenceModelCheck.identifier(input, modelLength: 4) { ReferenceModelScheme.hr.check(model: $0, reference: $1) }
    }
}
