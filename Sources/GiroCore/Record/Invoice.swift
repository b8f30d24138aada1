import Foundation

/// Invoice data carried with (or instead of) a payment: Czech SID / QR Faktura, SPAYD `X-INV`.
///
/// Decimal values are strings in JSON (`"1000.00"`, `"-0.24"`); `raw` keeps the original text.
public struct Invoice: Sendable, Codable, Hashable {
    /// The descriptor it was read from (`SID`).
    public var syntax: String?
    public var raw: String
    public var id: String?
    /// ISO 8601 dates: issue, taxable supply (DUZP), tax declaration duty (DPPD), due.
    public var issueDate: String?
    public var taxPointDate: String?
    public var taxDeclarationDate: String?
    public var dueDate: String?
    public var totalAmount: Decimal?
    public var currency: String?
    /// Tax performance code as written (SID `TP`: 0 common, 1 reverse charge, 2 mixed).
    public var taxPerformance: String?
    /// Document type code as written (SID `TD`: 0 non-tax document … 9 other).
    public var documentType: String?
    public var includesAdvances: Bool?
    public var variableSymbol: String?
    public var sellerVATID: String?
    public var sellerCompanyID: String?
    public var buyerVATID: String?
    public var buyerCompanyID: String?
    /// Tax base and tax per VAT rate class.
    public var taxes: [InvoiceTax]
    public var nonTaxableAmount: Decimal?
    public var exchangeRate: Decimal?
    public var foreignCurrencyUnits: Decimal?
    public var account: Account?
    public var software: String?
    public var url: String?
    /// Keys the decoder does not know (custom `X-` keys), `key → value`.
    public var unknownTags: [String: String]

    public init(syntax: String?, raw: String) {
        self.syntax = syntax
        self.raw = raw
        taxes = []
        unknownTags = [:]
    }

    enum CodingKeys: String, CodingKey {
        case syntax, raw, id, issueDate, taxPointDate, taxDeclarationDate, dueDate, totalAmount, currency, taxPerformance
        case documentType, includesAdvances, variableSymbol, sellerVATID, sellerCompanyID, buyerVATID, buyerCompanyID
        case taxes, nonTaxableAmount, exchangeRate, foreignCurrencyUnits, account, software, url, unknownTags
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        syntax = try c.decodeIfPresent(String.self, forKey: .syntax)
        raw = try c.decode(String.self, forKey: .raw)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        issueDate = try c.decodeIfPresent(String.self, forKey: .issueDate)
        taxPointDate = try c.decodeIfPresent(String.self, forKey: .taxPointDate)
        taxDeclarationDate = try c.decodeIfPresent(String.self, forKey: .taxDeclarationDate)
        dueDate = try c.decodeIfPresent(String.self, forKey: .dueDate)
        totalAmount = try DecimalCoding.decodeIfPresent(c, .totalAmount)
        currency = try c.decodeIfPresent(String.self, forKey: .currency)
        taxPerformance = try c.decodeIfPresent(String.self, forKey: .taxPerformance)
        documentType = try c.decodeIfPresent(String.self, forKey: .documentType)
        includesAdvances = try c.decodeIfPresent(Bool.self, forKey: .includesAdvances)
        variableSymbol = try c.decodeIfPresent(String.self, forKey: .variableSymbol)
        sellerVATID = try c.decodeIfPresent(String.self, forKey: .sellerVATID)
        sellerCompanyID = try c.decodeIfPresent(String.self, forKey: .sellerCompanyID)
        buyerVATID = try c.decodeIfPresent(String.self, forKey: .buyerVATID)
        buyerCompanyID = try c.decodeIfPresent(String.self, forKey: .buyerCompanyID)
        taxes = try c.decode([InvoiceTax].self, forKey: .taxes)
        nonTaxableAmount = try DecimalCoding.decodeIfPresent(c, .nonTaxableAmount)
        exchangeRate = try DecimalCoding.decodeIfPresent(c, .exchangeRate)
        foreignCurrencyUnits = try DecimalCoding.decodeIfPresent(c, .foreignCurrencyUnits)
        account = try c.decodeIfPresent(Account.self, forKey: .account)
        software = try c.decodeIfPresent(String.self, forKey: .software)
        url = try c.decodeIfPresent(String.self, forKey: .url)
        unknownTags = try c.decode([String: String].self, forKey: .unknownTags)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(syntax, forKey: .syntax)
        try c.encode(raw, forKey: .raw)
        try c.encode(id, forKey: .id)
        try c.encode(issueDate, forKey: .issueDate)
        try c.encode(taxPointDate, forKey: .taxPointDate)
        try c.encode(taxDeclarationDate, forKey: .taxDeclarationDate)
        try c.encode(dueDate, forKey: .dueDate)
        try c.encode(Self.money(totalAmount), forKey: .totalAmount)
        try c.encode(currency, forKey: .currency)
        try c.encode(taxPerformance, forKey: .taxPerformance)
        try c.encode(documentType, forKey: .documentType)
        try c.encode(includesAdvances, forKey: .includesAdvances)
        try c.encode(variableSymbol, forKey: .variableSymbol)
        try c.encode(sellerVATID, forKey: .sellerVATID)
        try c.encode(sellerCompanyID, forKey: .sellerCompanyID)
        try c.encode(buyerVATID, forKey: .buyerVATID)
        try c.encode(buyerCompanyID, forKey: .buyerCompanyID)
        try c.encode(taxes, forKey: .taxes)
        try c.encode(Self.money(nonTaxableAmount), forKey: .nonTaxableAmount)
        try c.encode(exchangeRate.map { DecimalText.format($0, minimumFractionDigits: 0) }, forKey: .exchangeRate)
        try c.encode(foreignCurrencyUnits.map { DecimalText.format($0, minimumFractionDigits: 0) }, forKey: .foreignCurrencyUnits)
        try c.encode(account, forKey: .account)
        try c.encode(software, forKey: .software)
        try c.encode(url, forKey: .url)
        try c.encode(unknownTags, forKey: .unknownTags)
    }

    static func money(_ v: Decimal?) -> String? { v.map { DecimalText.format($0, minimumFractionDigits: 2) } }
}

/// Tax base and tax amount of one VAT rate class (`standard`, `reduced1`, `reduced2`).
public struct InvoiceTax: Sendable, Codable, Hashable {
    public var rateClass: String
    public var base: Decimal?
    public var tax: Decimal?

    public init(rateClass: String, base: Decimal? = nil, tax: Decimal? = nil) {
        self.rateClass = rateClass
        self.base = base
        self.tax = tax
    }

    enum CodingKeys: String, CodingKey { case rateClass, base, tax }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        rateClass = try c.decode(String.self, forKey: .rateClass)
        base = try DecimalCoding.decodeIfPresent(c, .base)
        tax = try DecimalCoding.decodeIfPresent(c, .tax)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(rateClass, forKey: .rateClass)
        try c.encode(Invoice.money(base), forKey: .base)
        try c.encode(Invoice.money(tax), forKey: .tax)
    }
}
