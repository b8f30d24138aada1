import GiroCore

/// UN/CEFACT Cross Industry Invoice D16B (ZUGFeRD 2.x, Factur-X, XRechnung CII) and its predecessor, ZUGFeRD 1.0's
/// CrossIndustryDocument: the same business terms under older container names.
enum CIIReader {
    static func read(_ root: XMLNode, zugferd1: Bool) -> InvoiceFacts {
        var f = InvoiceFacts(syntax: zugferd1 ? .zugferd1 : .cii, rootLine: root.line)
        let context = root.child(zugferd1 ? "SpecifiedExchangedDocumentContext" : "ExchangedDocumentContext")
        f.specification = context?.string("GuidelineSpecifiedDocumentContextParameter", "ID")
        f.businessProcess = context?.string("BusinessProcessSpecifiedDocumentContextParameter", "ID")
        let document = root.child(zugferd1 ? "HeaderExchangedDocument" : "ExchangedDocument")
        f.id = document?.string("ID")
        f.documentType = document?.string("TypeCode")
        if let t = f.documentType, UBLReader.creditNoteTypeCodes.contains(t) { f.isCreditNoteDocument = true }
        f.issueDate = date(document?.at("IssueDateTime", "DateTimeString"), field: "invoice.issueDate")
        let transaction = root.child(zugferd1 ? "SpecifiedSupplyChainTradeTransaction" : "SupplyChainTradeTransaction")
        let agreement = transaction?.child(zugferd1 ? "ApplicableSupplyChainTradeAgreement" : "ApplicableHeaderTradeAgreement")
        if let seller = agreement?.child("SellerTradeParty") { f.seller = party(seller) }
        if let buyer = agreement?.child("BuyerTradeParty") { f.buyer = party(buyer) }
        guard let settlement = transaction?.child(zugferd1 ? "ApplicableSupplyChainTradeSettlement" : "ApplicableHeaderTradeSettlement") else {
            return f
        }
        f.currency = settlement.string("InvoiceCurrencyCode")
        f.paymentReference = settlement.string("PaymentReference")
        f.sepaCreditorID = settlement.string("CreditorReferenceID")
        if let payee = settlement.child("PayeeTradeParty") { f.payee = party(payee) }
        let terms = settlement.children("SpecifiedTradePaymentTerms")
        f.dueDate = terms.lazy.compactMap { date($0.at("DueDateDateTime", "DateTimeString"), field: "dueDate") }.first
        let mandate = terms.lazy.compactMap { $0.string("DirectDebitMandateID") }.first
        f.means = settlement.children("SpecifiedTradeSettlementPaymentMeans").map { m in
            let payee = m.child("PayeePartyCreditorFinancialAccount")
            return PaymentMeansFacts(
                code: m.string("TypeCode"),
                accountID: payee?.string("IBANID") ?? payee?.string("ProprietaryID"),
                bic: m.string("PayeeSpecifiedCreditorFinancialInstitution", "BICID"),
                accountName: payee?.string("AccountName"),
                payerAccountID: m.string("PayerPartyDebtorFinancialAccount", "IBANID"),
                mandateID: mandate,
                paymentID: nil,
                line: m.line)
        }
        if let sum = settlement.child(zugferd1 ? "SpecifiedTradeSettlementMonetarySummation" : "SpecifiedTradeSettlementHeaderMonetarySummation") {
            f.payable = amount(sum.child("DuePayableAmount"))
            f.grandTotal = amount(sum.child("GrandTotalAmount"))
            if f.payable == nil, let total = f.grandTotal {
                f.payableFromTotal = (total, amount(sum.child("TotalPrepaidAmount")))
            }
        }
        return f
    }

    static func party(_ p: XMLNode) -> PartyFacts {
        var out = PartyFacts()
        out.name = p.string("Name")
        if let a = p.child("PostalTradeAddress") {
            var lines: [String] = []
            for key in ["LineTwo", "LineThree"] { if let l = a.string(key) { lines.append(l) } }
            out.address = Address(street: a.string("LineOne"), postalCode: a.string("PostcodeCode"), town: a.string("CityName"),
                                  country: a.string("CountryID"), lines: lines)
        }
        for reg in p.children("SpecifiedTaxRegistration") {
            if let id = reg.child("ID"), id.attributes["schemeID"] == "VA" { out.vatID = id.trimmedText }
        }
        out.companyID = p.string("SpecifiedLegalOrganization", "ID")
        return out
    }

    static func amount(_ node: XMLNode?) -> AmountText? { UBLReader.amount(node) }

    static func date(_ node: XMLNode?, field: String) -> DateText? { UBLReader.date(node, field: field) }
}
