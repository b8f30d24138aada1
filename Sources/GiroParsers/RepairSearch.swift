/// Finds the OCR repairs that make a value pass its checks, with the fewest substitutions.
///
/// The rule every parser follows: a repair is applied only when it is the *only* one at the smallest number
/// of substitutions; several equally small repairs are reported as ambiguous, never guessed between.
enum RepairSearch {
    struct Option: Hashable { var index: Int; var replacement: UInt8 }

    enum Outcome {
        case none
        case unique([Option])
        case ambiguous([[Option]])
    }

    /// `options`: single-character substitutions an OCR confusion could explain. Tries 1, then 2 substitutions
    /// (pairs only while the option count keeps the search small). `valid` must be pure.
    static func search(_ chars: [UInt8], options: [Option], maxSubstitutions: Int = 1,
                       valid: ([UInt8]) -> Bool) -> Outcome {
        var work = chars
        var found: [[Option]] = []
        for o in options where o.index >= 0 && o.index < work.count {
            let saved = work[o.index]
            work[o.index] = o.replacement
            if valid(work) { found.append([o]) }
            work[o.index] = saved
            if found.count > 8 { break }
        }
        if found.count == 1 { return .unique(found[0]) }
        if found.count > 1 { return .ambiguous(found) }
        guard maxSubstitutions >= 2, options.count <= 24 else { return .none }
        for a in 0..<options.count {
            for b in (a + 1)..<max(a + 1, options.count) {
                let x = options[a], y = options[b]
                guard x.index != y.index, x.index >= 0, y.index >= 0, x.index < work.count, y.index < work.count else { continue }
                let sx = work[x.index], sy = work[y.index]
                work[x.index] = x.replacement
                work[y.index] = y.replacement
                if valid(work) { found.append([x, y]) }
                work[x.index] = sx
                work[y.index] = sy
                if found.count > 8 { break }
            }
        }
        if found.count == 1 { return .unique(found[0]) }
        if found.count > 1 { return .ambiguous(found) }
        return .none
    }

    /// Applies `repair` to `chars`.
    static func apply(_ repair: [Option], to chars: [UInt8]) -> [UInt8] {
        var out = chars
        for o in repair where o.index >= 0 && o.index < out.count { out[o.index] = o.replacement }
        return out
    }

    /// The OCR look-alike substitutions for the characters of `chars` in `indices` (positions whose class allows
    /// both letters and digits). A letter may always be read back as a digit; a digit is read back as a letter
    /// only when the rest of `body` has letters — conjuring the only letter into a run of digits would let
    /// mod 97 "confirm" one of many arbitrary edits (the `RF17 5390 0754 7034` vector is one).
    static func lookalikeOptions(_ chars: [UInt8], indices: some Sequence<Int>, body: Range<Int>) -> [Option] {
        var letters = 0
        for k in body where k >= 0 && k < chars.count && ByteText.isLetter(chars[k]) { letters += 1 }
        var out: [Option] = []
        for k in indices where k >= 0 && k < chars.count {
            let c = chars[k]
            if let d = ByteText.digitFor(c) { out.append(Option(index: k, replacement: d)) }
            let lettersElsewhere = letters - (body.contains(k) && ByteText.isLetter(c) ? 1 : 0)
            if lettersElsewhere > 0, let l = ByteText.letterFor(c) { out.append(Option(index: k, replacement: l)) }
        }
        return out
    }
}
