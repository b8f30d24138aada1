/// The printed-slip templates of this plug-in (`Slips/*.json`, docs/slip-templates.md), compiled in as bytes;
/// `Giro` loads them into its `SlipReader`.
package enum KosovarSlipTemplates {
    package static let files: [(name: String, bytes: [UInt8])] = [
        ("Countries/Kosovo/Slips/kos-giro.json", PackageResources.kos_giro_json),
    ]
}
