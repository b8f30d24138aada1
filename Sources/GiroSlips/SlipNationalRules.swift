import GiroCore

/// The national rules the slip templates need, by country: account numbers (`account` parser, `account-check`
/// rule), references read from a model box (`reference` parser) and coding lines (`coding-line` parser). GiroSlips
/// imports no plug-in: `Giro` builds these from the country descriptors, and a bank with newer tables can hand in
/// its own.
public struct SlipNationalRules: Sendable {
    public var accounts: [String: any NationalAccountRule] = [:]
    public var references: [String: any NationalReferenceRule] = [:]
    /// By reader id (`ch.esr`), the name a template's `codingLine` option gives.
    public var codingLines: [String: any CodingLineReader] = [:]
    /// By type (`cz.vs`), the name a `national` zone's `type` option gives.
    public var textFields: [String: NationalTextField] = [:]

    public init() {}

    /// The rules of these countries; a later country's rule for the same key replaces an earlier one.
    public init(_ descriptors: [CountryDescriptor]) {
        for d in descriptors {
            for a in d.accounts { accounts[a.countryCode] = a }
            for r in d.references { references[r.countryCode] = r }
            for c in d.codingLines { codingLines[c.id] = c }
            for f in d.textFields where textFields[f.type] == nil { textFields[f.type] = f }
        }
    }

    /// What a template needs that these rules lack (empty when it can be read): `account` zones' countries, the
    /// `account-check` rule's pair check and `coding-line` readers.
    public func missing(for t: SlipTemplate) -> [String] {
        var out: [String] = []
        for z in t.zones {
            if z.parser == .account {
                let country = z.options["country"] ?? t.country
                if accounts[country] == nil { out.append("\(z.field): no \(country) account rule") }
            }
            if z.parser == .codingLine {
                let id = z.options["codingLine"] ?? ""
                if codingLines[id] == nil { out.append("\(z.field): no coding-line reader \(id)") }
            }
            if z.parser == .national {
                let type = z.options["type"] ?? ""
                if textFields[type].map({ !$0.shape.builtIn }) != true { out.append("\(z.field): no national text field \(type)") }
            }
        }
        if t.rules.contains(.accountCheck), accounts[t.country]?.checksPairs != true {
            out.append("account-check: no \(t.country) bank code + account check")
        }
        return out
    }
}

extension SlipRecordBuilder {
    /// The `account-check` rule: a failing pair is kept (the payer's bank checks it again) and the record is uncertain;
    /// with no check for the country at hand the pair is unchecked, and the record says so (uncertain too).
    static func applyAccountCheck(_ r: PaymentRecord, country: String, rules: SlipNationalRules, diagnostics: inout [Diagnostic]) {
        guard let bank = r.creditor?.account?.bankCode, let number = r.creditor?.account?.number else { return }
        guard let rule = rules.accounts[country], rule.checksPairs else {
            diagnostics.append(.warning(.slipRuleFailed, field: "creditor.account.number", uncertain: true,
                                        "no account check for \(country) is available to this reader: \(bank) \(number) unchecked"))
            return
        }
        if let failure = rule.check(bankCode: bank, number: number) {
            diagnostics.append(.warning(failure.code, field: "creditor.account.number", uncertain: true,
                                        failure.message + "; kept (the payer's bank checks the account again)"))
        }
    }
}
