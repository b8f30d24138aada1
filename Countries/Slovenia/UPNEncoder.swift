import Foundation
import GiroCore

/// Record → canonical UPN QR payload: ISO-8859-2 bytes, 20 LF-terminated fields, computed control sum,
/// no reserve (unless one with content was read: `extras["si.reserved"]`). Amount must be EUR; every text must fit its field and the ISO-8859-2 repertoire.
struct UPNEncoder {
    let format: String

    func fail(_ code: ErrorCode, _ index: Int, _ message: String) -> GiroError {
        GiroError(code, field: UPNLayout.path[index], line: index + 1, format: format, message)
    }

    func encode(_ record: PaymentRecord) throws(GiroError) -> [UInt8] {
        var f = [String](repeating: "", count: UPNLayout.fieldCount)
        f[UPNLayout.header] = "UPNQR"
        let payer = record.debtor
        f[UPNLayout.payerIBAN] = payer?.account?.iban ?? payer?.account?.number ?? ""
        f[UPNLayout.deposit] = record.extras[UPNExtrasKey.deposit] == "true" ? "X" : ""
        f[UPNLayout.withdrawal] = record.extras[UPNExtrasKey.withdrawal] == "true" ? "X" : ""
        f[UPNLayout.payerReference] = record.extras[UPNExtrasKey.payerReference] ?? ""
        f[UPNLayout.payerName] = payer?.name ?? ""
        (f[UPNLayout.payerStreet], f[UPNLayout.payerCity]) = Address.slipLines(payer?.address)
        guard let amount = record.amount else { throw fail(.fieldMissing, UPNLayout.amount, "UPN QR needs an amount (0 for none)") }
        guard amount.currency == "EUR" else {
            throw fail(.currencyNotAllowed, UPNLayout.amount, "UPN QR amounts are in EUR, found \(amount.currency)")
        }
        f[UPNLayout.amount] = try cents(amount.value)
        if let date = record.extras[UPNExtrasKey.paymentDate] {
            guard let d = UPNDate.upn(date) else { throw fail(.dateInvalid, UPNLayout.paymentDate, "'\(date)' is not a date YYYY-MM-DD") }
            f[UPNLayout.paymentDate] = d
        }
        f[UPNLayout.urgent] = record.extras[UPNExtrasKey.urgent] == "true" ? "X" : ""
        f[UPNLayout.purposeCode] = record.purpose ?? ""
        f[UPNLayout.purpose] = record.remittanceInformation ?? ""
        if let due = record.dueDate {
            guard let d = UPNDate.upn(due) else { throw fail(.dateInvalid, UPNLayout.dueDate, "'\(due)' is not a date YYYY-MM-DD") }
            f[UPNLayout.dueDate] = d
        }
        guard let iban = record.creditor?.account?.iban, !iban.isEmpty else {
            throw fail(.fieldMissing, UPNLayout.creditorIBAN, "the record has no creditor IBAN")
        }
        f[UPNLayout.creditorIBAN] = iban
        f[UPNLayout.creditorReference] = record.reference?.value ?? "SI99"
        f[UPNLayout.creditorName] = record.creditor?.name ?? ""
        (f[UPNLayout.creditorStreet], f[UPNLayout.creditorCity]) = Address.slipLines(record.creditor?.address)

        var out: [UInt8] = []
        out.reserveCapacity(UPNLayout.maxCharacters)
        for i in 0..<UPNLayout.checksum {
            if f[i].utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) { throw fail(.fieldInvalid, i, "line breaks are not allowed") }
            guard let bytes = Charset.iso8859_2.encode(f[i]) else {
                throw fail(.charsetInvalid, i, "the text has characters outside ISO-8859-2")
            }
            if bytes.count > UPNLayout.maxLength[i] {
                throw fail(.fieldTooLong, i, "\(bytes.count) characters, UPN QR allows \(UPNLayout.maxLength[i])")
            }
            out += bytes
            out.append(0x0A)
        }
        let sum = out.count
        guard sum <= 999 else { throw fail(.payloadOverLimit, UPNLayout.checksum, "the content is too long for a control sum") }
        let digits = String(sum)
        out += Array((String(repeating: "0", count: 3 - digits.count) + digits).utf8)
        out.append(0x0A)
        // A reserve read with content goes back as read.
        if let reserved = record.extras[UPNExtrasKey.reserved], let bytes = Charset.iso8859_2.encode(reserved),
           !bytes.contains(0x0A), !bytes.contains(0x0D) {
            out += bytes
            out.append(0x0A)
        }
        if out.count > UPNLayout.maxCharacters {
            throw fail(.payloadOverLimit, UPNLayout.checksum, "\(out.count) characters; UPN QR holds at most \(UPNLayout.maxCharacters)")
        }
        return out
    }

    /// Decimal EUR → 11 digits of cents.
    func cents(_ value: Decimal) throws(GiroError) -> String {
        let text = DecimalText.format(value * 100, minimumFractionDigits: 0)
        guard value >= 0, !text.contains("."), !text.contains("e"), text.count <= UPNLayout.amountDigits else {
            throw fail(.amountInvalid, UPNLayout.amount, "the amount must be 0–999999999.99 with at most 2 decimals")
        }
        return String(repeating: "0", count: max(0, UPNLayout.amountDigits - text.count)) + text
    }
}
