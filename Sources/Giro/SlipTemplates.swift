// The slip templates every country plug-in ships (Countries/<Country>/Slips/*.json), collected in one place.

extension SlipReader {
    /// The template files compiled into the plug-ins, by file name.
    package static let builtInFiles: [(name: String, bytes: [UInt8])] =
        CroatianSlipTemplates.files + SlovenianSlipTemplates.files + SwissSlipTemplates.files
        + AustrianSlipTemplates.files + GermanSlipTemplates.files
        + CzechSlipTemplates.files + SlovakSlipTemplates.files + HungarianSlipTemplates.files
        + SerbianSlipTemplates.files

    /// Every built-in slip class (HUB-3A, UPN, ESR, ES, Zahlungsanweisung, SEPA-Überweisung). A template that
    /// fails to load is a build defect caught by the contract test; it is left out here rather than trapping.
    public static let builtInTemplates: [SlipTemplate] = (try? SlipTemplateLoader.loadAll(builtInFiles)) ?? []

    /// A reader with the built-in templates, plus a user folder of `*.json` templates when given.
    public static func standard(templatesFolder: String? = nil) throws(GiroError) -> SlipReader {
        guard let folder = templatesFolder else { return SlipReader(templates: builtInTemplates) }
        return try SlipReader(templates: builtInTemplates, folder: folder)
    }
}
