import GiroImaging

extension SlipReader {
    /// Whether an unknown slip's account is printed inside a form found on the same page: it is that form's receipt
    /// or copy left outside the form's fit (a fit on fewer labels, at another printer's proportions), not another
    /// slip, and is not reported twice.
    static func duplicatesForm(_ r: SlipReading, formWords: Set<Int>, page: PageWords) -> Bool {
        guard let account = r.record.creditor?.account?.iban ?? r.record.creditor?.account?.number else { return false }
        let key = SlipCrossCheck.compact(account)
        guard key.count >= 8, !formWords.isEmpty else { return false }
        // Line by line: an IBAN is printed in groups of four.
        return SlipValueAssignment.lines(Array(formWords.filter { page.words.indices.contains($0) }), page: page).contains { line in
            SlipCrossCheck.compact(line.map { page.words[$0].text }.joined()).contains(key)
        }
    }
}
