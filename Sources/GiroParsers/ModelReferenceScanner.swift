import GiroCore

/// National reference models, checked by GiroCore's rules (the same ones the country plug-ins use):
/// Croatian `HR01 7269-68949637676-00019`, Slovenian `SI12 1234567890120`, Serbian model 97.
enum ModelReferenceScanner {
    /// `HRnn`/`SInn` + up to two spaces + digits and hyphens (at most 22 characters).
    struct KnownModels: Sendable {
        var croatian = [Bool](repeating: false, count: 100)
        var slovenian = [Bool](repeating: false, count: 100)
        init() {
            for n in 0..<100 {
                let m = (n < 10 ? "0" : "") + String(n)
                croatian[n] = ReferenceModelScheme.hr.check(model: "HR" + m, reference: "1").known
                slovenian[n] = ReferenceModelScheme.si.check(model: "SI" + m, reference: "1").known
            }
        }
        func contains(croatian: Bool, _ n: Int) -> Bool {
            guard n >= 0, n < 100 else { return false }
            return croatian ? self.croatian[n] : slovenian[n]
        }
    }

    /// Positions 2 and 3 after `HR`/`SI` can be read as digits (what `forceModelDigits` needs), tested before
    /// any allocation: most `Hr…`/`Si…` words are no model.
    static func modelDigitsFollow(_ t: [UInt8], at start: Int) -> Bool {
        start + 3 < t.count && ByteText.isDigitLike(t[start + 2]) && ByteText.isDigitLike(t[start + 3])
    }

    static func read(_ t: [UInt8], at start: Int, known: KnownModels) -> (ParseCandidate, Int)? {
        // Everything that can reject is decided on the bytes first: most `HRnn` here start an IBAN, and the
        // runs (six small arrays) are built only for a model reference.
        guard start + 3 < t.count, let d2 = modelDigit(t[start + 2]), let d3 = modelDigit(t[start + 3]),
              known.contains(croatian: ByteText.upper(t[start]) == UInt8(ascii: "H"), Int(d2 - 48) * 10 + Int(d3 - 48))
        else { return nil }
        var j = start + 4
        var spaces = 0
        while spaces < 2, ByteText.spaceLength(t, j) > 0 { j += ByteText.spaceLength(t, j); spaces += 1 }
        // Model and number in separate boxes/lines (`HR01⏎7269-…`).
        if spaces < 2, ByteText.lineBreakLength(t, j) > 0 { j += ByteText.lineBreakLength(t, j); spaces += 1 }
        let refStart = j
        while j < t.count, j - refStart < 23, isReferenceByte(t, j) { j += 1 }
        while j > refStart, t[j - 1] == UInt8(ascii: "-") { j -= 1 }
        let refLength = j - refStart
        if refLength == 0, spaces > 0 { return labelled(t, model: modelRun(t, at: start), start: start, from: j) }
        guard refLength > 0, refLength <= 22, ByteText.wordEnd(t, j) else { return nil }
        // `HR12 1001 0051 …` is a grouped IBAN and `HR1210010051863000160` a compact one, not model references.
        let s = ByteText.spaceLength(t, j)
        if s > 0, j + s < t.count, ByteText.isDigit(t[j + s]) { return nil }
        let ibanLength = ByteText.upper(t[start]) == UInt8(ascii: "H") ? 21 : 19
        guard spaces > 0 || t[refStart..<j].contains(UInt8(ascii: "-")) || refLength + 4 != ibanLength else { return nil }
        let model = modelRun(t, at: start)
        var ref = CharRun(reserving: refLength)
        for k in refStart..<j { ref.append(t[k], at: k) }
        for k in 0..<ref.chars.count where ref.chars[k] != UInt8(ascii: "-") && !ByteText.isDigit(ref.chars[k]) {
            guard let d = ByteText.digitFor(ref.originals[k]) else { return nil }
            ref.replace(k, with: d)
        }
        let croatian = model.chars[0] == UInt8(ascii: "H")
        let modelText = model.text
        let check: ([UInt8]) -> ReferenceModelCheck = { u in
            croatian ? ReferenceModelScheme.hr.check(model: modelText, reference: ByteText.string(u))
                     : ReferenceModelScheme.si.check(model: modelText, reference: ByteText.string(u))
        }
        let first = check(ref.chars)
        guard first.known else { return nil }
        var run = ref
        run.corrections = model.corrections + ref.corrections
        let span = ByteSpan(start, j)
        var c = ReferenceSupport.candidate(type: croatian ? "hr.model" : "si.model", run: run, t: t, span: span,
                                           options: [], value: { modelText + " " + ByteText.string($0) },
                                           valid: { $0 == run.chars ? first.valid : check($0).valid }, baseConfidence: 0.95,
                                           fields: ["model": first.model, "reference": ref.text])
        if !first.valid { c.notes += first.problems }
        return (c, j)
    }

