import GiroCore

/// The SEPA plug-in: everything it contributes to the engine (docs in README.md beside this file).
public enum SEPA {
    public static let descriptor = CountryDescriptor(
        code: "SEPA", name: "SEPA (EPC QR)",
        formats: [EPCQRCode()],
        slipTemplates: SEPASlipTemplates.files.map { SlipTemplateFile(name: $0.name, bytes: $0.bytes) },
        extrasKeys: ["sepa.beneficiaryToOriginatorInformation", "sepa.charsetCode", "sepa.identification", "sepa.lineSeparator"],
        datedRules: EPCDatedRules.all
    )
}
