import GiroCore

/// Classifies element 10 (structured remittance) per formats-west §1.6:
/// RF (ISO 11649) → Belgian OGM/VCS (BE IBAN) → Dutch betalingskenmerk (NL IBAN) →
/// Austrian Zahlungsreferenz (AT IBAN) → `other`.
enum EPCReferenceClassifier {
    struct Outcome: Equatable {
        var reference: Reference
        /// Warning to report, if any: `reference_invalid_checksum` or `reference_unclassified`.
        var warning: ErrorCode?
        var message: String?
        /// A check failed: `true`. For an inferred reference (OGM, betalingskenmerk) the record becomes
        /// `uncertain`; a failing RF check is turned into a rejection by `EPCDecoder` (declared type).
        var uncertain: Bool
    }

    /// The account countries whose national references are recognised (compared once, on bytes).
    enum AccountCountry {
        case belgium, netherlands, austria, other

        /// From the first two bytes of the compact IBAN.
        init<S: StringProtocol>(iban: S) {
            var it = iban.utf8.makeIterator()
            switch (it.next(), it.next()) {
            case (UInt8(ascii: "B"), UInt8(ascii: "E")): self = .belgium
            case (UInt8(ascii: "N"), UInt8(ascii: "L")): self = .netherlands
            case (UInt8(ascii: "A"), UInt8(ascii: "T")): self = .austria
            default: self = .other
            }
        }
    }

    /// `bytes` is the trimmed element, `text` its decoded form, `country` that of the IBAN.
    static func classify(_ bytes: ArraySlice<UInt8>, text: String, country: AccountCountry) -> Outcome {
        // 1. ISO 11649 RF (spaces and lower case tolerated, value kept compact).
        if let u = CreditorReference.compact(bytes), CreditorReference.hasShape(u) {
            let value = String(decoding: u, as: UTF8.self)
            if ISO7064.mod97(u[4...], then: u[0..<4]) == 1 {
                return Outcome(reference: Reference(type: .creditorReference, value: value, valid: true), uncertain: false)
            }
            return Outcome(reference: Reference(type: .creditorReference, value: value, valid: false),
                           warning: .referenceInvalidChecksum,
                           message: "the reference has the RF shape but its check digits do not match (ISO 11649, mod 97)",
                           uncertain: true)
        }
        // 2. Belgian structured communication, only for Belgian accounts.
        if country == .belgium, let digits = Mod97Reference.framedDigits(bytes) {
            let value = String(decoding: digits, as: UTF8.self)
            if Mod97Reference.hasValidCheck(digits: digits) {
                return Outcome(reference: Reference(type: .belgianStructured, value: value, valid: true), uncertain: false)
            }
            return Outcome(reference: Reference(type: .belgianStructured, value: value, valid: false),
                           warning: .referenceInvalidChecksum,
                           message: "Belgian structured communication: check digits do not match (first 10 digits mod 97)",
                           uncertain: true)
        }
        // 3. Dutch betalingskenmerk, only for Dutch accounts.
        if country == .netherlands, let digits = WeightedMod11Reference.shapeDigits(bytes) {
            let value = String(decoding: digits, as: UTF8.self)
            let check = WeightedMod11Reference.check(digits: digits)
            if check != false {
                return Outcome(reference: Reference(type: .dutchPaymentReference, value: value, valid: check), uncertain: false)
            }
            return Outcome(reference: Reference(type: .dutchPaymentReference, value: value, valid: false),
                           warning: .referenceInvalidChecksum,
                           message: "Dutch betalingskenmerk: check digit or length code does not match (weighted mod 11)",
                           uncertain: true)
        }
        // 4. Austria: the Zahlungsreferenz is free text of up to 35 characters.
        if country == .austria {
            return Outcome(reference: Reference(type: .austrianPaymentReference, value: text, valid: nil), uncertain: false)
        }
        // 5. Anything else is kept verbatim.
        return Outcome(reference: Reference(type: .other, value: text, valid: nil),
                       warning: .referenceUnclassified,
                       message: "element 10 is not an RF reference nor a national structured reference of the account's country; kept verbatim",
                       uncertain: false)
    }

    /// Element 11 (free text) holding nothing but a national reference of the account's country: a Belgian OGM
    /// (framed or 12 bare digits) or a Dutch betalingskenmerk (16 or 9–14 digits). Free text claims less than
    /// element 10: bare digits whose check fails are just text (nil); a framed OGM (`+++…+++`) is meant as one,
    /// so a failing check is kept with a warning, as in element 10. The 7-digit kenmerk has no check: not claimed.
    static func classifyRemittance(_ bytes: ArraySlice<UInt8>, country: AccountCountry) -> Outcome? {
        switch country {
        case .belgium:
            guard let digits = Mod97Reference.framedDigits(bytes) else { return nil }
            let value = String(decoding: digits, as: UTF8.self)
            if Mod97Reference.hasValidCheck(digits: digits) {
                return Outcome(reference: Reference(type: .belgianStructured, value: value, valid: true), uncertain: false)
            }
            guard bytes.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "*") }) else { return nil }
            return Outcome(reference: Reference(type: .belgianStructured, value: value, valid: false),
                           warning: .referenceInvalidChecksum,
                           message: "Belgian structured communication in element 11: check digits do not match (first 10 digits mod 97)",
                           uncertain: true)
        case .netherlands:
            guard let digits = WeightedMod11Reference.shapeDigits(bytes), digits.count != 7,
                  WeightedMod11Reference.check(digits: digits) == true else { return nil }
            return Outcome(reference: Reference(type: .dutchPaymentReference, value: String(decoding: digits, as: UTF8.self), valid: true),
                           uncertain: false)
        case .austria, .other:
            return nil
        }
    }
}
