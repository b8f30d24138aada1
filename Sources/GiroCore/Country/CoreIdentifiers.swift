/// The international identifiers every country shares (`giro check iban|bic|rf|qrr`), in the ``Identifier`` shape.

/// IBAN of every country in the SWIFT registry: length, BBAN structure, mod 97 and the national check digits the
/// registry data names.
package struct IBANIdentifier: Identifier {
    public let kind = "iban"
    public let country: String? = nil
    public let summary = "IBAN (ISO 13616): registry length and structure, mod 97, national BBAN check digits"
    public let example = "GB82 WEST 1234 5698 7654 32"

    package init() {}

    public func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        let (iban, _) = try IBAN.validate(Array(input.utf8.prefix(PayloadLimits.maxBytes)))
        var details = ["country": iban.countryCode]
        if let entry = iban.registryEntry {
            if let sepa = entry.sepa { details["sepa"] = String(sepa) }
            details["nationalCheck"] = NationalCheckDigits.supportedCountries.contains(entry.code) ? "verified" : "none"
        }
        if let bank = iban.bankCode { details["bankCode"] = bank }
        if iban.countryCode == "CH" || iban.countryCode == "LI" { details["qrIBAN"] = String(iban.isQRIBAN) }
        return ValidIdentifier(compact: iban.compact, formatted: iban.formatted, details: details)
    }
}

/// BIC (ISO 9362): 8 or 11 characters, a known country.
package struct BICIdentifier: Identifier {
    public let kind = "bic"
    public let country: String? = nil
    public let summary = "BIC (ISO 9362): 8 or 11 characters, bank, country, location, branch"
    public let example = "DEUTDEFF"

    package init() {}

    public func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        let bic = try BIC.validate(Array(input.utf8.prefix(PayloadLimits.maxBytes)))
        return ValidIdentifier(compact: bic, formatted: bic, details: ["country": String(bic.dropFirst(4).prefix(2))])
    }
}

/// ISO 11649 creditor reference (`RF18 5390 0754 7034`).
package struct CreditorReferenceIdentifier: Identifier {
    public let kind = "rf"
    public let country: String? = nil
    public let summary = "ISO 11649 creditor reference (RF + 2 check digits + up to 21 characters), mod 97"
    public let example = "RF18 5390 0754 7034"

    package init() {}

    public func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        let rf = try CreditorReference.validate(Array(input.utf8.prefix(PayloadLimits.maxBytes)))
        return ValidIdentifier(compact: rf, formatted: CreditorReference.format(rf))
    }
}

/// The 27-digit QR reference of Swiss QR-bills and ESR slips (mod 10 recursive), used by two plug-ins' formats
/// and the parsers, so it is the core's.
package struct QRReferenceIdentifier: Identifier {
    public let kind = "qrr"
    public let country: String? = nil
    public let summary = "QR reference (QR-bill QRR, ESR reference): 27 digits, mod 10 recursive"
    public let example = "21 00000 00003 13947 14300 09017"

    package init() {}

    public func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        let qrr = try QRReference.validate(Array(input.utf8.prefix(PayloadLimits.maxBytes)))
        return ValidIdentifier(compact: qrr, formatted: QRReference.format(qrr))
    }
}
