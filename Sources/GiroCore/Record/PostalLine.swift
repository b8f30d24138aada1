extension Address {
    /// `1000 Ljubljana` → (`1000`, `Ljubljana`): a postal code of `digits` ASCII digits, one space and a
    /// non-empty place; nil for any other shape. Walks the UTF-8 view in place (no copy of the line).
    public static func splitPostalLine(_ line: String, digits: ClosedRange<Int>) -> (postalCode: String, town: String)? {
        let u = line.utf8
        let k = u.prefix { $0 >= 48 && $0 <= 57 }.count
        guard digits.contains(k), let space = u.index(u.startIndex, offsetBy: k, limitedBy: u.endIndex),
              space < u.endIndex, u[space] == 0x20, u.index(after: space) < u.endIndex else { return nil }
        return (String(line[..<space]), String(line[u.index(after: space)...]))
    }
}
