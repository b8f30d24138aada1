/// The printed-slip templates of this plug-in (`Slips/*.json`, docs/slip-templates.md), compiled in as bytes;
/// `Giro` loads them into its `SlipReader`.
package enum CzechSlipTemplates {
    package static let files: [(name: String, bytes: [UInt8])] = [
        ("Countries/Czechia/Slips/postovni-poukazka-a.json", PackageResources.postovni_poukazka_a_json),
        ("Countries/Czechia/Slips/prikaz-k-uhrade.json", PackageResources.prikaz_k_uhrade_json),
    ]
}
