import GiroCore

/// The Slovenian plug-in: everything it contributes to the engine (README.md beside this file).
public enum Slovenia {
    /// `giro check si-reference`: model SI00–SI99 + sklic.
    public static let reference: any Identifier = SlovenianReference()

    public static let descriptor = CountryDescriptor(
        code: "SI", name: "Slovenia",
        formats: [SlovenianUPNQR()],
        identifiers: [reference],
        slipTemplates: SlovenianSlipTemplates.files.map { SlipTemplateFile(name: $0.name, bytes: $0.bytes) },
        extrasKeys: ["si.checksum", "si.deposit", "si.withdrawal", "si.payerReference", "si.paymentDate", "si.reserve",
                     "si.reserved", "si.urgent"],
        textFields: [.init(type: "si.model", identifier: reference, shape: .builtInScanner)]
    )
}

/// `giro check si-reference "SI12 1234-5678"`: model SI00–SI99 + sklic, the model's check digits.
package struct SlovenianReference: Identifier {
    public let kind = "si-reference"
    public let country: String? = "SI"
    public let summary = "Slovenian payment reference (sklic): model SI00–SI99 + number, the model's check digits"
    public let example = "SI12 1000123456"

    package init() {}

    public func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        try ReferenceModelCheck.identifier(input, modelLength: 4) { ReferenceModelScheme.si.check(model: $0, reference: $1) }
    }
}
