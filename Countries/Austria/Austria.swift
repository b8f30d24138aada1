import GiroCore

/// The Austrian plug-in: everything it contributes to the engine (README.md beside this file).
public enum Austria {
    public static let descriptor = CountryDescriptor(
        code: "AT", name: "Austria",
        formats: [AustrianEPSLink()],
        slipTemplates: AustrianSlipTemplates.files.map { SlipTemplateFile(name: $0.name, bytes: $0.bytes) },
        extrasKeys: ["at.linkKind", "at.url", "at.query.*"],
        textFields: [
            // No check digit is published for it: found only after its label, never repaired, `uncertain`.
            .init(type: "at.zahlungsreferenz", country: "AT", identifier: nil,
                  shape: .digits(12...12, labels: ["zahlungsreferenz", "kundendaten"], labelRequired: true),
                  summary: "Austrian Zahlungsreferenz / Kundendaten: 12 digits, no check digit (uncertain)"),
        ]
    )
}
