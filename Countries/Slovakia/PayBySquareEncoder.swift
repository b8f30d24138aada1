import Foundation
import GiroCore

/// Writes a record (and its ``PaymentRecord/additionalPayments``) as PAY by square: TAB fields, CRC-32,
/// raw LZMA1 through liblzma without end marker, header and base32hex. The version is the record's
/// `formatVersion` (`1.0.0`, `1.1.0`, `1.2.0`; default 1.1.0). The result is decoded again before it is returned.
struct PayBySquareEncoder {
    let format: String

    func fail(_ code: ErrorCode, field: String, _ message: String) -> GiroError {
        GiroError(code, field: field, format: format, message)
    }

    func encode(_ record: PaymentRecord) throws(GiroError) -> [UInt8] {
        let version = record.formatVersion ?? "1.1.0"
        guard let versionNibble = PayBySquareTables.versions.firstIndex(of: version) else {
            throw fail(.versionUnsupported, field: "formatVersion", "PAY by square versions are 1.0.0, 1.1.0 and 1.2.0")
        }
        let payments = [record] + record.additionalPayments
        var f: [String] = [clean(record.extras[PayBySquareExtrasKey.invoiceID]), String(payments.count)]
        for (i, p) in payments.enumerated() {
            let path = "payments[\(i)]"
            var options = 1
            if p.standingOrder != nil { options = 2 }
            if p.directDebit != nil { options = 4 }
            f.append(String(options))
            f.append(p.amount.map { DecimalText.format($0.value, minimumFractionDigits: 0) } ?? "")
            f.append(p.amount?.currency ?? "")
            f.append(try p.dueDate.map { d throws(GiroError) in try compact(d, field: path + ".dueDate") } ?? "")
            f += [clean(p.symbols?.variable), clean(p.symbols?.constant), clean(p.symbols?.specific)]
            f.append(clean(p.reference?.value))
            f.append(clean(p.remittanceInformation))
            let accounts = ([p.creditor?.account].compactMap { $0 }) + p.alternativeAccounts
            guard !accounts.isEmpty, accounts.allSatisfy({ $0.iban != nil }) else {
                throw fail(.fieldMissing, field: path + ".creditor.account.iban", "every payment needs at least one IBAN")
            }
            f.append(String(accounts.count))
            for a in accounts { f += [clean(a.iban), clean(a.bic)] }
            if let so = p.standingOrder {
                let letter = so.frequencyCode ?? PayBySquareTables.periodicity.first(where: { $0.value == so.frequency })
                    .map { String(UnicodeScalar($0.key)) }
                let mask = so.months.reduce(0) { $0 | (($1 >= 1 && $1 <= 12) ? 1 << ($1 - 1) : 0) }
                f += ["1", so.day.map(String.init) ?? "", mask == 0 ? "" : String(mask), letter ?? "",
                      try so.lastDate.map { d throws(GiroError) in try compact(d, field: path + ".standingOrder.lastDate") } ?? ""]
            } else {
                f.append("0")
            }
            if let dd = p.directDebit {
                f += ["1", dd.scheme == "sepa" ? "1" : dd.scheme == "other" ? "0" : "",
                      dd.type == "recurrent" ? "1" : dd.type == "one-off" ? "0" : "",
                      clean(dd.symbols?.variable), clean(dd.symbols?.specific), clean(dd.reference), clean(dd.mandateID),
                      clean(dd.creditorID), clean(dd.contractID),
                      dd.maxAmount.map { DecimalText.format($0.value, minimumFractionDigits: 0) } ?? "",
                      try dd.validTill.map { d throws(GiroError) in try compact(d, field: path + ".directDebit.validTill") } ?? ""]
            } else {
                f.append("0")
            }
        }
        if versionNibble > 0 || payments.contains(where: { $0.creditor?.name != nil }) {
            for p in payments {
                let lines = p.creditor?.address?.lines ?? []
                f += [clean(p.creditor?.name), clean(lines.first), clean(lines.dropFirst().first)]
            }
        }
        guard let text = BySquareEnvelope.seal(type: 0, version: versionNibble, documentType: 0,
                                               text: Array(f.joined(separator: "\t").utf8)) else {
            throw fail(.payloadTooLarge, field: "payload", "the document does not compress into a PAY by square symbol")
        }
        let bytes = Array(text.utf8)
        _ = try PayBySquare().decode(Payload(bytes: bytes))
        return bytes
    }

    /// Producers replace TAB inside values by a space.
    func clean(_ s: String?) -> String { (s ?? "").replacingOccurrences(of: "\t", with: " ") }

    func compact(_ iso: String, field: String) throws(GiroError) -> String {
        guard let d = CompactDate.compact(iso) else { throw fail(.dateInvalid, field: field, "\(iso) is not an ISO 8601 date") }
        return d
    }
}
