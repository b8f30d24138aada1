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
        extrasKeys: ["au.bpayBillerCode", "au.postBillpayCode", "au.postBillpayReference"],
        textFields: [
            .init(type: "au.abn", family: .other, identifier: businessNumber, shape: .digits(11...11, labels: ["abn"], labelRequired: true)),
            .init(type: "au.bsb", family: .account, identifier: bsb, shape: .digits(6...6, separators: "-", labels: ["bsb"], labelRequired: true)),
            .init(type: "au.account", country: "AU", family: .account, identifier: nil,
                  shape: .digits(4...10, separators: "-", labels: ["account number", "account no", "acc no", "a/c"], labelRequired: true),
                  summary: "bank account number after its label (no check is published)"),
            .init(type: "au.biller-code", family: .other, identifier: billerCode,
                  shape: .digits(3...10, labels: ["biller code", "billpay code"], labelRequired: true)),
            // The biller's routine (MOD10V01, MOD10V05 …) is not printed: the CRN is read after its label, unchecked.
            .init(type: "au.crn", country: "AU", identifier: nil,
                  shape: .digits(2...20, labels: ["ref", "crn", "customer reference number", "reference"], labelRequired: true),
                  summary: "BPAY customer reference number (the biller's check routine is not printed)"),
        ]
    )
}
