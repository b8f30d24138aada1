import GiroCore

/// The Swiss plug-in (Switzerland and Liechtenstein): everything it contributes to the engine (README.md beside this file).
public enum Switzerland {
    /// `giro check ch-esr-coding-line`: an ESR/ES coding line as printed.
    public static let codingLine: any Identifier = ESRCodingLineIdentifier()
    /// The slip engine's reader of ESR/ES coding lines (`coding-line` zones, `codingLine: ch.esr`).
    public static let codingLineReader: any CodingLineReader = SwissCodingLineReader()

    public static let descriptor = CountryDescriptor(
        code: "CH", name: "Switzerland",
        formats: [SwissQRBill(), SwissESRCodingLine()],
        identifiers: [codingLine],
        codingLines: [codingLineReader],
        slipTemplates: SwissSlipTemplates.files.map { SlipTemplateFile(name: $0.name, bytes: $0.bytes) },
        extrasKeys: ["ch.currency", "ch.referenceType", "ch.esr.slip", "ch.esr.documentType", "ch.esr.participant",
                     "ch.esr.codingLine", "ch.es.bankClearing", "ch.es.bankPostalAccount", "ch.bank"],
        datedRules: SPCDatedRules.all
    )
}

/// `giro check ch-esr-coding-line`: a Swiss ESR/ES coding line, every check digit verified (the strict plug-in's rules).
package struct ESRCodingLineIdentifier: Identifier {
    public let kind = "ch-esr-coding-line"
    public let country: String? = "CH"
    public let summary = "Swiss ESR/ES OCR-B coding line: every block's mod-10-recursive check digit"
    public let example = "0100003949753>120000000000234478943216899+ 010001628>"

    package init() {}

    public func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        let record = try SwissESRCodingLine().decode(Payload(text: input))
        let line = ESRCodingLine.parse(input)
        let compact = line?.normalized ?? input
        var details: [String: String] = [:]
        for (key, value) in record.extras { details[key] = value }
        if let number = record.creditor?.account?.number { details["account"] = number }
        if let amount = record.amount { details["amount"] = amount.description }
        if let reference = record.reference?.value { details["reference"] = reference }
        return ValidIdentifier(compact: compact, formatted: compact.replacingOccurrences(of: "+", with: "+ "), details: details)
    }
}
