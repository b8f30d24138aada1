/// The printed-slip templates of this plug-in (`Slips/*.json`, docs/slip-templates.md), compiled in as bytes;
/// `Giro` loads them into its `SlipReader`.
package enum SEPASlipTemplates {
    package static let files: [(name: String, bytes: [UInt8])] = [
        ("Countries/SEPA/Slips/payment-details.json", PackageResources.payment_details_json),
    ]
}
