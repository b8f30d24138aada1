/// The printed-slip templates of this plug-in (`Slips/*.json`, docs/slip-templates.md), compiled in as bytes;
/// `Giro` loads them into its `SlipReader`.
package enum GermanSlipTemplates {
    package static let files: [(name: String, bytes: [UInt8])] = [
        ("Countries/Germany/Slips/sepa-ueberweisung.json", PackageResources.sepa_ueberweisung_json),
    ]
}
