import GiroCore

/// `giro check de-bzue 1008454561158`: the reference of the German BZÜ slip (beleglose Zahlscheinüberweisung) —
/// 12 digits of the payee's own data and an ISO 7064 MOD 11,10 check digit, printed in the Verwendungszweck box.
package struct GermanBZUReference: Identifier {
    public let kind = "de-bzue"
    public let country: String? = "DE"
    public let summary = "German BZÜ reference: 12 digits + ISO 7064 MOD 11,10 check digit (13 digits)"
    public let example = "1008 4545 6115 8"

    package init() {}

    public func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        guard let compact = IdentifierText.compact(input, removing: "-.", limit: 64) else {
            throw GiroError(.referenceInvalid, field: "reference", "too long for a BZÜ reference")
        }
        if let bad = compact.firstIndex(where: { $0 < 48 || $0 > 57 }) {
            throw GiroError(.referenceInvalid, field: "reference", offset: bad, "a BZÜ reference has digits only")
        }
        guard compact.count == 13 else {
            throw GiroError(.referenceInvalid, field: "reference", "a BZÜ reference has 13 digits, not \(compact.count)")
        }
        guard ISO7064.isValidMod11_10(compact) else {
            throw GiroError(.referenceInvalidChecksum, field: "reference", offset: 12, "BZÜ check digit (ISO 7064 MOD 11,10) is wrong")
        }
        let text = String(decoding: compact, as: UTF8.self)
        // Printed in groups of four from the left (as the slip's box is usually filled).
        var groups: [Substring] = []
        var rest = Substring(text)
        while !rest.isEmpty { groups.append(rest.prefix(4)); rest = rest.dropFirst(4) }
        return ValidIdentifier(compact: text, formatted: groups.joined(separator: " "))
    }
}
