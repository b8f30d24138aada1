/// The printed-slip templates of this plug-in (`Slips/*.json`, docs/slip-templates.md), compiled in as bytes;
/// `Giro` loads them into its `SlipReader`.
package enum SerbianSlipTemplates {
    package static let files: [(name: String, bytes: [UInt8])] = [
        ("Countries/Serbia/Slips/nalog-za-uplatu.json", PackageResources.nalog_za_uplatu_json),
        ("Countries/Serbia/Slips/nalog-za-uplatu-cyr.json", PackageResources.nalog_za_uplatu_cyr_json),
    ]
}
