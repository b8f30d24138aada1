/// The printed-slip templates of this plug-in (`Slips/*.json`, docs/slip-templates.md), compiled in as bytes;
/// `Giro` loads them into its `SlipReader`.
package enum SlovenianSlipTemplates {
    package static let files: [(name: String, bytes: [UInt8])] = [
        ("Countries/Slovenia/Slips/upn.json", PackageResources.upn_json),
        ("Countries/Slovenia/Slips/upn-2010.json", PackageResources.upn_2010_json),
    ]
}
