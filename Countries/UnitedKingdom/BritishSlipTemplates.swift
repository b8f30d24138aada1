/// The printed-slip templates of this plug-in (`Slips/*.json`, docs/slip-templates.md), compiled in as bytes;
/// `Giro` loads them into its `SlipReader` together with the modulus check (`account-check` rule).
package enum BritishSlipTemplates {
    package static let files: [(name: String, bytes: [UInt8])] = [
        ("Countries/UnitedKingdom/Slips/bank-giro-credit.json", PackageResources.bank_giro_credit_json),
    ]
}
