import Foundation
import GiroCore

/// Writes a record as `SPD*1.0*…` (or `SCD*1.0*…` when it carries a ``DirectDebit``) with a CRC32.
///
/// Non-ASCII, `*` and `%` in values are percent-encoded; keys are written in the specification's order.
/// The result is decoded again before it is returned, so `encode` never hands out a payload Giro rejects.
struct SPAYDEncoder {
    let format: String

    func fail(_ code: ErrorCode, field: String, _ message: String) -> GiroError {
        GiroError(code, field: field, format: format, message)
    }

    func encode(_ record: PaymentRecord) throws(GiroError) -> [UInt8] {
        guard let account = record.creditor?.account, let iban = account.iban else {
            throw fail(.fieldMissing, field: "creditor.account.iban", "SPAYD needs the creditor's IBAN")
        }
        let consent = record.directDebit
        var attributes: [(String, String)] = [("ACC", iban + (account.bic.map { "+" + $0 } ?? ""))]
        if !record.alternativeAccounts.isEmpty {
            let alt = record.alternativeAccounts.compactMap { a in a.iban.map { $0 + (a.bic.map { "+" + $0 } ?? "") } }
            attributes.append(("ALT-ACC", alt.joined(separator: ",")))
        }
        let amount = consent?.maxAmount ?? record.amount
        if let amount {
            guard amount.value >= 0, amount.value < 10_000_000 else {
                throw fail(.amountOutOfRange, field: "amount", "SPAYD amounts are 0 to 9 999 999.99")
            }
            attributes.append(("AM", DecimalText.format(amount.value, minimumFractionDigits: 2)))
            attributes.append(("CC", amount.currency))
        }
        if let rf = record.reference, rf.type == .czechPaymentIdentifier { attributes.append(("RF", rf.value)) }
        if let name = record.creditor?.name { attributes.append(("RN", name)) }
        let first = consent?.validFrom ?? record.standingOrder?.firstDate ?? record.dueDate
        if let first { attributes.append(("DT", try date(first, field: "dueDate"))) }
        if let pt = record.extras[SPAYDExtrasKey.paymentType] { attributes.append(("PT", pt)) }
        if let msg = record.remittanceInformation { attributes.append(("MSG", msg)) }
        let symbols = consent?.symbols ?? record.symbols
        if let s = symbols?.variable { attributes.append(("X-VS", s)) }
        if let s = symbols?.specific { attributes.append(("X-SS", s)) }
        if let s = symbols?.constant { attributes.append(("X-KS", s)) }
        if let so = record.standingOrder, consent == nil {
            guard let code = so.frequencyCode ?? SPAYDKey.frequencies.first(where: { $0.value == so.frequency })?.key else {
                throw fail(.fieldInvalid, field: "standingOrder.frequency", "SPAYD standing orders are daily, monthly, quarterly, semiannually or annually")
            }
            attributes.append(("FRQ", code))
            if let last = so.lastDate { attributes.append(("DL", try date(last, field: "standingOrder.lastDate"))) }
            if let stop = so.stopOnDeath { attributes.append(("DH", stop ? "1" : "0")) }
        }
        if let dd = consent {
            if let p = dd.limitPeriod, let code = SPAYDKey.frequencies.first(where: { $0.value == p })?.key { attributes.append(("FRQ", code)) }
            if let last = dd.validTill { attributes.append(("DL", try date(last, field: "directDebit.validTill"))) }
            if let stop = dd.stopOnDeath { attributes.append(("DH", stop ? "1" : "0")) }
        }
        for (key, name) in SPAYDKey.extrasNames where key != .pt {
            if let v = record.extras[name] { attributes.append((key.name, v)) }
        }

        let header = consent == nil ? "SPD" : "SCD"
        let encoded = attributes.map { ($0.0, Self.percentEncode($0.1)) }
        let parsed = encoded.map { ShortDescriptor.Attribute(key: $0.0, raw: Array($0.1.utf8)[...], offset: 0) }
        let crc = CRC32.hex(SPAYDCanonical.checksum(header: header, version: "1.0", attributes: parsed))
        var text = header + "*1.0*"
        for (k, v) in encoded { text += k + ":" + v + "*" }
        text += "CRC32:" + crc
        let bytes = Array(text.utf8)
        let payload = Payload(bytes: bytes)
        var check = SPAYDDecoder(format: format, payload: payload)
        try check.decode(payload)
        return bytes
    }

    func date(_ iso: String, field: String) throws(GiroError) -> String {
        guard let d = CompactDate.compact(iso) else { throw fail(.dateInvalid, field: field, "\(iso) is not an ISO 8601 date") }
        return d
    }

    /// Percent-encodes what cannot stand literally: `*`, `%`, control characters and non-ASCII (as UTF-8).
    static func percentEncode(_ s: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for b in s.utf8 {
            if b == 0x2A || b == 0x25 || b < 0x20 || b >= 0x7F {
                out += [0x25, hex[Int(b >> 4)], hex[Int(b & 0xF)]]
            } else {
                out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
