import Foundation
import GiroCore

/// Swico S1 text from structured fields (tags in ascending order, `/` and `\` escaped).
enum SwicoS1Encoder {
    static func encode(_ info: BillInformation) -> String {
        var out = "//S1"
        func add(_ tag: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            out += "/" + tag + "/" + escape(value)
        }
        add("10", info.invoiceNumber)
        add("11", info.invoiceDate.flatMap(compactDate))
        add("20", info.customerReference)
        add("30", info.vatNumber)
        if let start = info.vatDate.flatMap(compactDate) {
            add("31", start + (info.vatPeriodEnd.flatMap(compactDate) ?? ""))
        }
        if info.vatDetails.count == 1, let only = info.vatDetails.first, only.amount == nil {
            add("32", number(only.rate))
        } else {
            add("32", list(info.vatDetails))
        }
        add("33", list(info.importTaxes))
        add("40", info.paymentConditions.map { number($0.discount) + ":" + String($0.days) }.joined(separator: ";"))
        var known: Set<String> = ["10", "11", "20", "30", "31", "32", "33", "40"]
        for tag in info.unknownTags.keys.sorted() where known.insert(tag).inserted {
            add(tag, info.unknownTags[tag])
        }
        return out
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            if c == "\\" || c == "/" { out.unicodeScalars.append("\\") }
            out.unicodeScalars.append(c)
        }
        return out
    }

    static func number(_ d: Decimal) -> String { DecimalText.format(d, minimumFractionDigits: 0) }

    static func list(_ rates: [TaxRate]) -> String {
        rates.map { number($0.rate) + ":" + number($0.amount ?? 0) }.joined(separator: ";")
    }

    /// `2020-07-14` → `200714`.
    static func compactDate(_ iso: String) -> String? {
        let u = Array(iso.utf8)
        guard u.count == 10, u[0] == 50, u[1] == 48, u[4] == 45, u[7] == 45 else { return nil }
        return String(decoding: u[2..<4] + u[5..<7] + u[8..<10], as: UTF8.self)
    }
}
