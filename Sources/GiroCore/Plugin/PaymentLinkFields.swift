import Foundation

/// The payment fields of a link's query: amount, IBAN, reference.
extension PaymentLinkDecoder {
    /// A malformed amount rejects the link, as in every format: a payer must never see a guessed amount.
    package mutating func amount(_ item: PaymentLink.QueryItem, cents: Bool) throws(GiroError) {
        let u = Array(item.value.utf8)
        let point = u.firstIndex(of: UInt8(ascii: "."))
        let decimals = point.map { u.count - $0 - 1 } ?? 0
        guard !u.isEmpty, u.count <= 15, let parsed = DecimalText.parseUnsigned(u[...]), !(cents && point != nil), decimals <= 2 else {
            throw fail(.amountInvalid, field: "amount", offset: item.offset,
                       cents ? "'\(item.value)' is not an amount in whole cents" : "'\(item.value)' is not an amount (digits, `.`, two decimals)")
        }
        let value = cents ? Decimal(sign: .plus, exponent: -2, significand: parsed) : parsed
        if value == 0 { info(.amountZero, field: "amount", offset: item.offset, "amount 0: the payer enters the amount") }
        record.amount = Amount(value: value, currency: rules.currency)
    }

    /// An IBAN must be valid; a failing national check on a correct mod 97 is kept (uncertain), as everywhere.
    mutating func iban(_ item: PaymentLink.QueryItem) throws(GiroError) {
        let raw = Array(item.value.utf8)
        let field = "creditor.account.iban"
        do {
            let (iban, compaction) = try IBAN.validate(raw, field: field)
            if !compaction.isUnchanged { warn(.ibanSpaces, field: field, offset: item.offset, "IBAN compacted") }
            setCreditor { $0.account = Account(iban: iban.compact) }
        } catch {
            guard error.code == .ibanInvalidNationalCheck else { throw fail(error.code, field: field, offset: item.offset, error.message) }
            warn(.ibanInvalidNationalCheck, field: field, offset: item.offset, uncertain: true, error.message + "; kept (mod 97 is correct)")
            let compact = String(decoding: IBAN.compact(raw).0, as: UTF8.self)
            setCreditor { $0.account = Account(iban: compact) }
        }
    }

    /// Typed by the plug-in's classifier; a typed reference whose check fails is kept (uncertain): a link
    /// carries no declared type, so the type itself is a guess from the shape.
    package mutating func reference(_ item: PaymentLink.QueryItem) {
        switch rules.classifyReference(item.value) {
        case .success(let r)?: record.reference = r
        case .failure(let e)?:
            warn(e.code, field: "reference", offset: item.offset, uncertain: true, e.message + "; kept as written")
            record.reference = Reference(type: .other, value: item.value, valid: nil)
        case nil: record.reference = Reference(type: .other, value: item.value, valid: nil)
        }
    }
}

/// Reference classifiers link plug-ins share.
package enum PaymentLinkReferences {
    /// `RF…` → ISO 11649; otherwise `national` (which may decline with nil).
    package static func classify(_ value: String, national: (String) -> Result<Reference, GiroError>?) -> Result<Reference, GiroError>? {
        let u = Array(value.utf8)
        if u.count >= 4, u[0] | 0x20 == UInt8(ascii: "r"), u[1] | 0x20 == UInt8(ascii: "f") {
            do { return .success(Reference(type: .creditorReference, value: try CreditorReference.validate(u), valid: true)) }
            catch { return .failure(error) }
        }
        return national(value)
    }
}

extension PaymentLinkRules {
    /// Parameter names link generators commonly use (English and Dutch); a plug-in adds its scheme's own.
    package static let commonFields: [String: PaymentLinkField] = [
        "amount": .amount, "bedrag": .amount,
        "iban": .iban,
        "name": .creditorName, "naam": .creditorName,
        "description": .remittance, "omschrijving": .remittance,
        "reference": .reference, "kenmerk": .reference, "betalingskenmerk": .reference,
    ]
}
