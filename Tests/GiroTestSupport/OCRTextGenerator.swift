import Foundation

/// Deterministic OCR-like payment-slip text (shared with the field-parser benchmark).
///
/// Mixed Croatian, German, Czech and Hungarian slip words; IBANs with and without spaces, 5 % of them with O/0
/// confusions; amounts in `1.234,56` / `1,234.56` / `1'234.56` / `1 234,56` styles; dates; Croatian references;
/// month names; plain numbers. Same seed → same bytes, on every platform.
package struct OCRTextGenerator {
    var rng: SplitMix64

    package init(seed: UInt64 = 4711) { rng = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { rng.next() }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func pick(_ a: [String]) -> String { a[int(a.count)] }

    static let words: [String] = [
        // Croatian
        "uplatnica", "platitelj", "primatelj", "iznos", "opis", "plaćanja", "poziv", "na", "broj", "model", "šifra",
        "namjene", "datum", "izvršenja", "račun", "žiro", "kuna", "eura", "za", "mjesec", "održavanje", "pričuva",
        "Zagreb", "Split", "Rijeka", "Osijek", "ulica", "Ilica", "d.d.", "d.o.o.", "Hrvatska", "čišćenje", "račun",
        // German
        "Zahlschein", "Empfänger", "Auftraggeber", "Verwendungszweck", "Betrag", "Überweisung", "Kontonummer",
        "Bankleitzahl", "Rechnung", "Datum", "Straße", "München", "Wien", "Graz", "GmbH", "Zahlung", "für", "Miete",
        // Czech
        "složenka", "příjemce", "plátce", "částka", "variabilní", "symbol", "konstantní", "účet", "Praha", "Brno",
        "splatnost", "faktura", "zpráva", "pro", "Kč", "ulice", "náměstí", "číslo",
        // Hungarian
        "befizetési", "utalvány", "kedvezményezett", "befizető", "összeg", "közlemény", "számlaszám", "Budapest",
        "Debrecen", "forint", "dátum", "lakcím", "fizetendő", "határidő", "Kft.", "Zrt.", "csekk",
    ]
    static let months = ["januar", "februar", "März", "april", "Mai", "juni", "July", "August", "rujan", "listopad",
                         "November", "prosinac", "ledna", "února", "október", "december"]
    static let countries = ["HR", "DE", "AT", "CZ", "HU", "SI", "SK"]

    mutating func digits(_ n: Int) -> String { String((0..<n).map { _ in Character(String(int(10))) }) }

    mutating func iban() -> String {
        let cc = pick(Self.countries)
        let len = 16 + int(13)
        var body = digits(len)
        if int(20) == 0 {  // 5 %: OCR confused 0 → O
            body = String(body.map { $0 == "0" && int(3) == 0 ? "O" : $0 })
        }
        var s = cc + digits(2) + body
        if int(2) == 0 {  // space-grouped
            var out = ""
            for (i, ch) in s.enumerated() { if i > 0 && i % 4 == 0 { out += " " }; out.append(ch) }
            s = out
        }
        return s
    }

    mutating func amount() -> String {
        let whole = int(3) == 0 ? int(1000) : int(5_000_000)
        let cents = digits(2)
        let style = int(4)
        let seps: [(String, String)] = [(".", ","), (",", "."), ("'", "."), (" ", ",")]
        let (thousands, decimal) = seps[style]
        var groups: [String] = []
        var w = whole
        repeat {
            let g = w % 1000
            w /= 1000
            groups.insert(w > 0 ? String(String(g).reversed()).padding(toLength: 3, withPad: "0", startingAt: 0).reversedString : String(g), at: 0)
        } while w > 0
        return groups.joined(separator: thousands) + decimal + cents + (int(2) == 0 ? " EUR" : "")
    }

    mutating func date() -> String {
        let d = 1 + int(28), m = 1 + int(12), y = 1995 + int(32)
        switch int(3) {
        case 0: return "\(d < 10 ? "0" : "")\(d).\(m < 10 ? "0" : "")\(m).\(y)."
        case 1: return "\(y)-\(m < 10 ? "0" : "")\(m)-\(d < 10 ? "0" : "")\(d)"
        default: return "\(d). \(pick(Self.months)) \(y)"
        }
    }

    /// About `bytes` bytes of text (cut at a line end just after the size is reached).
    package mutating func generate(bytes: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes + 256)
        var line = 0
        while out.count < bytes {
            let r = int(100)
            let token: String
            switch r {
            case 0..<6: token = iban()
            case 6..<16: token = amount()
            case 16..<21: token = date()
            case 21..<24: token = "HR\(digits(2)) \(digits(4 + int(6)))-\(digits(3 + int(5)))"
            case 24..<30: token = digits(1 + int(8))
            default: token = pick(Self.words)
            }
            out += Array(token.utf8)
            line += 1
            if line % (8 + int(8)) == 0 { out.append(0x0A) } else { out.append(r % 7 == 0 ? UInt8(ascii: ",") : 0x20); if r % 7 == 0 { out.append(0x20) } }
        }
        return out
    }

    /// Convenience: ~10 MB with the default seed.
    package static func tenMegabytes(seed: UInt64 = 4711) -> [UInt8] {
        var g = OCRTextGenerator(seed: seed)
        return g.generate(bytes: 10 * 1024 * 1024)
    }
}

extension String {
    var reversedString: String { String(reversed()) }
}
