import Foundation

/// Czech/Slovak payment symbols: variable (VS), constant (KS) and specific (SS), digits as written.
public struct PaymentSymbols: Sendable, Codable, Hashable {
    public var variable: String?
    public var constant: String?
    public var specific: String?

    public init(variable: String? = nil, constant: String? = nil, specific: String? = nil) {
        self.variable = variable
        self.constant = constant
        self.specific = specific
    }

    /// nil when no symbol is set, so records without symbols encode `null`.
    package var nonEmpty: PaymentSymbols? { variable == nil && constant == nil && specific == nil ? nil : self }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(variable, forKey: .variable)
        try c.encode(constant, forKey: .constant)
        try c.encode(specific, forKey: .specific)
    }
}

/// A standing order (recurring payment) the payer is asked to set up.
public struct StandingOrder: Sendable, Codable, Hashable {
    /// Normalized period: `daily`, `weekly`, `biweekly`, `monthly`, `bimonthly`, `quarterly`,
    /// `semiannually`, `annually`; nil when the code is unknown (``frequencyCode`` keeps it).
    public var frequency: String?
    /// The period as written (`1M` in SPAYD, `m` in PAY by square).
    public var frequencyCode: String?
    /// Day of the month (1–31) or of the week (1–7, weekly periods).
    public var day: Int?
    /// Months of execution (1–12), from a month bit set; empty when not given.
    public var months: [Int]
    /// ISO 8601 date of the first and the last execution.
    public var firstDate: String?
    public var lastDate: String?
    /// `true`: stop after the account owner's death; `false`: continue; nil when not said.
    public var stopOnDeath: Bool?

    public init(frequency: String? = nil, frequencyCode: String? = nil, day: Int? = nil, months: [Int] = [],
                firstDate: String? = nil, lastDate: String? = nil, stopOnDeath: Bool? = nil) {
        self.frequency = frequency
        self.frequencyCode = frequencyCode
        self.day = day
        self.months = months
        self.firstDate = firstDate
        self.lastDate = lastDate
        self.stopOnDeath = stopOnDeath
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(frequency, forKey: .frequency)
        try c.encode(frequencyCode, forKey: .frequencyCode)
        try c.encode(day, forKey: .day)
        try c.encode(months, forKey: .months)
        try c.encode(firstDate, forKey: .firstDate)
        try c.encode(lastDate, forKey: .lastDate)
        try c.encode(stopOnDeath, forKey: .stopOnDeath)
    }
}

/// A direct-debit mandate or consent (SPAYD `SCD`, PAY by square direct-debit extension).
public struct DirectDebit: Sendable, Codable, Hashable {
    /// `sepa` or `other` (PAY by square); nil when the format does not say.
    public var scheme: String?
    /// `one-off` or `recurrent`; nil when not said.
    public var type: String?
    public var mandateID: String?
    public var creditorID: String?
    public var contractID: String?
    /// Upper limit of one collection (or of the period's collections, SPAYD `SCD`).
    public var maxAmount: Amount?
    /// Period the limit applies to (SPAYD `SCD` `FRQ`), normalized like ``StandingOrder/frequency``.
    public var limitPeriod: String?
    public var validFrom: String?
    public var validTill: String?
    public var symbols: PaymentSymbols?
    /// Originator's reference of the collections (SEPA end-to-end id).
    public var reference: String?
    public var stopOnDeath: Bool?

    public init() {}

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(scheme, forKey: .scheme)
        try c.encode(type, forKey: .type)
        try c.encode(mandateID, forKey: .mandateID)
        try c.encode(creditorID, forKey: .creditorID)
        try c.encode(contractID, forKey: .contractID)
        try c.encode(maxAmount, forKey: .maxAmount)
        try c.encode(limitPeriod, forKey: .limitPeriod)
        try c.encode(validFrom, forKey: .validFrom)
        try c.encode(validTill, forKey: .validTill)
        try c.encode(symbols, forKey: .symbols)
        try c.encode(reference, forKey: .reference)
        try c.encode(stopOnDeath, forKey: .stopOnDeath)
    }
}
