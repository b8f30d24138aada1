import Foundation
import GiroCore

/// Turns ``InvoiceFacts`` into the payment record: checks the IBAN, BIC, currency, dates and reference as every
/// other format does, and refuses what is not a payment (credit notes) or lacks its payment block.
struct InvoiceRecordBuilder {
    var facts: InvoiceFacts
    var national: [InvoiceReferenceKind]
    var source: SourceInfo
    private var diagnostics: [Diagnostic] = []

    init(facts: InvoiceFacts, national: [InvoiceReferenceKind], source: SourceInfo) {
        self.facts = facts
        self.national = national
        self.source = source
    }

    /// UNTDID 4461 codes read as a credit transfer to the payee's account.
    static let transferCodes: Set<String> = ["1", "30", "31", "42", "57", "58", "68", "97", "ZZZ"]
    /// Direct debit (49) and SEPA direct debit (59): the account in the invoice is the payer's.
    static let debitCodes: Set<String> = ["49", "59"]

    mutating func build() throws(GiroError) -> PaymentRecord {
        let country = facts.payee?.address?.country ?? facts.seller.address?.country
        var r = PaymentRecord(format: facts.syntax.formatID, country: country, formatVersion: facts.specification, source: source)
        var invoice = Invoice(syntax: facts.syntax.rawValue, raw: "")
        invoice.id = facts.id
        invoice.documentType = facts.documentType
        invoice.sellerVATID = facts.seller.vatID
        invoice.sellerCompanyID = facts.seller.companyID
        invoice.buyerVATID = facts.buyer.vatID
        invoice.buyerCompanyID = facts.buyer.companyID
        invoice.issueDate = checkedDate(facts.issueDate)
        r.dueDate = checkedDate(facts.dueDate)
        invoice.dueDate = r.dueDate
        if let profile = InvoiceProfiles.name(specification: facts.specification, syntax: facts.syntax) {
            r.extras["invoice.profile"] = profile
        }
        if let process = facts.businessProcess { r.extras["invoice.businessProcess"] = process }

        // Parties: the payee receives the money; the seller stays as the ultimate creditor when they differ.
        let seller = Party(name: facts.seller.name, address: facts.seller.address)
        if let payee = facts.payee {
            r.creditor = Party(name: payee.name, address: payee.address)
            r.ultimateCreditor = seller
        } else {
            r.creditor = seller
        }
        r.debtor = Party(name: facts.buyer.name, address: facts.buyer.address)

        // Currency and amounts.
        let currency = facts.currency ?? facts.payable?.currency
        if let currency, !Currency.isValid(currency) {
            throw fail(.currencyInvalid, field: "amount.currency", line: facts.payable?.line, "\(currency) is not an ISO 4217 currency", r)
        }
        invoice.currency = currency
        if let total = facts.grandTotal { invoice.totalAmount = try decimal(total, field: "invoice.totalAmount", r) }
        r.invoice = invoice
        var due: Decimal?
        if let payable = facts.payable {
            due = try decimal(payable, field: "amount", r)
        } else if let (total, prepaid) = facts.payableFromTotal {
            let t = try decimal(total, field: "invoice.totalAmount", r)
            let p = try prepaid.map { (a: AmountText) throws(GiroError) -> Decimal in try decimal(a, field: "amount", r) } ?? 0
            due = t - p
            note(.info, .invoiceAmountFromTotal, field: "amount", line: total.line,
                 "no amount due is written; the grand total less the prepaid amount is used")
        }
        if let due, let currency { r.amount = Amount(value: due, currency: currency) }

        let codes = facts.means.compactMap(\.code)
        if let first = codes.first { r.extras["invoice.paymentMeansCode"] = first }
        if codes.count > 1 { r.extras["invoice.paymentMeansCodes"] = codes.joined(separator: ",") }

        // A credit note, or a negative amount due, is money owed to the buyer: not a payment to make.
        if facts.isCreditNoteDocument || (due ?? 0) < 0 {
            r.extras["invoice.creditNote"] = "true"
            let why = facts.isCreditNoteDocument ? "the document is a credit note (type \(facts.documentType ?? "CreditNote"))"
                                                 : "the amount due is negative"
            throw fail(.invoiceCreditNote, field: "amount", line: facts.payable?.line, why + "; nothing is payable", r)
        }
        guard let due else {
            throw fail(.fieldMissing, field: "amount", line: facts.rootLine, "the invoice states no amount due", r)
        }
        if due == 0 {
            note(.warning, .amountZero, field: "amount", line: facts.payable?.line, "the amount due is zero: nothing is left to pay")
        } else if facts.means.isEmpty {
            throw fail(.fieldMissing, field: "paymentMeans", line: facts.rootLine, "the invoice has no payment means (BG-16)", r)
        }

        try applyMeans(&r)
        try applyReference(&r)
        r.diagnostics = diagnostics
        r.status = RecordStatus.derived(from: diagnostics)
        return r
    }

    // The first means is the primary one; the accounts of the others are listed as alternative accounts.
    private mutating func applyMeans(_ r: inout PaymentRecord) throws(GiroError) {
        for (index, m) in facts.means.enumerated() {
            let field = index == 0 ? "paymentMeans" : "paymentMeans[\(index)]"
            let code = m.code ?? ""
            if Self.debitCodes.contains(code) {
                var debit = DirectDebit()
                debit.scheme = code == "59" ? "SEPA" : nil
                debit.mandateID = m.mandateID
                debit.creditorID = facts.sepaCreditorID
                if index == 0 || r.directDebit == nil { r.directDebit = debit }
                if let payer = m.payerAccountID {
                    let account = try account(payer, bic: nil, field: "debtor.account", line: m.line, r)
                    if r.debtor?.account == nil { r.debtor?.account = account }
                }
                continue
            }
            // ZUGFeRD 1.0 BASIC writes no code: an account without one is read as a transfer to it.
            if !Self.transferCodes.contains(code) && !(code.isEmpty && m.accountID != nil) {
                note(.info, .invoicePaymentMeansUnmapped, field: field + ".code", line: m.line,
                     "payment means \(code.isEmpty ? "without a code" : code) is listed but not read as a transfer")
            }
            guard let id = m.accountID else { continue }
            let account = try account(id, bic: m.bic, field: index == 0 ? "creditor.account" : "alternativeAccounts", line: m.line, r)
            if r.creditor?.account == nil { r.creditor?.account = account } else { r.alternativeAccounts.append(account) }
        }
    }

