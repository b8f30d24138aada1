import GiroCore

/// A national reference kind a plug-in validates (Belgian OGM, Dutch betalingskenmerk …), given to the decoder by
/// the engine: this module imports GiroCore only, never a country plug-in.
public struct InvoiceReferenceKind: Sendable {
    public var type: ReferenceType
    /// ISO 3166 country whose invoices use it (the payee's or seller's country is compared).
    public var country: String
    public var identifier: any Identifier

    public init(type: ReferenceType, country: String, identifier: any Identifier) {
        self.type = type
        self.country = country
        self.identifier = identifier
    }
}

/// Types a payment reference as written in an invoice: RF, Swiss QR reference, a national model, or `other`.
/// A reference that has the shape of a checked kind but fails its check is reported, never retyped silently.
enum ReferenceTyping {
    struct Outcome {
        var reference: Reference
        var problem: (code: ErrorCode, message: String, uncertain: Bool)?
    }

    static func type(_ raw: String, country: String?, national: [InvoiceReferenceKind]) -> Outcome {
        let compact = Array(raw.utf8.filter { $0 != 0x20 })
        let upper = compact.map { $0 >= 97 && $0 <= 122 ? $0 - 32 : $0 }
        if upper.starts(with: Array("RF".utf8)), CreditorReference.hasShape(upper) {
            if let value = try? CreditorReference.validate(upper) {
                return Outcome(reference: Reference(type: .creditorReference, value: value, valid: true))
            }
            return Outcome(reference: Reference(type: .creditorReference, value: String(decoding: upper, as: UTF8.self), valid: false),
                           problem: (.referenceInvalidChecksum, "the RF creditor reference fails its ISO 11649 check digits", true))
        }
        if (country == "CH" || country == "LI"), upper.count == 27, upper.allSatisfy(isDigit) {
            let value = String(decoding: upper, as: UTF8.self)
            let valid = (try? QRReference.validate(upper)) != nil
            return Outcome(reference: Reference(type: .qrReference, value: value, valid: valid),
                           problem: valid ? nil : (.referenceInvalidChecksum, "the QR reference fails its mod 10 check digit", true))
        }
        for (prefix, type, scheme) in [("HR", ReferenceType(rawValue: "hr.model"), ReferenceModelScheme.hr),
                                       ("SI", ReferenceType(rawValue: "si.model"), ReferenceModelScheme.si)]
        where upper.count > 4 && upper.starts(with: Array(prefix.utf8)) && isDigit(upper[2]) && isDigit(upper[3]) {
            let model = String(decoding: upper[0..<4], as: UTF8.self)
            let rest = String(decoding: upper[4...], as: UTF8.self)
            let check = scheme.check(model: model, reference: rest)
            return Outcome(reference: check.reference(type: type, value: model + " " + rest),
                           problem: check.warning(reference: rest).map { ($0.code, $0.message, true) })
        }
        if country == "RS", upper.count > 2, upper.count <= TwoDigitReferenceModels.maxLength, isDigit(upper[0]), isDigit(upper[1]) {
            let model = String(decoding: upper[0..<2], as: UTF8.self)
            // SEF writes the poziv na broj with its printed hyphens (`97 11-3200`); the model checks the digits.
            let rest = String(decoding: upper[2...].filter { $0 != 0x2D }, as: UTF8.self)
            let check = TwoDigitReferenceModels.check(model: model, reference: rest)
            if check.known {
                return Outcome(reference: check.reference(type: "rs.model", value: model + rest),
                               problem: check.warning(reference: rest).map { ($0.code, $0.message, true) })
            }
        }
        for kind in national where kind.country == country {
            if let valid = try? kind.identifier.validate(raw) {
                return Outcome(reference: Reference(type: kind.type, value: valid.compact, valid: true))
            }
        }
        return Outcome(reference: Reference(type: .other, value: raw, valid: nil))
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
}
