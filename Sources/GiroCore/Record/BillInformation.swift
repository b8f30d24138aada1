import Foundation

/// Structured bill information carried next to a payment (Swiss `StrdBkgInf`, e.g. Swico S1).
///
/// `syntax` names the standard (`S1`); `raw` keeps the original text, so nothing is lost
/// when a standard is unknown (then only `syntax` and `raw` are set).
public struct BillInformation: Sendable, Codable, Hashable {
    public var syntax: String?
    public var raw: String
    public var invoiceNumber: String?
    /// ISO 8601 date (`2020-10-15`).
    public var invoiceDate: String?
    public var customerReference: String?
    /// VAT number without prefix (Swiss UID digits).
    public var vatNumber: String?
    /// VAT date, or the start of the VAT period.
    public var vatDate: String?
    public var vatPeriodEnd: String?
    public var vatDetails: [TaxRate]
    public var importTaxes: [TaxRate]
    public var paymentConditions: [PaymentCondition]
    /// Tags the decoder does not know, kept as `tag → value`.
    public var unknownTags: [String: String]

    public init(syntax: String?, raw: String) {
        self.syntax = syntax
        self.raw = raw
        vatDetails = []
        importTaxes = []
        paymentConditions = []
        unknownTags = [:]
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(syntax, forKey: .syntax)
        try c.encode(raw, forKey: .raw)
        try c.encode(invoiceNumber, forKey: .invoiceNumber)
        try c.encode(invoiceDate, forKey: .invoiceDate)
        try c.encode(customerReference, forKey: .customerReference)
        try c.encode(vatNumber, forKey: .vatNumber)
        try c.encode(vatDate, forKey: .vatDate)
        try c.encode(vatPeriodEnd, forKey: .vatPeriodEnd)
        try c.encode(vatDetails, forKey: .vatDetails)
        try c.encode(importTaxes, forKey: .importTaxes)
        try c.encode(paymentConditions, forKey: .paymentConditions)
        try c.encode(unknownTags, forKey: .unknownTags)
    }
}

/// A tax rate in percent, optionally with the amount it applies to (decimal strings in JSON).
public struct TaxRate: Sendable, Codable, Hashable {
    public var rate: Decimal
    public var amount: Decimal?
    public init(rate: Decimal, amount: Decimal? = nil) {
        self.rate = rate
        self.amount = amount
    }
    enum CodingKeys: String, CodingKey { case rate, amount }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        rate = try DecimalCoding.decode(c, .rate)
        amount = try DecimalCoding.decodeIfPresent(c, .amount)
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(DecimalText.format(rate, minimumFractionDigits: 0), forKey: .rate)
        try c.encode(amount.map { DecimalText.format($0, minimumFractionDigits: 2) }, forKey: .amount)
    }
}

/// A cash discount in percent if paid within `days` (`0` percent = net terms).
public struct PaymentCondition: Sendable, Codable, Hashable {
    public var discount: Decimal
    public var days: Int
    public init(discount: Decimal, days: Int) {
        self.discount = discount
        self.days = days
    }
    enum CodingKeys: String, CodingKey { case discount, days }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        discount = try DecimalCoding.decode(c, .discount)
        days = try c.decode(Int.self, forKey: .days)
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(DecimalText.format(discount, minimumFractionDigits: 0), forKey: .discount)
        try c.encode(days, forKey: .days)
    }
}

enum DecimalCoding {
    static func decode<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> Decimal {
        let text = try c.decode(String.self, forKey: key)
        guard let v = DecimalText.parse(text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "not a decimal string")
        }
        return v
    }
    static func decodeIfPresent<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> Decimal? {
        guard let text = try c.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let v = DecimalText.parse(text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "not a decimal string")
        }
        return v
    }
}
