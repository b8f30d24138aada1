import Foundation
import GiroCore

/// Currency (field 2), amount (3), recipient account (10), model and reference (11, 12), purpose (13).
extension HUB3Decoder {
    /// `EUR` (since 2023) or the legacy `HRK`.
    func currency() throws(GiroError) -> String {
        let i = HUB3Layout.currency
        if lines.line(i, equals: "EUR") { return "EUR" }
        if lines.line(i, equals: "HRK") { return "HRK" }
        let raw = lines.raw(i)
        guard !raw.isEmpty else { throw fail(.fieldMissing, line: i, "the currency is mandatory (EUR)") }
        let code = String(decoding: raw, as: UTF8.self)
        if Currency.isValid(code) { throw fail(.currencyNotAllowed, line: i, "HUB3 amounts are in EUR (or legacy HRK), found \(code)") }
        throw fail(.currencyInvalid, line: i, "'\(code)' is not a currency code")
    }

    /// 15 digits of cents, zero-padded. All zeros = amount left to the payer (info `amount_zero`).
    mutating func amount() throws(GiroError) -> Decimal {
        try zeroPaddedCents(line: HUB3Layout.amount, digits: HUB3Layout.amountDigits, unpadded: .hub3AmountUnpadded)
    }

    /// A valid IBAN (Croatian, or another registry country with `iban_country_not_allowed`), or a legacy
    /// `VBDI-account` (7 + 10 digits, ISO 7064 MOD 11,10 each) from which the HR IBAN is derived. A failing
    /// national check on an IBAN whose mod 97 holds is kept (`iban_invalid_national_check`, uncertain).
    mutating func creditorAccount() throws(GiroError) -> Account {
        let i = HUB3Layout.account
        let raw = lines.raw(i)
        guard !raw.isEmpty else { throw fail(.fieldMissing, line: i, "the recipient IBAN is mandatory") }
        if let legacy = try legacyAccount(raw) { return legacy }
        let iban: String
        let compaction: IBAN.Compaction
        do {
            let valid = try IBAN.validate(raw, field: path(i))
            (iban, compaction) = (valid.iban.compact, valid.compaction)
        } catch {
            guard error.code == .ibanInvalidNationalCheck else { throw fail(error.code, line: i, error.message) }
            warn(.ibanInvalidNationalCheck, line: i, uncertain: true, error.message + "; kept (mod 97 is correct)")
            let (compact, c) = IBAN.compact(raw)
            (iban, compaction) = (String(decoding: compact, as: UTF8.self), c)
        }
        if compaction.removedSpaces || compaction.removedOtherSeparators { warn(.ibanSpaces, line: i, "spaces or separators removed from the IBAN") }
        if compaction.loweredCase { warn(.ibanLowercase, line: i, "lower-case IBAN upper-cased") }
        if !iban.hasPrefix("HR") {
            warn(.ibanCountryNotAllowed, line: i, "\(iban.prefix(2)) IBAN on a Croatian slip; accepted")
        }
        return Account(iban: iban)
    }

    /// A pre-2013 `VBDI-account`; nil when the field does not have that shape. Its own check digits decide
    /// (no IBAN check covers them): a failing one rejects with `iban_invalid_national_check`.
    mutating func legacyAccount(_ raw: ArraySlice<UInt8>) throws(GiroError) -> Account? {
        guard raw.count == 18, raw.contains(UInt8(ascii: "-")) else { return nil }
        let groups = raw.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard groups.count == 2, groups[0].count == 7, groups[1].count == 10,
              groups.allSatisfy({ $0.allSatisfy { $0 >= 48 && $0 <= 57 } }) else { return nil }
        let i = HUB3Layout.account
        let bank = Array(groups[0])
        let number = Array(groups[1])
        guard ISO7064.isValidMod11_10(bank), ISO7064.isValidMod11_10(number) else {
            throw fail(.ibanInvalidNationalCheck, line: i, "pre-2013 account: the ISO 7064 MOD 11,10 check digits are wrong")
        }
        guard let check = ISO7064.mod97CheckDigits(bank + number + Array("HR".utf8)) else { return nil }
        let iban = "HR" + (check < 10 ? "0" : "") + String(check) + String(decoding: bank + number, as: UTF8.self)
        warn(.hub3LegacyAccount, line: i, "pre-2013 account \(String(decoding: raw, as: UTF8.self)); IBAN \(iban) derived")
        return Account(iban: iban, number: String(decoding: raw, as: UTF8.self), bankCode: String(decoding: bank, as: UTF8.self))
    }

    /// Model (field 11) and reference (field 12) through ``ReferenceModelScheme`` `hr`: a failing check under a
    /// known model rejects (`reference_invalid_checksum`, the reference in `partial`); a reference that
    /// cannot be checked (no model, a model outside the table) is kept and makes the record uncertain.
    mutating func reference() throws(GiroError) -> Reference? {
        let mi = HUB3Layout.model
        let ri = HUB3Layout.reference
        // Slices of the payload: no copy unless the model needs upper-casing.
        var model = lines.raw(mi)
        let ref = lines.raw(ri)
        if model.isEmpty {
            guard !ref.isEmpty else {
                warn(.hub3ModelMissing, line: mi, "no model; read as HR99 (no reference)")
                return nil
            }
            warn(.hub3ModelMissing, line: mi, uncertain: true, "no model; the reference is not checked")
            return Reference(type: .croatianModel, value: String(decoding: ref, as: UTF8.self), valid: nil)
        }
        if model.count == 4, model.contains(where: { $0 >= 97 && $0 <= 122 }) {
            model = ArraySlice(model.map { $0 >= 97 && $0 <= 122 ? $0 - 32 : $0 })
            warn(.referenceNotCompact, line: mi, "lower-case model upper-cased")
        }
        let modelText = String(decoding: model, as: UTF8.self)
        let refText = String(decoding: ref, as: UTF8.self)
        let m = model.startIndex
        guard model.count == 4, model[m] == UInt8(ascii: "H"), model[m + 1] == UInt8(ascii: "R"),
              model[m + 2] >= 48, model[m + 2] <= 57, model[m + 3] >= 48, model[m + 3] <= 57 else {
            warn(.referenceTypeInvalid, line: mi, uncertain: !ref.isEmpty,
                 "'\(modelText)' is not a model HR00–HR99; the reference is not checked")
            return ref.isEmpty ? nil : Reference(type: .other, value: refText, valid: nil)
        }
        if modelText == "HR99", ref.isEmpty { return nil }
        let check = ReferenceModelScheme.hr.check(model: modelText, reference: refText)
        let reference = check.reference(type: .croatianModel, value: refText)
        if !check.known {
            warn(.referenceModelUnknown, line: mi, uncertain: true, "model \(check.model) is not in the FINA model table; not checked")
        } else if !check.valid {
            record.reference = reference
            throw fail(.referenceInvalidChecksum, line: ri, "\(check.model) \(refText): " + check.problems.joined(separator: "; "))
        }
        return reference
    }

    /// ISO 20022 purpose code, 4 upper-case letters; empty is common and fine.
    mutating func purpose() -> String? {
        let i = HUB3Layout.purposeCode
        guard let t = text(i) else { return nil }
        return purposeCode(t, line: i)
    }
}
