/// Matching one wording of a label against the page's tokens, word by word along the line, with the OCR's usual
/// faults tolerated: a printed word read as two (`Speci ificky symbol`), and in a wording of four or more tokens one
/// inner token misread beyond the edit tolerance (`Cislo Gétu adresata v tvare IBAN`). Both ends must match: the
/// hit is anchored where the label starts and ends.
extension SlipClassifier {
    /// Where the walk through the page's tokens stands: the word, the token in it, the first word of the current
    /// line (a label wrapped onto a second line continues under it) and the words used so far.
    struct LabelCursor {
        var word: Int
        var pos: Int
        var lineStart: Int
        var used: [Int]
    }

    /// Words a label may span at most.
    static let maxLabelWords = 16

    /// Moves to the next word when the current one is used up: the next word on the line, else (`need` given) the
    /// start of the next line when that begins with `need` and the line's next word does not.
    static func settle(_ c: inout LabelCursor, need: String?, in page: PageIndex) -> Bool {
        guard c.pos >= page.tokens[c.word].count else { return true }
        guard c.used.count < maxLabelWords else { return false }
        var next = page.next(after: c.word)
        // A label another printer wraps onto a second line (`IBAN ili broj računa` / `primatelja:`).
        if let need, next.map({ !(page.tokens[$0].first.map { SlipText.matches($0, need) } ?? false) }) ?? true,
           let wrapped = page.wrapped(below: c.lineStart), !c.used.contains(wrapped),
           page.tokens[wrapped].first.map({ SlipText.matches($0, need) }) == true {
            next = wrapped
            c.lineStart = wrapped
        }
        guard let n = next else { return false }
        c.word = n
        c.pos = 0
        c.used.append(n)
        return c.pos < page.tokens[c.word].count
    }

    /// Takes `need` at the cursor: one token that matches it, or two on the same line that together do (one
    /// printed word the OCR split; each piece two letters or more, together no longer than `need` and a letter).
    static func take(_ need: String, _ c: inout LabelCursor, in page: PageIndex) -> Bool {
        guard settle(&c, need: need, in: page) else { return false }
        let t = page.tokens[c.word][c.pos]
        if SlipText.matches(t, need) {
            c.pos += 1
            return true
        }
        guard t.count >= 2, t.count < need.count else { return false }
        var d = c
        d.pos += 1
        guard settle(&d, need: nil, in: page) else { return false }
        let rest = page.tokens[d.word][d.pos]
        guard rest.count >= 2, t.count + rest.count <= need.count + 1, SlipText.matches(t + rest, need) else { return false }
        d.pos += 1
        c = d
        return true
    }

    /// The words printing `want` from token `k` of word `w` on, or nil. `substitutions`: inner tokens that may be
    /// misread beyond the edit tolerance (a token of about the same length stands in for them).
    static func labelWords(_ want: [String], from w: Int, token k: Int, in page: PageIndex, substitutions: Int) -> [Int]? {
        guard let first = want.first else { return nil }
        var c = LabelCursor(word: w, pos: k, lineStart: w, used: [w])
        guard take(first, &c, in: page) else { return nil }
        var left = substitutions
        for (i, need) in want.enumerated().dropFirst() {
            if take(need, &c, in: page) { continue }
            guard left > 0, i < want.count - 1, settle(&c, need: need, in: page), misread(page.tokens[c.word][c.pos], need) else { return nil }
            left -= 1
            c.pos += 1
        }
        return c.used
    }

    /// A token the OCR misread beyond the edit tolerance (`GETU` for `UCTU`), not another word: about as long, and
    /// at most two letters or a third of it edited (`PLATITELJA` for `PRIMATELJA`, the payer for the payee, is
    /// another word).
    static func misread(_ t: String, _ need: String) -> Bool {
        let limit = max(2, need.count / 3)
        return abs(t.count - need.count) <= 2
            && SlipText.editDistance(Array(t.unicodeScalars), Array(need.unicodeScalars), limit: limit) <= limit
    }

    /// Inner tokens of a wording that may be misread: one in a wording of four or more tokens.
    static func substitutions(_ want: [String]) -> Int { want.count >= 4 ? 1 : 0 }
}
