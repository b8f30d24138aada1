/// Rules about the beneficiary's PSP (element 5, the BIC) relative to the IBAN's country.
enum EPCAgent {
    /// EEA countries (EU 27 + IS, LI, NO) and EU territories with their own IBAN prefix.
    /// For these, EPC069-12 v002 makes the BIC optional ("IBAN-only", Reg. 260/2012).
    static let eea: Set<String> = [
        "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT", "LV",
        "LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE", "IS", "LI", "NO",
        "AX", "GF", "GP", "MQ", "RE", "YT", "MF",
    ]

    /// Groups of countries whose accounts are legitimately served by a PSP with a BIC from another
    /// member of the group (French overseas territories and Monaco, San Marino / Vatican with Italy, …).
    static let territoryGroups: [Set<String>] = [
        ["FR", "MC", "GF", "GP", "MQ", "RE", "YT", "BL", "MF", "PM", "NC", "PF", "WF", "TF"],
        ["IT", "SM", "VA"],
        ["FI", "AX"],
        ["GB", "GG", "JE", "IM"],
        ["CH", "LI"],
        ["DK", "FO", "GL"],
    ]

    static func isEEA(_ country: String) -> Bool { eea.contains(country) }

    /// `true` when a BIC of `bicCountry` may serve an IBAN of `ibanCountry`.
    static func countriesAgree(bic bicCountry: String, iban ibanCountry: String) -> Bool {
        if bicCountry == ibanCountry { return true }
        for group in territoryGroups where group.contains(bicCountry) && group.contains(ibanCountry) { return true }
        return false
    }
}
