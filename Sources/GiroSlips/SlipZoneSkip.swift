// When a zone is not read again from its crop (time: each look of a zone costs a Tesseract call).
extension SlipReader {
    /// Page-pass word confidence (0…100) from which a checked value stands without the zone's own looks.
    static let standingPageConfidence = 80

    /// Whether the page pass's reading of a zone stands as it is: it parsed without a fault, its words were read
    /// confidently, and check digits confirm it — an IBAN's mod 97, the coding line's, a reference's own (mod 97
    /// RF, mod 10 ESR, the models' mod 11). A misread digit fails such a check, so another look would read the
    /// same value; such a value is reported as checked (`SlipProvenance`), never merely parsed. Amounts, bare digits,
    /// national accounts without check digits, references without a check and free text are always read again.
    static func pageReadingStands(_ zone: SlipZone, outcome: FieldOutcome?, confidence: Int?) -> Bool {
        guard let outcome, outcome.diagnostics.isEmpty, (confidence ?? 0) >= standingPageConfidence else { return false }
        switch zone.parser {
        case .iban, .codingLine:
            return true
        case .reference:
            // Not where the reading needed OCR corrections (`O` for `0`): the crop may read it plainly.
            if case .reference(let r)? = outcome.value { return r.valid == true && outcome.corrections.isEmpty }
            return false
        default:
            return false
        }
    }
}
