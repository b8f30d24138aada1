extension Address {
    /// `1000 Ljubljana` → (`1000`, `Ljubljana`): a postal code of `digits` ASCII digits, one space and a
    /// non-empty place; nil for any other shape. Walks the UTF-8 view in place (no copy of the line).
    @inlinable
    package static func splitPostalLine(_ line: String, digits: ClosedRange<Int>) -> (postalCode: String, town: String)? {
        let u = line.utf8
        let k = u.prefix { $0 >= 48 && $0 <= 57 }.count
        guard digits.contains(k), let space = u.index(u.startIndex, offsetBy: k, limitedBy: u.endIndex),
              space < u.endIndex, u[space] == 0x20, u.index(after: space) < u.endIndex else { return nil }
        return (String(line[..<space]), String(line[u.index(after: space)...]))
    }
}

extension Address {
    /// The address of a slip's "street" and "postal code + place" lines; the postal code is split off when the
    /// place line has that shape (`digits` long), otherwise the line stays whole in `town`. Nil when both are nil.
    @inlinable
    package static func fromSlipLines(street: String?, postalLine: String?, postalCodeDigits digits: ClosedRange<Int>) -> Address? {
        if street == nil, postalLine == nil { return nil }
        guard let postalLine else { return Address(street: street) }
        // Built in one go: mutating a copy costs two extra copies of the whole Address.
        if let (postalCode, town) = splitPostalLine(postalLine, digits: digits) {
            return Address(street: street, postalCode: postalCode, town: town)
        }
        return Address(street: street, town: postalLine)
    }

    /// The inverse of ``fromSlipLines(street:postalLine:postalCodeDigits:)``, for encoders.
    @inlinable
    package static func slipLines(_ a: Address?) -> (street: String, postalLine: String) {
        guard let a else { return ("", "") }
        let city = [a.postalCode, a.town].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        return (a.street ?? a.lines.first ?? "", city.isEmpty ? (a.lines.count > 1 ? a.lines[1] : "") : city)
    }
}

extension Party {
    /// A party from a slip's name, street and "postal code + place" lines; nil when all are missing.
    @inlinable
    package static func fromSlipLines(name: String?, street: String?, postalLine: String?, account: Account?,
                                     postalCodeDigits: ClosedRange<Int>) -> Party? {
        if name == nil, street == nil, postalLine == nil, account == nil { return nil }
        return Party(name: name, address: Address.fromSlipLines(street: street, postalLine: postalLine, postalCodeDigits: postalCodeDigits),
                     account: account)
    }
}
