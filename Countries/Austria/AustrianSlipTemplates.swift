/// The printed-slip templates of this plug-in (`Slips/*.json`, docs/slip-templates.md), compiled in as bytes;
/// `Giro` loads them into its `SlipReader`.
package enum AustrianSlipTemplates {
    package static let files: [(name: String, bytes: [UInt8])] = [
        ("Countries/Austria/Slips/zahlungsanweisung.json", PackageResources.zahlungsanweisung_json),
        ("Countries/Austria/Slips/erlagschein.json", PackageResources.erlagschein_json),
    ]
}
