import GiroCore

/// Austrian ebInterface 4.x–6.x (namespace `http://www.ebinterface.at/schema/<v>/`).
enum EbInterfaceReader {
    static func read(_ root: XMLNode, version: String) -> InvoiceFacts {
        var f = InvoiceFacts(syntax: .ebInterface, rootLine: root.line)
        f.specification = "ebInterface " + version
        f.id = root.string("InvoiceNumber")
        f.documentType = root.attributes["DocumentType"]
        f.isCreditNoteDocument = f.documentType == "CreditMemo"
        f.currency = root.attributes["InvoiceCurrency"]
        f.issueDate = UBLReader.date(root.child("InvoiceDate"), field: "invoice.issueDate")
        if let biller = root.child("Biller") { f.seller = party(biller) }
        if let recipient = root.child("InvoiceRecipient") { f.buyer = party(recipient) }
        f.grandTotal = UBLReader.amount(root.child("TotalGrossAmount"))
        // 4.x has no PayableAmount: the gross total is what is due (read with a note, like ZUGFeRD 1.0 BASIC).
        f.payable = UBLReader.amount(root.child("PayableAmount"))
        if f.payable == nil, let total = f.grandTotal { f.payableFromTotal = (total, nil) }
        f.dueDate = UBLReader.date(root.at("PaymentConditions", "DueDate"), field: "dueDate")
        guard let method = root.child("PaymentMethod") else { return f }
        if let transfer = method.child("UniversalBankTransaction") {
            f.paymentReference = transfer.string("PaymentReference")
            // Each beneficiary account is a means of its own (30, credit transfer); the first is the primary one.
            f.means = transfer.children("BeneficiaryAccount").map { a in
                PaymentMeansFacts(code: "30", accountID: a.string("IBAN") ?? a.string("BankAccountNr"), bic: a.string("BIC"),
                                  accountName: a.string("BankAccountOwner"), line: a.line)
            }
        } else if method.child("DirectDebit") != nil {
            f.means = [PaymentMeansFacts(code: "49", line: method.line)]
        } else if method.child("NoPayment") != nil {
            f.means = [PaymentMeansFacts(code: "ZZZ", line: method.line)]
        }
        return f
    }

    static func party(_ p: XMLNode) -> PartyFacts {
        var out = PartyFacts()
        out.vatID = p.string("VATIdentificationNumber")
        if let a = p.child("Address") {
            out.name = a.string("Name")
            let country = a.child("Country")
            out.address = Address(street: a.string("Street"), postalCode: a.string("ZIP"), town: a.string("Town"),
                                  country: country?.attributes["CountryCode"], lines: [])
        }
        return out
    }
}
