/// One country's IBAN format from the SWIFT IBAN registry.
package struct IBANCountry: Sendable, Hashable {
    package let code: String
    /// Name as in the SWIFT registry; empty for IBAN-like formats outside it.
    package let name: String
    package let length: Int
    /// BBAN structure in SWIFT notation (`4!n4!n12!c`).
    package let bban: String
    /// SEPA membership; nil where the source gives none.
    package let sepa: Bool?
    package let inSWIFTRegistry: Bool
    /// Component positions inside the BBAN (0-based, end-exclusive).
    package let bank: Range<Int>?
    package let branch: Range<Int>?
    package let account: Range<Int>?

    /// The BBAN structure as one character class per position (`n`, `a`, `c`).
    package let classes: [UInt8]

    init(code: String, name: String, length: Int, bban: String, sepa: Bool?, inSWIFTRegistry: Bool,
         bank: Range<Int>?, branch: Range<Int>?, account: Range<Int>?) {
        self.code = code
        self.name = name
        self.length = length
        self.bban = bban
        self.sepa = sepa
        self.inSWIFTRegistry = inSWIFTRegistry
        self.bank = bank
        self.branch = branch
        self.account = account
        classes = IBANCountry.expand(bban)
    }

    /// `4!n2!a` → `nnnnaa`.
    static func expand(_ notation: String) -> [UInt8] {
        var out: [UInt8] = []
        var count = 0
        for b in notation.utf8 {
            if b >= 48, b <= 57 { count = count * 10 + Int(b - 48) }
            else if b == UInt8(ascii: "!") { continue }
            else { out.append(contentsOf: repeatElement(b, count: count)); count = 0 }
        }
        return out
    }
}

/// Lookup of IBAN formats by country code (table generated from the SWIFT registry; see `IBANRegistryData.swift`).
package enum IBANRegistry {
    /// 26×26 table: index of the entry for a two-letter code, or -1.
    private static let index: [Int16] = {
        var table = [Int16](repeating: -1, count: 26 * 26)
        for (i, c) in countries.enumerated() {
            let u = Array(c.code.utf8)
            table[Int(u[0] - 65) * 26 + Int(u[1] - 65)] = Int16(i)
        }
        return table
    }()

    /// Flat per-entry data for the validation hot path (no structs, no reference counting per call).
    static let lengths: [Int] = countries.map(\.length)
    static let classStarts: [Int] = {
        var starts: [Int] = []
        var at = 0
        for c in countries { starts.append(at); at += c.classes.count }
        return starts
    }()
    static let flatClasses: [UInt8] = countries.flatMap(\.classes)

    /// The registry entry for an upper-case two-letter code.
    package static func country(_ code: String) -> IBANCountry? {
        let u = Array(code.utf8)
        guard u.count == 2 else { return nil }
        return country(u[0], u[1])
    }

    package static func country(_ a: UInt8, _ b: UInt8) -> IBANCountry? {
        entryIndex(a, b).map { countries[$0] }
    }

    /// Index into ``countries`` for two upper-case letters.
    static func entryIndex(_ a: UInt8, _ b: UInt8) -> Int? {
        guard a >= 65, a <= 90, b >= 65, b <= 90 else { return nil }
        let i = index[Int(a - 65) * 26 + Int(b - 65)]
        return i < 0 ? nil : Int(i)
    }

    /// Position (in the IBAN) of the first BBAN character that breaks entry `entry`'s structure, if any.
    /// `iban` must already have the entry's length.
    static func firstStructureMismatch(entry: Int, iban: [UInt8]) -> Int? {
        let start = classStarts[entry]
        let count = lengths[entry] - 4
        return flatClasses.withUnsafeBufferPointer { classes -> Int? in
            iban.withUnsafeBufferPointer { u -> Int? in
                guard count + 4 <= u.count, start + count <= classes.count else { return 4 }
                for k in 0..<count {
                    let b = u[4 + k]
                    switch classes[start + k] {
                    case UInt8(ascii: "n"): if b < 48 || b > 57 { return 4 + k }
                    case UInt8(ascii: "a"): if b < 65 || b > 90 { return 4 + k }
                    default: break
                    }
                }
                return nil
            }
        }
    }
}
