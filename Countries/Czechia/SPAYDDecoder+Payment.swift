import Foundation
import GiroCore

/// Accounts (ACC, ALT-ACC, RN), amount and currency (AM, CC), symbols and the payment identifier (X-VS, X-KS,
/// X-SS, RF).
extension SPAYDDecoder {
    mutating func readAccounts(_ attributes: SPAYDAttributes) throws(GiroError) {
        guard let acc = attributes.present(.acc) else {
            throw fail(.fieldMissing, field: "ACC", "ACC (the payee's IBAN) is mandatory")
        }
        let creditorAccount = try account(acc, field: "creditor.account")
        record.creditor = Party(account: creditorAccount)
        if let rn = attributes.present(.rn) {
            let name = text(rn, max: 35)
            record.creditor?.name = name
        }
        if let alt = attributes.present(.altAcc) {
            for part in alt.raw.split(separator: 0x2C) {
                let n = record.alternativeAccounts.count
                let alternative = try account(alt, field: "alternativeAccounts[\(n)]", raw: part)
                record.alternativeAccounts.append(alternative)
            }
        }
    }

    /// The amount in CC (CZK when absent); a consent's amount is its limit, not the payment's.
    mutating func readAmount(_ attributes: SPAYDAttributes, isConsent: Bool, extras: inout [String: String]) throws(GiroError) -> Amount? {
        var currency = "CZK"
        if let cc = attributes.present(.cc) {
            guard cc.raw.count == 3, cc.raw.allSatisfy({ $0 >= 65 && $0 <= 90 }),
                  Currency.isValid(String(decoding: cc.raw, as: UTF8.self)) else {
                throw fail(.currencyInvalid, cc, "CC must be an upper-case ISO 4217 code")
            }
            currency = String(decoding: cc.raw, as: UTF8.self)
            if currency != "CZK" {
                warn(.currencyNotDomestic, cc, "\(currency): the Czech standard defines CZK only; banks handle other currencies inconsistently")
            }
        }
        var amount: Amount?
        if let am = attributes.present(.am) {
            let v = try decimal(am, intDigits: 10, fraction: 2)
            // v < 10 000 000 ⇔ at most 7 significant whole digits (a Decimal comparison costs ~2,500 instructions).
            let wholeDigits = am.raw.prefix(while: { $0 != 0x2E }).drop(while: { $0 == 0x30 }).count
            guard wholeDigits <= 7 else { throw fail(.amountOutOfRange, am, "AM is at most 9 999 999.99") }
            amount = Amount(value: v, currency: currency)
            if !isConsent { record.amount = amount }
        }
        if attributes.present(.cc) != nil { extras[SPAYDExtrasKey.currency] = currency }
        return amount
    }

    /// The Czech symbols; RF (the payment identifier) goes to the record's reference.
    mutating func readSymbols(_ attributes: SPAYDAttributes) throws(GiroError) -> PaymentSymbols {
        var symbols = PaymentSymbols()
        if let a = attributes.present(.xVS) { symbols.variable = try digits(a, max: 10) }
        if let a = attributes.present(.xKS) { symbols.constant = try digits(a, max: 10) }
        if let a = attributes.present(.xSS) { symbols.specific = try digits(a, max: 10) }
        if let rf = attributes.present(.rf) {
            record.reference = Reference(type: .czechPaymentIdentifier, value: try digits(rf, max: 16), valid: nil)
        }
        return symbols
    }
}
