import GiroCore

/// The Belgian plug-in: everything it contributes to the engine (README.md beside this file).
public enum Belgium {
    /// `giro check be-ogm`: the structured communication (OGM/VCS) as printed, `+++010/8068/17183+++`.
    public static let structuredCommunication: any Identifier = BelgianOGM()

    public static let descriptor = CountryDescriptor(
        code: "BE", name: "Belgium",
        formats: [BelgianPayconiqLink()],
        identifiers: [structuredCommunication],
        slipTemplates: BelgianSlipTemplates.files.map { SlipTemplateFile(name: $0.name, bytes: $0.bytes) },
        extrasKeys: ["be.linkKind", "be.url", "be.query.*"],
        textFields: [.init(type: "be.ogm", identifier: structuredCommunication, shape: .builtInScanner)]
    )
}
