/// The identifiers `giro check` validates: one entry point, one result shape.
public enum IdentifierKind: String, Sendable, Codable, CaseIterable {
    case iban, bic, rf, qrr
    /// UK sort code + account number (`089999 66374958`), Pay.UK modulus checked; details: method, exception, checks.
    case ukAccount = "uk-account"
    /// Belgian structured communication (OGM/VCS, `+++010/8068/17183+++`): 12 digits, mod 97 (0 → 97).
    case beOGM = "be-ogm"
    /// Dutch betalingskenmerk (7, 9–14 or 16 digits), weighted mod 11; details: `checkDigit`, `lengthCode`.
    case nlBetalingskenmerk = "nl-betalingskenmerk"
}

/// The outcome of validating one identifier.
public struct IdentifierCheck: Sendable, Codable, Hashable {
    public var kind: IdentifierKind
    public var input: String
    public var valid: Bool
    /// Compact (electronic) form when valid.
    public var compact: String?
    /// Print form when valid (`GB82 WEST 1234 …`, `21 00000 …`).
    public var formatted: String?
    public var error: GiroError?
    /// Facts about a valid identifier: `country`, `bankCode`, `qrIBAN`, `sepa`.
    public var details: [String: String]

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(input, forKey: .input)
        try c.encode(valid, forKey: .valid)
        try c.encode(compact, forKey: .compact)
        try c.encode(formatted, forKey: .formatted)
        try c.encode(error, forKey: .error)
        try c.encode(details, forKey: .details)
    }

    /// Validates `input` as `kind`. Never throws; failures are in ``error``.
    public static func check(_ kind: IdentifierKind, _ input: String) -> IdentifierCheck {
        var result = IdentifierCheck(kind: kind, input: input, valid: false, details: [:])
        let bytes = Array(input.utf8)
        do throws(GiroError) {
            switch kind {
            case .iban:
                let (iban, _) = try IBAN.validate(bytes)
                result.compact = iban.compact
                result.formatted = iban.formatted
                result.details["country"] = iban.countryCode
                if let entry = iban.registryEntry {
                    if let sepa = entry.sepa { result.details["sepa"] = String(sepa) }
                    result.details["nationalCheck"] = NationalCheckDigits.supportedCountries.contains(entry.code) ? "verified" : "none"
                }
                if let bank = iban.bankCode { result.details["bankCode"] = bank }
                if iban.countryCode == "CH" || iban.countryCode == "LI" { result.details["qrIBAN"] = String(iban.isQRIBAN) }
            case .bic:
                let bic = try BIC.validate(bytes)
                result.compact = bic
                result.formatted = bic
                result.details["country"] = String(bic.dropFirst(4).prefix(2))
            case .rf:
                let rf = try CreditorReference.validate(bytes)
                result.compact = rf
                result.formatted = CreditorReference.format(rf)
            case .qrr:
                let qrr = try QRReference.validate(bytes)
                result.compact = qrr
                result.formatted = QRReference.format(qrr)
            case .beOGM:
                let ogm = try BelgianOGM.validate(bytes)
                (result.compact, result.formatted) = (ogm, BelgianOGM.formatted(ogm))
            case .nlBetalingskenmerk:
                let kenmerk = try DutchBetalingskenmerk.validate(bytes)
                (result.compact, result.formatted) = (kenmerk.compact, DutchBetalingskenmerk.formatted(kenmerk.compact))
                result.details["checkDigit"] = kenmerk.hasCheckDigit ? "verified" : "none"
                if let code = kenmerk.lengthCode { result.details["lengthCode"] = String(code) }
            case .ukAccount:
                let uk = try UKModulus.check(bytes: bytes)
                result.details = uk.details
                if let error = uk.error { throw error }
                (result.compact, result.formatted) = (uk.account.compact, uk.account.formatted)
            }
            result.valid = true
        } catch {
            result.error = error
        }
        return result
    }
}
