/// The printed-slip templates of this plug-in (`Slips/*.json`, docs/slip-templates.md), compiled in as bytes;
/// `Giro` loads them into its `SlipReader`.
package enum CroatianSlipTemplates {
    package static let files: [(name: String, bytes: [UInt8])] = [
        ("Countries/Croatia/Slips/hub-3a.json", PackageResources.hub_3a_json),
        ("Countries/Croatia/Slips/hub-3.json", PackageResources.hub_3_json),
    ]
}
