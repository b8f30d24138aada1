/// The printed-slip templates of this plug-in (`Slips/*.json`, docs/slip-templates.md), compiled in as bytes;
/// `Giro` loads them into its `SlipReader`.
package enum DutchSlipTemplates {
    package static let files: [(name: String, bytes: [UInt8])] = [
        ("Countries/Netherlands/Slips/acceptgiro.json", PackageResources.acceptgiro_json),
    ]
}
