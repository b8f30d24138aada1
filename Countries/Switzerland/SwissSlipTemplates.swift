/// The printed-slip templates of this plug-in (`Slips/*.json`, docs/slip-templates.md), compiled in as bytes;
/// `Giro` loads them into its `SlipReader`.
package enum SwissSlipTemplates {
    package static let files: [(name: String, bytes: [UInt8])] = [
        ("Countries/Switzerland/Slips/esr.json", PackageResources.esr_json),
        ("Countries/Switzerland/Slips/es.json", PackageResources.es_json),
        ("Countries/Switzerland/Slips/es-bank.json", PackageResources.es_bank_json),
    ]
}
