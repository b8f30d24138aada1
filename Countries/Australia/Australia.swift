import GiroCore

/// The Australian plug-in: everything it contributes to the engine (README.md beside this file).
public enum Australia {
    /// `giro check au-abn`: the Australian Business Number, `51 824 753 556`.
    public static let businessNumber: any Identifier = AustralianABN()
    /// `giro check au-acn`: the Australian Company Number, `000 000 019`.
    public static let companyNumber: any Identifier = AustralianACN()
    /// `giro check au-bsb`: the bank-state-branch number, `062-000`.
    public static let bsb: any Identifier = AustralianBSB()
    /// `giro check au-crn --algorithm MOD10V01|MOD10V05`: the BPAY customer reference number.
    public static let customerReference: any Identifier = BPAYCustomerReference()
    /// `giro check au-biller-code`: the BPAY biller code.
    public static let billerCode: any Identifier = BPAYBillerCode()

    public static let descriptor = CountryDescriptor(
        code: "AU", name: "Australia",
        identifiers: [businessNumber, companyNumber, bsb, customerReference, billerCode],
        references: [BPAYReferenceRule()],
        slipTemplates: AustralianSlipTemplates.files.map { SlipTemplateFile(name: $0.name, bytes: $0.bytes) },
        extrasKeys: ["au.bpayBillerCode", "au.postBillpayCode", "au.postBillpayReference"]
    )
}
