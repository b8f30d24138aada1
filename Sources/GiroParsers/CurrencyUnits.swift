import GiroCore

extension CurrencyMarkers {
    /// GiroCore's minor units of every three-letter code, by the letters' index (-1: no such code, -2: ask
    /// GiroCore). Asked once: amounts look codes up per candidate, and hashing a String each time cost more
    /// than reading the amount.
    static let isoMinorUnits: [Int8] = {
        var table = [Int8](repeating: -1, count: 26 * 26 * 26)
        for k in table.indices {
            let letters = [UInt8(65 + k / 676), UInt8(65 + k / 26 % 26), UInt8(65 + k % 26)]
            if let units = Currency.minorUnits(of: ByteText.string(letters)) { table[k] = units >= 0 ? Int8(exactly: units) ?? -2 : -2 }
        }
        return table
    }()

    /// `Currency.minorUnits(of:)` of the code spelled by three bytes (nil unless upper-case ASCII letters).
    static func minorUnits(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Int? {
        guard ByteText.isUpper(a), ByteText.isUpper(b), ByteText.isUpper(c) else { return nil }
        let units = isoMinorUnits[Int(a - 65) * 676 + Int(b - 65) * 26 + Int(c - 65)]
        if units == -2 { return Currency.minorUnits(of: ByteText.string([a, b, c])) }
        return units < 0 ? nil : Int(units)
    }

    /// `Currency.minorUnits(of:)`, from the table when `code` is three upper-case letters.
    static func minorUnits(of code: String) -> Int? {
        var bytes = code.utf8.makeIterator()
        if let a = bytes.next(), let b = bytes.next(), let c = bytes.next(), bytes.next() == nil,
           ByteText.isUpper(a), ByteText.isUpper(b), ByteText.isUpper(c) {
            return minorUnits(a, b, c)
        }
        return Currency.minorUnits(of: code)
    }
}
