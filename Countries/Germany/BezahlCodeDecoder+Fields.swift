import Foundation
import GiroCore

/// The payee, the account and the amount.
extension BezahlCodeDecoder {
    mutating func readName() {
        guard let name = text(.name) else {
            record.creditor = Party()
            warn(.fieldMissing, field: "creditor.name", uncertain: true, "the payee name ('name') is missing")
            return
        }
        checkLength(name, .name, limit: 70)
        record.creditor = Party(name: name)
    }

    /// The SEPA form (`iban`, `bic`) or the classic form (`account`, `bnc`), converted to an IBAN; when both
    /// are given the IBAN is used and the classic form checked against it.
    mutating func readAccount() throws(GiroError) {
        var account = Account()
        if let value = valueBytes(.iban) { account.iban = try iban(value) }
        let number = text(.account)
        let bankCode = text(.bnc)
        if number != nil || bankCode != nil {
            if let number { record.extras[BezahlCodeExtrasKey.account] = number }
            if let bankCode { record.extras[BezahlCodeExtrasKey.blz] = bankCode }
            record.creditor?.account = Account(iban: account.iban, number: number, bankCode: bankCode)
            let german = try classicAccount(number: number, bankCode: bankCode)
            account.number = german.number
            account.bankCode = german.bankCode
            let derived = german.iban
            if let given = account.iban {
                if given != derived {
                    warn(.deAccountMismatch, field: "creditor.account.iban", offset: offset(.account), uncertain: true,
                         "account \(german.number) at BLZ \(german.bankCode) is \(derived), not the IBAN given (\(given))")
                }
            } else {
                account.iban = derived
                info(.deIBANDerived, field: "creditor.account.iban", offset: offset(.account),
                     "IBAN \(derived) computed from account \(german.number) and BLZ \(german.bankCode)")
            }
        }
        guard account.iban != nil else {
            throw fail(.fieldMissing, field: "creditor.account.iban", "no account: neither 'iban' nor 'account' with 'bnc'")
        }
        account.bic = bic()
        record.creditor?.account = account
    }

    /// The IBAN, compact; rejections keep the core validator's code (`iban_invalid_checksum` …).
    mutating func iban(_ value: ArraySlice<UInt8>) throws(GiroError) -> String {
        let field = BezahlCodeParameter.iban.path
        let validated: (iban: IBAN, compaction: IBAN.Compaction)
        do {
            validated = try IBAN.validate(value, field: field)
        } catch {
            let text = String(decoding: value, as: UTF8.self)
            record.creditor?.account = Account(iban: text)
            throw fail(error.code, field: field, offset: offset(.iban), "\(error.message) ('\(text)')")
        }
        let c = validated.compaction
        if c.removedSpaces { warn(.ibanSpaces, field: field, offset: offset(.iban), "spaces removed from the IBAN") }
        if c.removedOtherSeparators { warn(.ibanSeparators, field: field, offset: offset(.iban), "separators removed from the IBAN") }
        if c.loweredCase { warn(.ibanLowercase, field: field, offset: offset(.iban), "IBAN upper-cased") }
        return validated.iban.compact
    }

    mutating func classicAccount(number: String?, bankCode: String?) throws(GiroError) -> GermanAccount {
        guard let bankCode else {
            throw fail(.fieldMissing, field: BezahlCodeParameter.bnc.path, "'account' without the bank code 'bnc'")
        }
        guard let number else {
            throw fail(.fieldMissing, field: BezahlCodeParameter.account.path, "'bnc' without the account number 'account'")
        }
        switch GermanAccount.validate(bankCode: bankCode, number: number) {
        case .success(let account): return account
        case .failure(.bankCode(let message)):
            throw fail(.deBankCodeInvalid, field: BezahlCodeParameter.bnc.path, offset: offset(.bnc), message)
        case .failure(.number(let message)):
            throw fail(.deAccountNumberInvalid, field: BezahlCodeParameter.account.path, offset: offset(.account), message)
        }
    }

    /// The BIC, compact; one that is not ISO 9362 (`GINIBICXXX`, seen in the wild) is dropped: banks route
    /// by the IBAN.
    mutating func bic() -> String? {
        guard let value = valueBytes(.bic) else { return nil }
        let field = BezahlCodeParameter.bic.path
        guard let compact = try? BIC.validate(value) else {
            warn(.placeholderValue, field: field, offset: offset(.bic),
                 "'\(String(decoding: value, as: UTF8.self))' is not an ISO 9362 BIC; dropped")
            return nil
        }
        if !compact.utf8.elementsEqual(value) { warn(.bicNormalized, field: field, offset: offset(.bic), "BIC compacted to \(compact)") }
        return compact
    }

    /// `amount` with a decimal comma and `currency` (EUR when absent); no amount means the payer enters it.
    mutating func readAmount() throws(GiroError) {
        let currency = try readCurrency()
        guard let text = text(.amount) else { return }
        let value: Decimal
        switch BezahlCodeAmount.parse(text.utf8) {
        case .value(let v, let decimalPoint):
            value = v
            if decimalPoint {
                warn(.deAmountDecimalPoint, field: "amount", offset: offset(.amount), "decimal point instead of the decimal comma")
            }
        case .invalid(let message):
            throw fail(.amountInvalid, field: "amount", offset: offset(.amount), "'\(text)': \(message)")
        case .outOfRange(let message):
            throw fail(.amountOutOfRange, field: "amount", offset: offset(.amount), "'\(text)': \(message)")
        }
        if value == 0 { info(.amountZero, field: "amount", offset: offset(.amount), "amount 0: the payer enters the amount") }
        if currency == nil {
            info(.deCurrencyDefaulted, field: "amount.currency", "no 'currency' parameter: EUR assumed")
        }
        record.amount = Amount(value: value, currency: currency ?? "EUR")
    }

    mutating func readCurrency() throws(GiroError) -> String? {
        guard let text = text(.currency) else { return nil }
        let u = text.utf8
        let field = BezahlCodeParameter.currency.path
        let upper = u.count == 3 && u.allSatisfy({ ($0 | 0x20) >= 97 && ($0 | 0x20) <= 122 }) ? text.uppercased() : text
        guard Currency.isValid(upper) else {
            throw fail(.currencyInvalid, field: field, offset: offset(.currency), "'\(text)' is not an ISO 4217 currency code")
        }
        if upper != text { warn(.deCaseNormalized, field: field, offset: offset(.currency), "currency upper-cased") }
        return upper
    }

    mutating func readReason(limit: Int) {
        guard let reason = text(.reason) else { return }
        checkLength(reason, .reason, limit: limit)
        record.remittanceInformation = reason
    }

    /// `separeference` (SEPA end-to-end reference, free text ≤ 35): an ISO 11649 reference when it is one.
    mutating func readSEPAReference() {
        guard let text = text(.sepaReference) else { return }
        checkLength(text, .sepaReference, limit: 35)
        if text.utf8.first == UInt8(ascii: "R"), let rf = try? CreditorReference.validate(Array(text.utf8)) {
            record.reference = Reference(type: .creditorReference, value: rf, valid: true)
        } else {
            record.reference = Reference(type: .other, value: text, valid: nil)
        }
    }
}
