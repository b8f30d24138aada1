/// Of the page pass's and the crop's readings of a free-text zone, the better one: a name look that is no name
/// (`SlipNameValue`) gives way to one that is, and where both spell the same after folding accents, case and
/// punctuation, the one with the language's letters is kept (`SlipSpacedText.richer`).
enum SlipValueLooks {
    static func better(_ zone: SlipZone, kept: ZoneText, looks: [ZoneText]) -> ZoneText {
        guard !kept.isEmpty else { return kept }
        var out = kept
        let others = looks.filter { !$0.isEmpty && $0.lines != kept.lines }
        if zone.parser == .text, zone.field.hasSuffix(".name") {
            func isName(_ z: ZoneText) -> Bool {
                if case .name = SlipNameValue.judged(z.text, confidence: z.confidence) { return true }
                return false
            }
            if !isName(kept), let alternative = others.first(where: isName) { out = alternative }
        }
        for o in others where o.lines != out.lines {
            let richer = SlipSpacedText.richer(out.lines, o.lines)
            if richer != out.lines {
                out.lines = richer
                out.parsed = nil   // parsed again from these lines
            }
        }
        return out
    }
}
