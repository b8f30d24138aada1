/// The printed-slip templates of this plug-in (`Slips/*.json`, docs/slip-templates.md), compiled in as bytes;
/// `Giro` loads them into its `SlipReader`.
package enum SlovakSlipTemplates {
    package static let files: [(name: String, bytes: [UInt8])] = [
        ("Countries/Slovakia/Slips/postovy-poukaz-u.json", PackageResources.postovy_poukaz_u_json),
        ("Countries/Slovakia/Slips/prikaz-na-uhradu.json", PackageResources.prikaz_na_uhradu_json),
    ]
}
