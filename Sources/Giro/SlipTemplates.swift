// The slip templates and national slip rules of every country plug-in (Countries/<Country>/Slips/*.json),
// collected from the country registry.

extension SlipReader {
    /// The template files compiled into the plug-ins, by file name.
    package static let builtInFiles: [(name: String, bytes: [UInt8])] =
        CountryRegistry.all.flatMap(\.slipTemplates).map { ($0.name, $0.bytes) }

    /// Every built-in slip class. A template that fails to load is a build defect caught by the contract test; it is
    /// left out here rather than trapping.
    public static let builtInTemplates: [SlipTemplate] = (try? SlipTemplateLoader.loadAll(builtInFiles)) ?? []

    /// The plug-ins' account, reference and coding-line rules.
    public static let builtInRules = SlipNationalRules(CountryRegistry.all)

    /// A reader with the built-in templates, plus a user folder of `*.json` templates when given. A user template
    /// that needs a national rule no plug-in provides is refused (`slip_template_invalid`).
    public static func standard(templatesFolder: String? = nil) throws(GiroError) -> SlipReader {
        guard let folder = templatesFolder else { return builtIn }
        var reader = try SlipReader(templates: builtInTemplates, folder: folder)
        reader.rules = builtInRules
        for t in reader.templates {
            let missing = builtInRules.missing(for: t)
            if !missing.isEmpty {
                throw GiroError(.slipTemplateInvalid, field: "zones", "\(t.file): \(missing.joined(separator: "; "))")
            }
        }
        return reader
    }

    /// The built-in templates with the plug-ins' rules.
    package static let builtIn: SlipReader = {
        var reader = SlipReader(templates: builtInTemplates)
        reader.rules = builtInRules
        return reader
    }()
}
