/// The printed-slip templates of this plug-in (`Slips/*.json`, docs/slip-templates.md), compiled in as bytes;
/// `Giro` loads them into its `SlipReader`.
package enum MontenegrinSlipTemplates {
    package static let files: [(name: String, bytes: [UInt8])] = [
        ("Countries/Montenegro/Slips/nalog-za-placanje.json", PackageResources.nalog_za_placanje_json),
    ]
}
