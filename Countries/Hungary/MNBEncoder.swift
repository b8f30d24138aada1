import Foundation
import GiroCore

/// Writes a record as an MNB QR code: 17 LF-terminated fields. HCT from `creditor`, RTP from `debtor`
/// (`extras["hu.identificationCode"]`); the validity comes from `extras["hu.validUntil"]` (ISO 8601 with offset).
/// The result is decoded again before it is returned.
struct MNBEncoder {
    let format: String

    func fail(_ code: ErrorCode, field: String, _ message: String) -> GiroError {
        GiroError(code, field: field, format: format, message)
    }

    func encode(_ record: PaymentRecord, check: HungarianMNBQR) throws(GiroError) -> [UInt8] {
        let isRequest = record.extras[MNBExtrasKey.identificationCode] == "RTP"
        guard let party = isRequest ? record.debtor : record.creditor, let name = party.name,
              let iban = party.account?.iban, let bic = party.account?.bic else {
            throw fail(.fieldMissing, field: isRequest ? "debtor" : "creditor", "name, IBAN and BIC are mandatory")
        }
        guard let valid = record.extras[MNBExtrasKey.validUntil], let validity = Self.compactValidity(valid) else {
            throw fail(.fieldMissing, field: "extras.hu.validUntil", "the validity time (YYYY-MM-DDThh:mm:ss+hh:00) is mandatory")
        }
        var amount = ""
        if let a = record.amount {
            let whole = DecimalText.format(a.value, minimumFractionDigits: 0)
            guard a.currency == "HUF", a.value >= 0, !whole.contains(".") else {
                throw fail(.amountInvalid, field: "amount", "MNB amounts are whole forints (HUF)")
            }
            amount = "HUF" + whole
        }
        var fields = [isRequest ? "RTP" : "HCT", "001", "1", bic.utf8.count == 8 ? bic + "XXX" : bic, name, iban, amount, validity,
                      record.purpose ?? "", record.remittanceInformation ?? ""]
        for key in MNBExtrasKey.identifiers { fields.append(record.extras[key] ?? "") }
        let bytes = Array(fields.map { $0.replacingOccurrences(of: "\n", with: " ") + "\n" }.joined().utf8)
        _ = try check.decode(Payload(bytes: bytes))
        return bytes
    }

    /// `2020-12-31T23:59:59+02:00` → `20201231235959+2`.
    static func compactValidity(_ iso: String) -> String? {
        let u = Array(iso.utf8)
        guard u.count == 25, u[10] == 84, u[19] == 43 || u[19] == 45, u[22] == 58 else { return nil }
        let date = u[0..<4] + u[5..<7] + u[8..<10]
        let time = u[11..<13] + u[14..<16] + u[17..<19]
        guard let hours = Int(String(decoding: u[20..<22], as: UTF8.self)) else { return nil }
        return String(decoding: date + time, as: UTF8.self) + String(UnicodeScalar(u[19])) + String(hours)
    }
}
