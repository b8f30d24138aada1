import GiroCore

/// The Swedish plug-in: everything it contributes to the engine (README.md beside this file).
public enum Sweden {
    /// `giro check se-bankgiro`: a bankgiro number as printed, `5402-9681`.
    public static let bankgiro: any Identifier = BankgiroNumber()
    /// `giro check se-plusgiro`: a PlusGiro number as printed, `28 65 43-4`.
    public static let plusgiro: any Identifier = PlusGiroNumber()
    /// `giro check se-account`: clearing number + account, `8214-9 923 472 612-4`, `3300,8413283949`.
    public static let bankAccount: any Identifier = SwedishBankAccount()
    /// `giro check se-ocr [--length-digit]`: an OCR reference.
    public static let ocrReference: any Identifier = SwedishOCRReference()
    /// The slip engine's reader of the inpayment slips' coding line (`coding-line` zones, `codingLine: se.giro`).
    public static let codingLineReader: any CodingLineReader = SwedishCodingLineReader()

    public static let descriptor = CountryDescriptor(
        code: "SE", name: "Sweden",
        formats: [SwedishGiroCodingLine(), SwedishBillQR()],
        identifiers: [bankgiro, plusgiro, bankAccount, ocrReference],
        codingLines: [codingLineReader],
        slipTemplates: SwedishSlipTemplates.files.map { SlipTemplateFile(name: $0.name, bytes: $0.bytes) },
        extrasKeys: [SwedishExtrasKey.giroType, SwedishExtrasKey.documentType, SwedishExtrasKey.codingLine,
                     SwedishExtrasKey.referenceLengthDigit, SwedishExtrasKey.paymentType, "se.qr.*"],
        textFields: [
            .init(type: "se.bankgiro", family: .account, identifier: bankgiro,
                  shape: .digits(7...8, separators: "-", labels: ["bankgiro", "bankgironummer", "bg", "till bankgironummer"])),
            .init(type: "se.plusgiro", family: .account, identifier: plusgiro,
                  shape: .digits(2...8, separators: "-", labels: ["plusgiro", "plusgironummer", "pg", "postgiro"], labelRequired: true)),
            .init(type: "se.account", family: .account, identifier: bankAccount,
                  shape: .digits(8...16, separators: "-,.", labels: ["kontonummer", "konto", "bankkonto", "clearingnummer"], labelRequired: true)),
            .init(type: "se.ocr", identifier: ocrReference,
                  shape: .digits(2...25, labels: ["ocr", "ocr-nummer", "ocr nummer", "referens", "betalningsreferens"], labelRequired: true)),
        ]
    )
}