    /// What `forceModelDigits` makes of a model digit position: the digit, a look-alike's digit, or nil.
    static func modelDigit(_ b: UInt8) -> UInt8? { ByteText.isDigit(b) ? b : ByteText.digitFor(b) }

    /// A byte of the number after the model: a digit, a hyphen, or a look-alike not followed by a letter.
    static func isReferenceByte(_ t: [UInt8], _ j: Int) -> Bool {
        let b = t[j]
        return ByteText.isDigit(b) || b == UInt8(ascii: "-") || (ByteText.digitFor(b) != nil && !ByteText.isLetter(j + 1 < t.count ? t[j + 1] : 0))
    }

    /// The model (`HR01`) as a run: letters upper-cased, look-alike digits corrected (the caller checked they are).
    static func modelRun(_ t: [UInt8], at start: Int) -> CharRun {
        var model = CharRun(reserving: 4)
        for k in 0..<4 where start + k < t.count {
            model.append(k < 2 ? ByteText.upper(t[start + k]) : t[start + k], at: start + k)
            model.originals[k] = t[start + k]
        }
        _ = ReferenceSupport.forceModelDigits(&model)
        return model
    }

    /// HUB-3A/UPN print the model and the number in separate boxes with a label between
    /// (`Model HR01  Poziv na broj primatelja 7269-…`): the first digit/hyphen token later on the same line
    /// (within 60 bytes) is taken — only when the model's check confirms it, since nothing else ties them.
    static func labelled(_ t: [UInt8], model: CharRun, start: Int, from: Int) -> (ParseCandidate, Int)? {
        var j = from
        while j < t.count, j - from < 60, t[j] != 0x0A, !ByteText.isDigit(t[j]) { j += 1 }
        guard j < t.count, ByteText.isDigit(t[j]), ByteText.wordStart(t, j) else { return nil }
        let s = j
        while j < t.count, j - s < 23, ByteText.isDigit(t[j]) || t[j] == UInt8(ascii: "-") { j += 1 }
        guard ByteText.wordEnd(t, j), j - s >= 3 else { return nil }
        let reference = ByteText.string(t, s..<j)
        let modelText = model.text
        let check = model.chars[0] == UInt8(ascii: "H") ? ReferenceModelScheme.hr.check(model: modelText, reference: reference)
                                                       : ReferenceModelScheme.si.check(model: modelText, reference: reference)
        guard check.known, check.valid else { return nil }
        return (ParseCandidate(parser: .reference, type: model.chars[0] == UInt8(ascii: "H") ? "hr.model" : "si.model",
                               value: modelText + " " + reference, span: ByteSpan(start, j), rawText: ByteText.string(t, start..<j),
                               corrections: model.corrections, confidence: 0.85, status: .valid,
                               fields: ["model": check.model, "reference": reference], notes: ["model_and_number_apart"]), j)
    }

    /// Serbian model 97 in the `RS` context: `97 0822401137978`, `970822401137978` (model + check digits + number).
    static func serbian(_ t: [UInt8], at start: Int) -> (ParseCandidate, Int)? {
        guard start + 5 < t.count, t[start] == UInt8(ascii: "9"), t[start + 1] == UInt8(ascii: "7") else { return nil }
        var j = start + 2
        let spaced = ByteText.spaceLength(t, j) > 0
        j += ByteText.spaceLength(t, j)
        let refStart = j
        while j < t.count, j - refStart < TwoDigitReferenceModels.maxLength, ByteText.isDigit(t[j]) || t[j] == UInt8(ascii: "-") { j += 1 }
        guard ByteText.wordEnd(t, j), j - refStart >= 3 else { return nil }
        let reference = ByteText.string(t, refStart..<j).replacingOccurrences(of: "-", with: "")
        let check = TwoDigitReferenceModels.check(model: "97", reference: reference)
        guard check.valid || spaced else { return nil }
        let raw = ByteText.string(t, start..<j)
        return (ParseCandidate(parser: .reference, type: "rs.model", value: "97 " + reference, span: ByteSpan(start, j),
                               rawText: raw, confidence: check.valid ? 0.85 : 0.1, status: check.valid ? .valid : .invalid,
                               fields: ["model": "97", "reference": reference],
                               notes: check.valid ? [] : ["check_failed"] + check.problems), j)
    }
}

extension ReferenceSupport {
    /// Positions 2 and 3 of `HRnn`/`SInn`/`RFnn` must be digits.
    static func forceModelDigits(_ run: inout CharRun) -> Bool {
        for k in 2..<min(4, run.chars.count) where !ByteText.isDigit(run.chars[k]) {
            guard let d = ByteText.digitFor(run.originals[k]) else { return false }
            run.replace(k, with: d)
        }
        return true
    }
}
