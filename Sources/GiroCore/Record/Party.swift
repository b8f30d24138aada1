/// A postal address. Structured fields when the format has them, free `lines` otherwise.
public struct Address: Sendable, Codable, Hashable {
    public var street: String?
    public var buildingNumber: String?
    public var postalCode: String?
    public var town: String?
    /// ISO 3166-1 alpha-2.
    public var country: String?
    /// Unstructured address lines (e.g. Swiss address type K), in payload order.
    public var lines: [String]

    public init(street: String? = nil, buildingNumber: String? = nil, postalCode: String? = nil,
                town: String? = nil, country: String? = nil, lines: [String] = []) {
        self.street = street
        self.buildingNumber = buildingNumber
        self.postalCode = postalCode
        self.town = town
        self.country = country
        self.lines = lines
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(street, forKey: .street)
        try c.encode(buildingNumber, forKey: .buildingNumber)
        try c.encode(postalCode, forKey: .postalCode)
        try c.encode(town, forKey: .town)
        try c.encode(country, forKey: .country)
        try c.encode(lines, forKey: .lines)
    }
}

/// A bank account: IBAN (compact, upper case) and/or a national account number, plus the BIC.
public struct Account: Sendable, Codable, Hashable {
    public var iban: String?
    public var bic: String?
    /// Swiss/Liechtenstein QR-IBAN (IID 30000–31999); `nil` where the notion does not apply.
    public var isQRIBAN: Bool?
    /// National account number as printed (e.g. Czech `19-2000145399/0800`), when the format uses one.
    public var number: String?
    public var bankCode: String?

    public init(iban: String? = nil, bic: String? = nil, isQRIBAN: Bool? = nil, number: String? = nil, bankCode: String? = nil) {
        self.iban = iban
        self.bic = bic
        self.isQRIBAN = isQRIBAN
        self.number = number
        self.bankCode = bankCode
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(iban, forKey: .iban)
        try c.encode(bic, forKey: .bic)
        try c.encode(isQRIBAN, forKey: .isQRIBAN)
        try c.encode(number, forKey: .number)
        try c.encode(bankCode, forKey: .bankCode)
    }
}

/// Who pays or is paid.
public struct Party: Sendable, Codable, Hashable {
    public var name: String?
    public var address: Address?
    public var account: Account?

    public init(name: String? = nil, address: Address? = nil, account: Account? = nil) {
        self.name = name
        self.address = address
        self.account = account
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(address, forKey: .address)
        try c.encode(account, forKey: .account)
    }
}
