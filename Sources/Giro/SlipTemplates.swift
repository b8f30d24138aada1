// The slip templates every country plug-in ships (Countries/<Country>/Slips/*.json), collected in one place.

extension SlipReader {
    /// The template files compiled into the plug-ins, by file name.
    package static let builtInFiles: [(name: String, bytes: [UInt8])] =
        CroatianSlipTemplates.files + SlovenianSlipTemplates.files + SwissSlipTemplates.files
        + AustrianSlipTemplates.files + GermanSlipTemplates.files
        + BelgianSlipTemplates.files + DutchSlipTemplates.files + BritishSlipTemplates.files + KosovarSlipTemplates.files
        + CzechSlipTemplates.files + SlovakSlipTemplates.files + HungarianSlipTemplates.files
        + SerbianSlipTemplates.files

    /// Every built-in slip class (HUB-3A, UPN, ESR, ES, Zahlungsanweisung, SEPA-Überweisung). A template that
    /// fails to load is a build defect caught by the contract test; it is left out here rather than trapping.
    public static let builtInTemplates: [SlipTemplate] = (try? SlipTemplateLoader.loadAll(builtInFiles)) ?? []

    /// A reader with the built-in templates, plus a user folder of `*.json` templates when given.
    public static func standard(templatesFolder: String? = nil) throws(GiroError) -> SlipReader {
        guard let folder = templatesFolder else { return builtIn }
        var reader = try SlipReader(templates: builtInTemplates, folder: folder)
        reader.accountChecks = builtInAccountChecks
        return reader
    }

    /// The built-in templates with the plug-ins' account checks.
    package static let builtIn: SlipReader = {
        var reader = SlipReader(templates: builtInTemplates)
        reader.accountChecks = builtInAccountChecks
        return reader
    }()

    /// The national account checks the plug-ins provide for the `account-check` rule (GiroSlips imports no plug-in).
    package static let builtInAccountChecks: [String: SlipAccountCheck] = [
        // Pay.UK modulus check (Countries/UnitedKingdom); a malformed pair is reported as its parse error.
        "GB": SlipAccountCheck { sortCode, account in
            do throws(GiroError) { return try UKModulus.check(sortCode: sortCode, account: account).error } catch { return error }
        },
    ]
}
