import Foundation
import GiroCore

/// Record → canonical NBS IPS payload: tags in the specified order, optional tags only when set, name
/// and address lines joined by LF, amount `RSD` + integer + `,` + 2 decimals, UTF-8, no final `|`.
struct IPSEncoder {
    let format: String

    func fail(_ code: ErrorCode, _ tag: IPSTag, _ message: String) -> GiroError {
        GiroError(code, field: tag.path, format: format, message)
    }

    func encode(_ record: PaymentRecord) throws(GiroError) -> [UInt8] {
        let kind = record.extras[IPSExtrasKey.kind] ?? "PR"
        guard ["PR", "PT", "PK", "EK"].contains(kind) else { throw fail(.headerInvalid, .k, "kind \(kind) is not PR, PT, PK or EK") }
        // A later version read with the 01 rules is written back as read.
        let version = record.formatVersion.flatMap { v in v.utf8.count == 2 && v.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } ? v : nil }
        var tags: [(IPSTag, String)] = [(.k, kind), (.v, version ?? "01"), (.c, "1")]
        if let a = try account(record.creditor?.account, tag: .r) { tags.append((.r, a)) }
        if let n = lines(record.creditor) { tags.append((.n, n)) }
        if let amount = record.amount { tags.append((.i, try amountText(amount))) }
        if let o = try account(record.debtor?.account, tag: .o) { tags.append((.o, o)) }
        if let p = lines(record.debtor) { tags.append((.p, p)) }
        if let sf = record.purpose { tags.append((.sf, sf)) }
        if let s = record.remittanceInformation { tags.append((.s, s)) }
        if let m = record.extras[IPSExtrasKey.mcc] { tags.append((.m, m)) }
        if let js = record.extras[IPSExtrasKey.oneTimeCode] { tags.append((.js, js)) }
        if let ro = record.reference?.value { tags.append((.ro, ro)) }
        if let rl = record.extras[IPSExtrasKey.payeeReference] { tags.append((.rl, rl)) }
        if let rp = record.extras[IPSExtrasKey.posReference] { tags.append((.rp, rp)) }
        if let rk = record.extras[IPSExtrasKey.payerReference] { tags.append((.rk, rk)) }
        var segments = tags.filter { !$0.1.isEmpty }.map { ($0.0.rawValue, $0.1, $0.0.path) }
        // Tags kept from an unknown-tag decode go back after the specified ones.
        for (key, value) in record.extras.sorted(by: { $0.key < $1.key }) where key.hasPrefix(IPSExtrasKey.unknownPrefix) {
            segments.append((String(key.dropFirst(IPSExtrasKey.unknownPrefix.count)), value, "extras." + key))
        }
        var out: [UInt8] = []
        for (k, (tag, value, path)) in segments.enumerated() {
            if value.utf8.contains(UInt8(ascii: "|")) || tag.utf8.contains(where: { $0 == UInt8(ascii: "|") || $0 == UInt8(ascii: ":") }) {
                throw GiroError(.fieldInvalid, field: path, format: format, "'|' is not allowed inside a value")
            }
            if k > 0 { out.append(UInt8(ascii: "|")) }
            out += Array(tag.utf8)
            out.append(UInt8(ascii: ":"))
            out += Array(value.utf8)
        }
        return out
    }

    func account(_ a: Account?, tag: IPSTag) throws(GiroError) -> String? {
        guard let a else { return nil }
        let text: String
        if let iban = a.iban, iban.hasPrefix("RS"), iban.utf8.count == 22 {
            text = String(iban.dropFirst(4))
        } else if let n = a.number {
            text = n
        } else {
            return nil
        }
        guard let parsed = Mod97AccountNumber(text) else {
            if tag == .o { return text }
            throw fail(.ipsAccountInvalid, tag, "\(text) is not a valid 18-digit Serbian account")
        }
        return parsed.compact
    }

    func lines(_ p: Party?) -> String? {
        guard let p else { return nil }
        let all = [p.name ?? ""] + (p.address?.lines ?? [])
        let joined = all.filter { !$0.isEmpty }.joined(separator: "\n")
        return joined.isEmpty ? nil : joined
    }

    func amountText(_ a: Amount) throws(GiroError) -> String {
        guard a.currency == "RSD" else { throw fail(.currencyNotAllowed, .i, "IPS amounts are in RSD, found \(a.currency)") }
        let text = DecimalText.format(a.value, minimumFractionDigits: 2)
        let parts = text.split(separator: ".")
        guard a.value >= 0, parts.count == 2, parts[1].count == 2, parts[0].count <= 12 else {
            throw fail(.amountInvalid, .i, "the amount must be 0–999999999999.99 with at most 2 decimals")
        }
        return "RSD" + parts[0] + "," + parts[1]
    }
}
