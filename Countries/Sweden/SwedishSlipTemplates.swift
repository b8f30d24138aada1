/// The printed-slip templates of this plug-in (`Slips/*.json`, docs/slip-templates.md), compiled in as bytes;
/// `Giro` loads them into its `SlipReader`.
package enum SwedishSlipTemplates {
    package static let files: [(name: String, bytes: [UInt8])] = [
        ("Countries/Sweden/Slips/bankgiro-avi.json", PackageResources.bankgiro_avi_json),
        ("Countries/Sweden/Slips/plusgiro-avi.json", PackageResources.plusgiro_avi_json),
    ]
}
