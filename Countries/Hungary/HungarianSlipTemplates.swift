/// The printed-slip templates of this plug-in (`Slips/*.json`, docs/slip-templates.md), compiled in as bytes;
/// `Giro` loads them into its `SlipReader`.
package enum HungarianSlipTemplates {
    package static let files: [(name: String, bytes: [UInt8])] = [
        ("Countries/Hungary/Slips/atutalasi-megbizas.json", PackageResources.atutalasi_megbizas_json),
        ("Countries/Hungary/Slips/csekk.json", PackageResources.csekk_json),
    ]
}
