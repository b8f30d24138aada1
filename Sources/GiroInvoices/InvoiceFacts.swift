import GiroCore

/// The syntaxes an e-invoice is written in, each its own record format.
public enum InvoiceSyntax: String, Sendable, Codable, CaseIterable {
    /// OASIS UBL 2.1 Invoice or CreditNote (EN 16931, XRechnung UBL, Peppol BIS 3, SI-UBL, CIUS-RO, SEF, UBL.BE …).
    case ubl
    /// UN/CEFACT CII D16B (EN 16931, ZUGFeRD 2.x / Factur-X, XRechnung CII).
    case cii
    /// ZUGFeRD 1.0 (UN/CEFACT CrossIndustryDocument).
    case zugferd1
    /// Austrian ebInterface 4.x–6.x.
    case ebInterface

    /// The record's `format`.
    public var formatID: String {
        switch self {
        case .ubl: "eu.einvoice-ubl"
        case .cii: "eu.einvoice-cii"
        case .zugferd1: "de.zugferd-1"
        case .ebInterface: "at.ebinterface"
        }
    }
}

/// One payment means of the invoice (UBL PaymentMeans, CII SpecifiedTradeSettlementPaymentMeans, ebInterface
/// PaymentMethod), as written.
struct PaymentMeansFacts: Sendable {
    var code: String?
    /// Payee's account: IBAN or another account id (BT-84).
    var accountID: String?
    var bic: String?
    var accountName: String?
    /// Direct debit: the payer's account (BT-91) and the mandate (BT-89).
    var payerAccountID: String?
    var mandateID: String?
    /// UBL PaymentID (BT-83) of this means.
    var paymentID: String?
    var line: Int
}

struct PartyFacts: Sendable {
    var name: String?
    var address: Address?
    var vatID: String?
    var companyID: String?
    /// SEPA creditor identifier (BT-90) when the party carries it.
    var sepaCreditorID: String?
}

/// What the mapping needs, read from any of the syntaxes; everything stays text until `InvoiceRecordBuilder`
/// checks it.
struct InvoiceFacts: Sendable {
    var syntax: InvoiceSyntax
    /// CustomizationID / GuidelineSpecifiedDocumentContextParameter / ebInterface schema version.
    var specification: String?
    /// UBL ProfileID / CII BusinessProcessSpecifiedDocumentContextParameter.
    var businessProcess: String?
    var documentType: String?
    /// True for a UBL CreditNote root, CII/ZUGFeRD type 381, ebInterface CreditMemo.
    var isCreditNoteDocument = false
    var id: String?
    var issueDate: DateText?
    var dueDate: DateText?
    var currency: String?
    var payable: AmountText?
    /// No amount due was written (ZUGFeRD 1.0 BASIC, ebInterface 4.x): the grand total less what was prepaid.
    var payableFromTotal: (total: AmountText, prepaid: AmountText?)?
    var grandTotal: AmountText?
    var seller = PartyFacts()
    var payee: PartyFacts?
    var buyer = PartyFacts()
    var means: [PaymentMeansFacts] = []
    /// CII PaymentReference / ebInterface PaymentReference (the document-level remittance reference).
    var paymentReference: String?
    var sepaCreditorID: String?
    var rootLine: Int
}

struct AmountText: Sendable {
    var text: String
    var currency: String?
    var line: Int
}

/// A date as written: ISO (`2024-03-31`) or the UN/CEFACT 102 form (`20240331`).
struct DateText: Sendable {
    var text: String
    var line: Int
    var field: String
}
