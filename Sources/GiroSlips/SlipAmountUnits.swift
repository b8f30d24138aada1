import Foundation
import GiroCore

/// Whether an amount read from a slip carries its cents. Forms print the cents (`102,35`, `848 00` in a haléře
/// box, `12,-` for none); a reading of the units alone (`4.054` of `4.054,86`, a comb whose cents cells were not
/// read) parses as a whole amount and would pass for an exact one. Only forms whose currency is paid in whole
/// units (the forint, ISO 4217 currencies without a minor unit) or whose zone says so (`"units": "whole"`) print
/// an amount without cents.
enum SlipAmountUnits {
    /// Currencies printed in whole units on payment forms although ISO 4217 gives them a minor unit: the fillér
    /// left circulation in 1999 (MNB), and Hungarian forms print `12 345 Ft`.
    static let wholeUnitCurrencies: Set<String> = ["HUF"]

    static func printsWholeUnits(_ zone: SlipZone, currency: String) -> Bool {
        zone.options["units"] == "whole" || wholeUnitCurrencies.contains(currency) || Currency.minorUnits(of: currency) == 0
    }

    /// Whether the value has no fractional part.
    static func whole(_ v: Decimal) -> Bool {
        var v = v, r = Decimal()
        NSDecimalRound(&r, &v, 0, .plain)
        return r == v
    }

    /// Whether the text shows the amount's cents: a separator followed by one or two digits or a dash (`,50`,
    /// `,5`, `,-`, `.–`, Swedish `:-`), or units and cents in boxes of their own (`848 00`). A separator followed
    /// by three digits groups thousands (`4.054`).
    static func showsCents(_ raw: String) -> Bool {
        if SlipFieldReader.boxedAmount(raw) != nil { return true }
        let u = Array(raw.utf8.prefix(200))
        func digit(_ i: Int) -> Bool { u.indices.contains(i) && u[i] >= 48 && u[i] <= 57 }
        for i in u.indices where u[i] == UInt8(ascii: ",") || u[i] == UInt8(ascii: ".") || u[i] == UInt8(ascii: ":") {
            guard digit(i - 1) || i == 0 else { continue }
            if u.indices.contains(i + 1), u[i + 1] == UInt8(ascii: "-") { return true }
            // `–` (U+2013) and `—` (U+2014): E2 80 93 / E2 80 94.
            if u.indices.contains(i + 2), u[i + 1] == 0xE2, u[i + 2] == 0x80 { return true }
            // Swedish `150:-` says whole kronor; a colon before digits is no decimal separator.
            guard u[i] != UInt8(ascii: ":") else { continue }
            var n = 0
            while digit(i + 1 + n) { n += 1 }
            if n == 1 || n == 2 { return true }
        }
        return false
    }

    /// `4.054, 86` → `4.054,86`, `1 234 ,50` → `1 234,50`: a space the OCR set after or before a decimal separator
    /// whose two digits end the number closed (a comb's comma stands on a cell wall, apart from every digit; digits
    /// before the separator). Other text is returned as it is.
    static func closingCents(_ raw: String) -> String {
        let u = Array(raw.utf8)
        guard u.count <= 200 else { return raw }
        func digit(_ i: Int) -> Bool { u.indices.contains(i) && u[i] >= 48 && u[i] <= 57 }
        func separator(_ i: Int) -> Bool { u.indices.contains(i) && (u[i] == UInt8(ascii: ",") || u[i] == UInt8(ascii: ".")) }
        func cents(_ i: Int) -> Bool { digit(i) && digit(i + 1) && !digit(i + 2) }
        var out: [UInt8] = []
        var i = 0
        while i < u.count {
            out.append(u[i])
            var j = i + 1
            while j < u.count, u[j] == 32 { j += 1 }
            if j > i + 1 {
                // `4.054, 86`: the spaces after the separator; `1 234 ,50`: the spaces before it.
                if separator(i), digit(i - 1), cents(j) { i = j; continue }
                if digit(i), separator(j), cents(j + 1) { i = j; continue }
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
