/// The printed-slip templates of this plug-in (`Slips/*.json`, docs/slip-templates.md), compiled in as bytes;
/// `Giro` loads them into its `SlipReader`.
package enum MacedonianSlipTemplates {
    package static let files: [(name: String, bytes: [UInt8])] = [
        ("Countries/NorthMacedonia/Slips/nalog-za-plakjanje.json", PackageResources.nalog_za_plakjanje_json),
        ("Countries/NorthMacedonia/Slips/nalog-za-plakjanje-lat.json", PackageResources.nalog_za_plakjanje_lat_json),
    ]
}
