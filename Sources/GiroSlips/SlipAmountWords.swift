import Foundation

/// An amount written in words, as Czech, Slovak and Hungarian forms ask for it (`Částka slovy`, `Suma slovom`,
/// `Forint betűvel`): `osmsetčtyřicetosm`, `dvesto päťdesiat eur 20 centov`, `tízezer-kétszázhetvennyolc forint`.
///
/// The words are folded (case, diacritics) and cut into number morphemes of the language (a form writes the whole
/// number as one word); the morphemes must make a well-formed number below one milliard: hundreds, tens, units
/// in their order, scales (thousand, million) falling. A currency word splits units from the minor part
/// (`padesát haléřů`, `20 centov`, `50/100`). Anything else (an unknown word, a malformed order, two readings that
/// disagree) is no reading: nil, never a guess.
package enum SlipAmountWords {
    /// What the words say: the major units, and the minor units (hundredths) when they are written.
    package struct Reading: Equatable, Sendable {
        package var units: Int
        package var cents: Int?
        package init(units: Int, cents: Int?) {
            self.units = units
            self.cents = cents
        }
    }

    /// Input kept short: an amount in words is one line.
    static let maxBytes = 240
    /// Segmentations tried at most (junk of many short morphemes could otherwise branch widely).
    static let maxSteps = 20_000

    enum Morpheme: Equatable {
        case unit(Int), teen(Int), ten(Int), hundred, scale(Int), connector, major, minor
    }

    struct Language {
        let morphemes: [(String, Morpheme)]
        /// A unit may come before its ten (`jedna|dvacet`, `dva|a|dvacet`): Czech.
        let unitBeforeTen: Bool
        /// Words naming the field on the form (folded): where the words are printed.
        let labels: [String]
    }

    static func language(_ code: String) -> Language? {
        switch code {
        case "ces": czech
        case "slk": slovak
        case "hun": hungarian
        default: nil
        }
    }

    static func units(_ pairs: [(String, Int)]) -> [(String, Morpheme)] { pairs.map { ($0.0, .unit($0.1)) } }
    static func teens(_ pairs: [(String, Int)]) -> [(String, Morpheme)] { pairs.map { ($0.0, .teen($0.1)) } }
    static func tens(_ pairs: [(String, Int)]) -> [(String, Morpheme)] { pairs.map { ($0.0, .ten($0.1)) } }
    static func words(_ ws: [String], _ m: Morpheme) -> [(String, Morpheme)] { ws.map { ($0, m) } }

    static let czech = Language(
        morphemes: units([("nula", 0), ("jedna", 1), ("jeden", 1), ("jedno", 1), ("dva", 2), ("dve", 2), ("tri", 3),
                          ("ctyri", 4), ("pet", 5), ("sest", 6), ("sedm", 7), ("osm", 8), ("devet", 9)])
            + teens([("deset", 10), ("jedenact", 11), ("dvanact", 12), ("trinact", 13), ("ctrnact", 14), ("patnact", 15),
                     ("sestnact", 16), ("sedmnact", 17), ("osmnact", 18), ("devatenact", 19)])
            + tens([("dvacet", 20), ("tricet", 30), ("ctyricet", 40), ("padesat", 50), ("sedesat", 60), ("sedmdesat", 70),
                    ("osmdesat", 80), ("devadesat", 90)])
            + words(["sto", "ste", "sta", "set"], .hundred)
            + words(["tisic", "tisice"], .scale(1000)) + words(["milion", "miliony", "milionu"], .scale(1_000_000))
            + words(["a"], .connector)
            + words(["korun", "koruny", "koruna", "kc", "ceskych", "ceske", "ceska", "czk"], .major)
            + words(["haleru", "halere", "haler", "hal"], .minor),
        unitBeforeTen: true, labels: ["slovy"])

    static let slovak = Language(
        morphemes: units([("nula", 0), ("jeden", 1), ("jedna", 1), ("jedno", 1), ("dva", 2), ("dve", 2), ("tri", 3),
                          ("styri", 4), ("pat", 5), ("sest", 6), ("sedem", 7), ("osem", 8), ("devat", 9)])
            + teens([("desat", 10), ("jedenast", 11), ("dvanast", 12), ("trinast", 13), ("strnast", 14), ("patnast", 15),
                     ("sestnast", 16), ("sedemnast", 17), ("osemnast", 18), ("devatnast", 19)])
            + tens([("dvadsat", 20), ("tridsat", 30), ("styridsat", 40), ("patdesiat", 50), ("sestdesiat", 60),
                    ("sedemdesiat", 70), ("osemdesiat", 80), ("devatdesiat", 90)])
            + words(["sto"], .hundred)
            + words(["tisic"], .scale(1000)) + words(["milion", "miliony", "milionov"], .scale(1_000_000))
            + words(["eur", "eura", "euro"], .major)
            + words(["cent", "centy", "centov", "centa"], .minor),
        unitBeforeTen: false, labels: ["slovom", "slovami"])

    static let hungarian = Language(
        morphemes: units([("nulla", 0), ("egy", 1), ("ketto", 2), ("ket", 2), ("harom", 3), ("negy", 4), ("ot", 5),
                          ("hat", 6), ("het", 7), ("nyolc", 8), ("kilenc", 9)])
            + tens([("tiz", 10), ("tizen", 10), ("husz", 20), ("huszon", 20), ("harminc", 30), ("negyven", 40),
                    ("otven", 50), ("hatvan", 60), ("hetven", 70), ("nyolcvan", 80), ("kilencven", 90)])
            + words(["szaz"], .hundred)
            + words(["ezer"], .scale(1000)) + words(["millio"], .scale(1_000_000))
            + words(["es"], .connector)
            + words(["forint", "ft", "huf"], .major)
            + words(["filler"], .minor),
        unitBeforeTen: false, labels: ["betuvel", "szoval"])

    /// The amount the text says in the language (ISO 639-2 code of a template's `languages`), or nil.
    package static func read(_ text: String, language code: String) -> Reading? {
        guard let lang = language(code), text.utf8.count <= maxBytes else { return nil }
        let tokens = fold(text)
        guard !tokens.isEmpty else { return nil }
        var items: [Item] = []
        for t in tokens {
            if let c = fraction(t) { items.append(.cents(c)); continue }
            if t.allSatisfy({ $0.isASCII && $0.isNumber }) {
                guard t.count <= 2, let v = Int(t) else { return nil }
                items.append(.number(v))
                continue
            }
            guard t.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
            items.append(.word(Array(t.utf8)))
        }
        var readings: [Reading] = []
        var steps = 0
        segment(items, 0, lang, [], &readings, &steps)
        guard let first = readings.first, readings.allSatisfy({ $0 == first }) else { return nil }
        return first
    }

    enum Item { case word([UInt8]), number(Int), cents(Int) }

    enum Piece: Equatable { case m(Morpheme), number(Int), cents(Int) }

    /// Every way of cutting the words into morphemes; each complete cut that makes a number is a reading.
    static func segment(_ items: [Item], _ k: Int, _ lang: Language, _ done: [Piece], _ out: inout [Reading], _ steps: inout Int) {
        guard steps < maxSteps, out.count < 8 else { return }
        steps += 1
        guard k < items.count else {
            if let r = value(done, lang) { out.append(r) }
            return
        }
        switch items[k] {
        case .number(let v): segment(items, k + 1, lang, done + [.number(v)], &out, &steps)
        case .cents(let v): segment(items, k + 1, lang, done + [.cents(v)], &out, &steps)
        case .word(let w): cut(w, 0, items, k, lang, done, &out, &steps)
        }
    }

    static func cut(_ w: [UInt8], _ i: Int, _ items: [Item], _ k: Int, _ lang: Language, _ done: [Piece],
                    _ out: inout [Reading], _ steps: inout Int) {
        guard i < w.count else { return segment(items, k + 1, lang, done, &out, &steps) }
        for (text, m) in lang.morphemes where steps < maxSteps {
            let t = Array(text.utf8)
            guard i + t.count <= w.count, w[i..<(i + t.count)].elementsEqual(t) else { continue }
            steps += 1
            cut(w, i + t.count, items, k, lang, done + [.m(m)], &out, &steps)
        }
    }

    /// Units, then optionally the currency word and the minor part: `<number> [major…] [a|és] [<number|digits> minor…
    /// | NN/100]`; or `<number> NN/100`. A currency word first (`Kč osmset`) is skipped.
    static func value(_ all: [Piece], _ lang: Language) -> Reading? {
        let pieces = Array(all.drop { $0 == .m(.major) })
        if let k = pieces.firstIndex(of: .m(.major)) {
            guard let units = number(pieces[..<k], lang) else { return nil }
            var rest = pieces[(k + 1)...].drop { $0 == .m(.major) || $0 == .m(.connector) }
            guard !rest.isEmpty else { return Reading(units: units, cents: nil) }
            if rest.count == 1, case .cents(let c) = rest.first { return Reading(units: units, cents: c) }
            // The minor part ends in its word: `padesát haléřů`, `20 centov`.
            guard rest.last == .m(.minor) else { return nil }
            while rest.last == .m(.minor) { rest = rest.dropLast() }
            let cents: Int?
            if rest.count == 1, case .number(let v) = rest.first { cents = v } else { cents = number(rest, lang) }
            guard let c = cents, c < 100 else { return nil }
            return Reading(units: units, cents: c)
        }
        if case .cents(let c)? = pieces.last {
            guard let units = number(pieces.dropLast(), lang) else { return nil }
            return Reading(units: units, cents: c)
        }
        return number(pieces[...], lang).map { Reading(units: $0, cents: nil) }
    }

    /// A number below one milliard from morphemes alone: groups below a thousand (`[unit] hundred`, a ten or a
    /// teen, a unit; the unit before its ten where the language writes it so), each closed by a falling scale.
    static func number(_ pieces: ArraySlice<Piece>, _ lang: Language) -> Int? {
        var total = 0, lastScale = Int.max, seen = 0
        var hundreds: Int?, ten: Int?, teen: Int?, unit: Int?
        var joined = false
        func group() -> Int { (hundreds ?? 0) + (ten ?? 0) + (teen ?? 0) + (unit ?? 0) }
        for p in pieces {
            guard case .m(let m) = p else { return nil }
            if joined, case .ten = m {} else if joined { return nil }
            switch m {
            case .unit(let v):
                guard unit == nil, teen == nil else { return nil }
                unit = v
            case .teen(let v):
                guard unit == nil, ten == nil, teen == nil else { return nil }
                teen = v
            case .ten(let v):
                guard ten == nil, teen == nil, unit == nil || lang.unitBeforeTen else { return nil }
                ten = v
                joined = false
            case .hundred:
                guard hundreds == nil, ten == nil, teen == nil, unit != 0 else { return nil }
                hundreds = (unit ?? 1) * 100
                unit = nil
            case .scale(let s):
                guard s < lastScale else { return nil }
                let g = group()
                total += (g == 0 && hundreds == nil && ten == nil && teen == nil && unit == nil ? 1 : g) * s
                lastScale = s
                (hundreds, ten, teen, unit) = (nil, nil, nil, nil)
            case .connector:
                guard unit != nil, ten == nil, lang.unitBeforeTen else { return nil }
                joined = true
                continue
            case .major, .minor:
                return nil
            }
            seen += 1
        }
        guard seen > 0, !joined else { return nil }
        return total + group()
    }

    /// `50/100`: hundredths as printed after the words.
    static func fraction(_ t: String) -> Int? {
        let p = t.split(separator: "/", omittingEmptySubsequences: false)
        guard p.count == 2, p[1] == "100", p[0].count <= 2, let v = Int(p[0]) else { return nil }
        return v
    }

    /// Lower case, no diacritics; fill marks, hyphens and punctuation split words (`=osmset=`, `tízezer-kétszáz`).
    static func fold(_ s: String) -> [String] {
        s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "/") })
            .map(String.init)
    }
}
