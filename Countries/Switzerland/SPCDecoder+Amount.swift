import Foundation
import GiroCore

/// Amount (line 19) and currency (line 20).
///
/// Amount grammar `^\d{1,9}\.\d{2}$` (0.00–999999999.99); empty = open amount (the payer enters it);
/// `0.00` is a notification bill ("do not use for payment") and decodes with the info `amount_zero`.
/// Currency `CHF` or `EUR` only.
extension SPCDecoder {
    mutating func amount() throws(GiroError) -> Decimal? {
        let i = SPCLayout.amount
        let r = raw(i)
        guard !r.isEmpty else { return nil }
        var integerDigits = 0
        var fractionDigits = 0
        var seenPoint = false
        var wellFormed = true
        for b in r {
            if b == UInt8(ascii: ".") {
                if seenPoint { wellFormed = false; break }
                seenPoint = true
            } else if b >= 48, b <= 57 {
                if seenPoint { fractionDigits += 1 } else { integerDigits += 1 }
            } else {
                wellFormed = false
                break
            }
        }
        guard wellFormed, seenPoint, integerDigits >= 1, fractionDigits == 2 else {
            throw fail(.amountInvalid, field: "amount", at: i,
                       "the amount must be digits, a point and two decimals (e.g. 1949.75)")
        }
        guard integerDigits <= 9 else {
            throw fail(.amountOutOfRange, field: "amount", at: i, "the amount must not exceed 999999999.99")
        }
        guard let value = DecimalText.parseUnsigned(r) else {
            throw fail(.amountInvalid, field: "amount", at: i, "the amount is not a decimal number")
        }
        if value == 0 {
            info(.amountZero, field: "amount", at: i, "amount 0.00: notification bill, not for payment")
        }
        return value
    }

    func currency() throws(GiroError) -> String {
        let i = SPCLayout.currency
        let field = "amount.currency"
        if line(i, is: "CHF") { return "CHF" }
        if line(i, is: "EUR") { return "EUR" }
        let r = raw(i)
        guard !r.isEmpty else {
            throw fail(.fieldMissing, field: field, at: i, "the currency is mandatory (CHF or EUR)")
        }
        let code = String(decoding: r, as: UTF8.self)
        if r.count == 3, r.allSatisfy({ $0 >= 65 && $0 <= 90 }), Currency.isValid(code) {
            throw fail(.currencyNotAllowed, field: field, at: i, "only CHF and EUR are allowed in a QR-bill, found \(code)")
        }
        throw fail(.currencyInvalid, field: field, at: i, "the currency must be CHF or EUR")
    }
}
