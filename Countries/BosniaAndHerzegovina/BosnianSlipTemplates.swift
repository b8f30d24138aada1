/// The printed-slip templates of this plug-in (`Slips/*.json`, docs/slip-templates.md), compiled in as bytes;
/// `Giro` loads them into its `SlipReader`.
package enum BosnianSlipTemplates {
    package static let files: [(name: String, bytes: [UInt8])] = [
        ("Countries/BosniaAndHerzegovina/Slips/nalog-za-uplatu.json", PackageResources.nalog_za_uplatu_json),
        ("Countries/BosniaAndHerzegovina/Slips/nalog-za-uplatu-cyr.json", PackageResources.nalog_za_uplatu_cyr_json),
    ]
}