    private mutating func applyReference(_ r: inout PaymentRecord) throws(GiroError) {
        guard let raw = facts.means.first?.paymentID ?? facts.paymentReference else { return }
        let country = r.creditor?.account?.iban.map { String($0.prefix(2)) } ?? r.country
        let typed = ReferenceTyping.type(raw, country: country, national: national)
        r.reference = typed.reference
        if let p = typed.problem {
            if p.code == .referenceInvalidChecksum {
                throw fail(p.code, field: "reference", line: facts.means.first?.line, p.message, r)
            }
            note(.warning, p.code, field: "reference", line: facts.means.first?.line, p.message, uncertain: p.uncertain)
        }
    }

    private mutating func account(_ id: String, bic: String?, field: String, line: Int, _ r: PaymentRecord) throws(GiroError) -> Account {
        let compact = id.filter { $0 != " " }
        var account = Account()
        if Self.looksLikeIBAN(compact) {
            do {
                let iban = try IBAN(compact, field: field + ".iban")
                account.iban = iban.compact
                account.isQRIBAN = iban.isQRIBAN ? true : nil
            } catch {
                var e = error
                e.line = line
                e.format = facts.syntax.formatID
                e.partial = invalid(r)
                throw e
            }
        } else {
            account.number = id
        }
        // The BIC is optional in EN 16931 (BT-86) and the IBAN alone routes a SEPA payment: a malformed one is left
        // out with an uncertain warning rather than refusing the invoice.
        if let bic {
            do { account.bic = try BIC(bic, field: field + ".bic").compact } catch {
                note(.warning, error.code, field: field + ".bic", line: line, error.message + "; the BIC is left out", uncertain: true)
            }
        }
        return account
    }

    /// Two letters, two digits, then letters and digits only: what every IBAN looks like and national ids do not.
    static func looksLikeIBAN(_ s: String) -> Bool {
        let u = Array(s.utf8)
        guard u.count >= 15, u.count <= 34 else { return false }
        func letter(_ b: UInt8) -> Bool { (b >= 65 && b <= 90) || (b >= 97 && b <= 122) }
        func digit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
        return letter(u[0]) && letter(u[1]) && digit(u[2]) && digit(u[3]) && u.allSatisfy { letter($0) || digit($0) }
    }

    private func decimal(_ a: AmountText, field: String, _ r: PaymentRecord) throws(GiroError) -> Decimal {
        guard let value = InvoiceAmount.parse(a.text) else {
            throw fail(.amountInvalid, field: field, line: a.line, "\(a.text) is not a decimal amount", r)
        }
        if let c = a.currency, !Currency.isValid(c) {
            throw fail(.currencyInvalid, field: field, line: a.line, "\(c) is not an ISO 4217 currency", r)
        }
        return value
    }

    private mutating func checkedDate(_ d: DateText?) -> String? {
        guard let d else { return nil }
        if let iso = InvoiceDate.iso(d.text) { return iso }
        note(.warning, .dateInvalid, field: d.field, line: d.line, "\(d.text) is not a valid date", uncertain: true)
        return nil
    }

    private mutating func note(_ severity: Severity, _ code: ErrorCode, field: String, line: Int?, _ message: String,
                               uncertain: Bool = false) {
        diagnostics.append(Diagnostic(severity, code, field: field, line: line, uncertain: uncertain, message: message))
    }

    private func invalid(_ r: PaymentRecord) -> PaymentRecord {
        var p = r
        p.diagnostics = diagnostics
        p.status = .invalid
        return p
    }

    private func fail(_ code: ErrorCode, field: String, line: Int?, _ message: String, _ r: PaymentRecord) -> GiroError {
        GiroError(code, field: field, line: line, format: facts.syntax.formatID, diagnostics: diagnostics, partial: invalid(r), message)
    }
}

/// Decimal amounts as XML schema writes them: optional sign, digits, optional fraction; nothing else.
enum InvoiceAmount {
    static func parse(_ text: String) -> Decimal? {
        let u = Array(text.utf8)
        guard !u.isEmpty, u.count <= 40 else { return nil }
        var i = 0
        var negative = false
        if u[0] == 0x2D || u[0] == 0x2B { negative = u[0] == 0x2D; i = 1 }
        let body = u[i...]
        guard !body.isEmpty, body.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 0x2E }), body.filter({ $0 == 0x2E }).count <= 1,
              body.first != 0x2E, body.last != 0x2E,
              let value = Decimal(string: String(decoding: body, as: UTF8.self), locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        return negative ? -value : value
    }
}

/// ISO dates (`2024-03-31`, an xs:date offset ignored) and UN/CEFACT format 102 (`20240331`).
enum InvoiceDate {
    static func iso(_ text: String) -> String? {
        let u = Array(text.utf8)
        if u.count == 8 { return CompactDate.iso(u) }
        guard u.count >= 10, u[4] == 0x2D, u[7] == 0x2D else { return nil }
        return CompactDate.iso(Array(u[0..<4] + u[5..<7] + u[8..<10]))
    }
}
