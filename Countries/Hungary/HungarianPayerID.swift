import GiroCore

/// `giro check hu-payer-id`: the befizetőazonosító of the Hungarian yellow cheque (készpénz-átutalási megbízás) —
/// the payee's own code for the payer, up to 23 digits and a Luhn check digit (24 in all, zero-padded on the left
/// in the OCR band; printed without the padding).
package struct HungarianPayerID: Identifier {
    public let kind = "hu-payer-id"
    public let country: String? = "HU"
    public let summary = "Hungarian befizetőazonosító (payer ID on the yellow cheque): up to 23 digits + Luhn check digit"
    public let example = "1234 5678 9012 8"

    package init() {}

    public func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        guard let compact = IdentifierText.compact(input, removing: "-.", limit: 96) else {
            throw GiroError(.referenceInvalid, field: "reference", "too long for a befizetőazonosító")
        }
        if let bad = compact.firstIndex(where: { $0 < 48 || $0 > 57 }) {
            throw GiroError(.referenceInvalid, field: "reference", offset: bad, "a befizetőazonosító has digits only")
        }
        guard (2...24).contains(compact.count) else {
            throw GiroError(.referenceInvalid, field: "reference", "a befizetőazonosító has 2 to 24 digits, not \(compact.count)")
        }
        guard compact.contains(where: { $0 != 48 }) else {
            throw GiroError(.referenceInvalid, field: "reference", "an all-zero befizetőazonosító is no payer ID")
        }
        guard Luhn.isValid(compact) else {
            throw GiroError(.referenceInvalidChecksum, field: "reference", offset: compact.count - 1, "befizetőazonosító Luhn check digit is wrong")
        }
        let text = String(decoding: compact, as: UTF8.self)
        var groups: [Substring] = []
        var rest = Substring(text)
        while !rest.isEmpty { groups.append(rest.prefix(4)); rest = rest.dropFirst(4) }
        return ValidIdentifier(compact: text, formatted: groups.joined(separator: " "))
    }
}
