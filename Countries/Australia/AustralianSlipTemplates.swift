/// The printed-slip templates of this plug-in (`Slips/*.json`, docs/slip-templates.md), compiled in as bytes;
/// `Giro` loads them into its `SlipReader`.
package enum AustralianSlipTemplates {
    package static let files: [(name: String, bytes: [UInt8])] = [
        ("Countries/Australia/Slips/bpay-bill.json", PackageResources.bpay_bill_json),
    ]
}
