import GiroCore

/// Swiss QR reference (27 digits, or `21 00000 00003 13947 14300 09017`) and Dutch betalingskenmerk (16 digits).
enum DigitReferenceScanner {
    /// `betalingskenmerk` / `kenmerk` within the 40 bytes before `i`.
    static func labelled(_ t: [UInt8], before i: Int) -> Bool {
        let from = max(0, i - 40)
        guard i - from >= 7 else { return false }
        let needle = Array("kenmerk".utf8)
        var k = from
        while k + needle.count <= i {
            var ok = true
            for (x, c) in needle.enumerated() where ByteText.lower(t[k + x]) != c { ok = false; break }
            if ok { return true }
            k += 1
        }
        return false
    }

    /// A look-alike letter counts as a digit when what follows is not an ordinary letter.
    static func lookalikeFits(_ t: [UInt8], _ i: Int) -> Bool {
        guard i < t.count else { return true }
        return !ByteText.isLetter(t[i]) || ByteText.digitFor(t[i]) != nil
    }

    /// Digits (and look-alikes) from `start` through single spaces, counted without allocating.
    static func count(_ t: [UInt8], from start: Int) -> (digits: Int, end: Int) {
        var n = 0
        var j = start
        while j < t.count, n <= 27 {
            let b = t[j]
            if ByteText.isDigit(b) || (ByteText.digitFor(b) != nil && lookalikeFits(t, j + 1)) { n += 1; j += 1; continue }
            let s = ByteText.spaceLength(t, j)
            guard s > 0, j + s < t.count,
                  ByteText.isDigit(t[j + s]) || (ByteText.digitFor(t[j + s]) != nil && lookalikeFits(t, j + s + 1)) else { break }
            j += s
        }
        return (n, j)
    }

    /// 27 or 16 digits (maybe grouped) standing alone from `start`: the only lengths `read` accepts.
    static func hasReferenceLength(_ t: [UInt8], at start: Int) -> Bool {
        let (n, end) = count(t, from: start)
        return (n == 27 || n == 16) && ByteText.wordEnd(t, end)
    }

    static func read(_ t: [UInt8], at start: Int, dutch: Bool) -> (ParseCandidate, Int)? {
        let (n, _) = count(t, from: start)
        guard hasReferenceLength(t, at: start) else { return nil }
        let dutch = dutch || (n == 16 && labelled(t, before: start))
        guard n == 27 || dutch else { return nil }  // what the length check below decides, before storing
        var run = CharRun()
        var groups: [Int] = []
        var j = start
        var current = 0
        while j < t.count, run.chars.count <= 27 {
            let b = t[j]
            if ByteText.isDigit(b) || (ByteText.digitFor(b) != nil && Self.lookalikeFits(t, j + 1)) {
                run.append(b, at: j); current += 1; j += 1; continue
            }
            let s = ByteText.spaceLength(t, j)
            guard s > 0, j + s < t.count,
                  ByteText.isDigit(t[j + s]) || (ByteText.digitFor(t[j + s]) != nil && Self.lookalikeFits(t, j + s + 1)) else { break }
            groups.append(current); current = 0
            j += s
        }
        groups.append(current)
        guard ByteText.wordEnd(t, j), run.chars.count == 27 || (dutch && run.chars.count == 16) else { return nil }
        if groups.count > 1 {
            // Print forms: QR in fives from the right; betalingskenmerk in fours.
            let size = run.chars.count == 27 ? 5 : 4
            guard groups.dropFirst().allSatisfy({ $0 == size }), (1...size).contains(groups[0]) else { return nil }
        }
        guard ReferenceSupport.forceDigits(&run) else { return nil }
        let span = ByteSpan(start, j)
        if run.chars.count == 27 {
            let valid: ([UInt8]) -> Bool = { u in (try? QRReference.validate(u)) != nil }
            return (ReferenceSupport.candidate(type: "qrr", run: run, t: t, span: span, options: [],
                                               value: { ByteText.string($0) }, valid: valid,
                                               fields: ["formatted": QRReference.format(run.text)]), j)
        }
        let valid: ([UInt8]) -> Bool = { WeightedMod11Reference.check(digits: $0) == true }
        return (ReferenceSupport.candidate(type: "nl.betalingskenmerk", run: run, t: t, span: span, options: [],
                                           value: { ByteText.string($0) }, valid: valid, baseConfidence: 0.9), j)
    }
}

/// Belgian structured communication: `+++010/8068/17183+++`, `*** 010 / 8068 / 17183 ***`, `010/8068/17183`.
enum BelgianReference {
    static func framed(_ t: [UInt8], at start: Int) -> (ParseCandidate, Int)? {
        let mark = t[start]
        var j = start + 3
        var run = CharRun()
        var shape: [UInt8] = []
        while j < t.count, j - start < 48 {
            let b = t[j]
            if b == mark { break }
            if ByteText.spaceLength(t, j) > 0 { j += ByteText.spaceLength(t, j); continue }
            if b == UInt8(ascii: "/") { shape.append(b); j += 1; continue }
            guard ByteText.isDigitLike(b) else { return nil }
            run.append(b, at: j); shape.append(UInt8(ascii: "d"))
            j += 1
        }
        guard j + 2 < t.count, t[j] == mark, t[j + 1] == mark, t[j + 2] == mark,
              shape == Array("ddd/dddd/ddddd".utf8) else { return nil }
        return finish(run, t, span: ByteSpan(start, j + 3))
    }

    /// The slashes of `ddd/dddd/ddddd` where `bare` needs them.
    static func bareShape(_ t: [UInt8], at start: Int) -> Bool {
        start + 14 <= t.count && t[start + 3] == UInt8(ascii: "/") && t[start + 8] == UInt8(ascii: "/")
    }

    static func bare(_ t: [UInt8], at start: Int) -> (ParseCandidate, Int)? {
        // Shape first (`ddd/dddd/ddddd`), without allocating.
        guard bareShape(t, at: start) else { return nil }
        let lens = [3, 4, 5]
        var run = CharRun()
        var j = start
        for (g, len) in lens.enumerated() {
            for _ in 0..<len {
                guard j < t.count, ByteText.isDigitLike(t[j]) else { return nil }
                run.append(t[j], at: j); j += 1
            }
            if g < 2 { guard j < t.count, t[j] == UInt8(ascii: "/") else { return nil }; j += 1 }
        }
        guard ByteText.wordEnd(t, j), !(j < t.count && t[j] == UInt8(ascii: "/")) else { return nil }
        return finish(run, t, span: ByteSpan(start, j))
    }

    static func finish(_ r: CharRun, _ t: [UInt8], span: ByteSpan) -> (ParseCandidate, Int)? {
        var run = r
        guard run.chars.count == 12, ReferenceSupport.forceDigits(&run) else { return nil }
        let c = ReferenceSupport.candidate(type: "be.ogm", run: run, t: t, span: span, options: [],
                                           value: { ByteText.string($0) },
                                           valid: { Mod97Reference.hasValidCheck(digits: $0) },
                                           fields: ["formatted": Mod97Reference.formatted(run.text)])
        return (c, span.end)
    }
}
