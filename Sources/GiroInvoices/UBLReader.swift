import GiroCore

/// UBL 2.1 Invoice and CreditNote (EN 16931 binding, BT numbers in comments).
enum UBLReader {
    static func read(_ root: XMLNode) -> InvoiceFacts {
        var f = InvoiceFacts(syntax: .ubl, rootLine: root.line)
        f.specification = root.string("CustomizationID")
        f.businessProcess = root.string("ProfileID")
        f.id = root.string("ID")
        f.isCreditNoteDocument = root.name == "CreditNote"
        f.documentType = root.string("InvoiceTypeCode") ?? root.string("CreditNoteTypeCode")
        if let t = f.documentType, creditNoteTypeCodes.contains(t) { f.isCreditNoteDocument = true }
        f.issueDate = date(root.child("IssueDate"), field: "invoice.issueDate")
        f.currency = root.string("DocumentCurrencyCode")
        if let seller = root.at("AccountingSupplierParty", "Party") { f.seller = party(seller) }
        if let buyer = root.at("AccountingCustomerParty", "Party") { f.buyer = party(buyer) }
        if let payee = root.child("PayeeParty") { f.payee = party(payee) }
        f.sepaCreditorID = f.payee?.sepaCreditorID ?? f.seller.sepaCreditorID
        if let totals = root.child("LegalMonetaryTotal") {
            f.payable = amount(totals.child("PayableAmount"))
            f.grandTotal = amount(totals.child("TaxInclusiveAmount"))
        }
        f.means = root.children("PaymentMeans").map(means)
        // BT-9: Invoice/DueDate in UBL 2.1 invoices; a credit note carries it only on its payment means.
        f.dueDate = date(root.child("DueDate"), field: "dueDate")
            ?? root.children("PaymentMeans").lazy.compactMap { date($0.child("PaymentDueDate"), field: "dueDate") }.first
        return f
    }

    /// UNTDID 1001 codes that make the document a credit note (381 credit note, 396 factored credit note,
    /// 532 forwarder's credit note, 261 self-billed credit note).
    static let creditNoteTypeCodes: Set<String> = ["381", "396", "532", "261"]

    static func party(_ p: XMLNode) -> PartyFacts {
        var out = PartyFacts()
        out.name = p.string("PartyLegalEntity", "RegistrationName") ?? p.string("PartyName", "Name")
        if let a = p.child("PostalAddress") {
            var lines: [String] = []
            if let extra = a.string("AdditionalStreetName") { lines.append(extra) }
            if let line = a.string("AddressLine", "Line") { lines.append(line) }
            out.address = Address(street: a.string("StreetName"), buildingNumber: a.string("BuildingNumber"),
                                  postalCode: a.string("PostalZone"), town: a.string("CityName"),
                                  country: a.string("Country", "IdentificationCode"), lines: lines)
        }
        for scheme in p.children("PartyTaxScheme") {
            let schemeID = scheme.string("TaxScheme", "ID")
            if schemeID == nil || schemeID == "VAT" { out.vatID = out.vatID ?? scheme.string("CompanyID") }
        }
        out.companyID = p.string("PartyLegalEntity", "CompanyID")
        for id in p.children("PartyIdentification").compactMap({ $0.child("ID") })
        where id.attributes["schemeID"] == "SEPA" {
            out.sepaCreditorID = id.trimmedText
        }
        return out
    }

    static func means(_ m: XMLNode) -> PaymentMeansFacts {
        PaymentMeansFacts(
            code: m.string("PaymentMeansCode"),
            accountID: m.string("PayeeFinancialAccount", "ID"),
            bic: m.string("PayeeFinancialAccount", "FinancialInstitutionBranch", "ID"),
            accountName: m.string("PayeeFinancialAccount", "Name"),
            payerAccountID: m.string("PaymentMandate", "PayerFinancialAccount", "ID"),
            mandateID: m.string("PaymentMandate", "ID"),
            paymentID: m.string("PaymentID"),
            line: m.line)
    }

    static func amount(_ node: XMLNode?) -> AmountText? {
        guard let node, let text = node.trimmedText else { return nil }
        return AmountText(text: text, currency: node.attributes["currencyID"], line: node.line)
    }

    static func date(_ node: XMLNode?, field: String) -> DateText? {
        guard let node, let text = node.trimmedText else { return nil }
        return DateText(text: text, line: node.line, field: field)
    }
}
