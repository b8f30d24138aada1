import Foundation
import GiroCore

/// Record → canonical HUB3 payload: UTF-8 (spec v6), 14 fields each terminated by LF, amount as 15
/// digits of cents, model `HR99` when the record has no reference. A legacy account is written back as
/// `VBDI-account`; optional data (`extras["hr.optionalData"]`) follows field 14.
struct HUB3Encoder {
    let format: String

    func fail(_ code: ErrorCode, _ index: Int, _ message: String) -> GiroError {
        GiroError(code, field: HUB3Layout.path[index], line: index + 1, format: format, message)
    }

    func encode(_ record: PaymentRecord) throws(GiroError) -> [UInt8] {
        var f = [String](repeating: "", count: HUB3Layout.fieldCount)
        f[HUB3Layout.header] = "HRVHUB30"
        guard let amount = record.amount else { throw fail(.fieldMissing, HUB3Layout.amount, "HUB3 needs an amount (0 for none)") }
        guard amount.currency == "EUR" || amount.currency == "HRK" else {
            throw fail(.currencyNotAllowed, HUB3Layout.currency, "HUB3 amounts are in EUR (or legacy HRK), found \(amount.currency)")
        }
        f[HUB3Layout.currency] = amount.currency
        let cents = DecimalText.format(amount.value * 100, minimumFractionDigits: 0)
        guard amount.value >= 0, cents.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), cents.count <= HUB3Layout.amountDigits else {
            throw fail(.amountInvalid, HUB3Layout.amount, "the amount must be positive with at most 2 decimals and 13 integer digits")
        }
        f[HUB3Layout.amount] = String(repeating: "0", count: HUB3Layout.amountDigits - cents.count) + cents
        f[HUB3Layout.payerName] = record.debtor?.name ?? ""
        (f[HUB3Layout.payerStreet], f[HUB3Layout.payerCity]) = Address.slipLines(record.debtor?.address)
        f[HUB3Layout.creditorName] = record.creditor?.name ?? ""
        (f[HUB3Layout.creditorStreet], f[HUB3Layout.creditorCity]) = Address.slipLines(record.creditor?.address)
        let account = record.creditor?.account
        let legacy = account?.number.flatMap { n in account?.bankCode.map { _ in n } }
        guard let accountText = legacy ?? account?.iban, !accountText.isEmpty else {
            throw fail(.fieldMissing, HUB3Layout.account, "the record has no creditor IBAN")
        }
        f[HUB3Layout.account] = accountText
        if let r = record.reference {
            f[HUB3Layout.model] = r.model ?? ""
            f[HUB3Layout.reference] = r.value
        } else {
            f[HUB3Layout.model] = "HR99"
        }
        f[HUB3Layout.purposeCode] = record.purpose ?? ""
        f[HUB3Layout.description] = record.remittanceInformation ?? ""

        var out: [UInt8] = []
        out.reserveCapacity(300)
        for (i, text) in f.enumerated() {
            if text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) { throw fail(.fieldInvalid, i, "line breaks are not allowed") }
            let count = text.unicodeScalars.count
            if count > HUB3Layout.maxLength[i] {
                throw fail(.fieldTooLong, i, "\(count) characters, HUB3 allows \(HUB3Layout.maxLength[i])")
            }
            out += Array(text.utf8)
            out.append(0x0A)
        }
        if let extra = record.extras[HUB3ExtrasKey.optionalData], !extra.isEmpty {
            out += Array(extra.utf8)
            out.append(0x0A)
        }
        return out
    }
}
