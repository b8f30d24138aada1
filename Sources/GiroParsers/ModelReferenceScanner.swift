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
                croatian[n] = CroatianReferenceModel.check(model: "HR" + m, reference: "1").known
                slovenian[n] = SlovenianReferenceModel.check(model: "SI" + m, reference: "1").known
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
        var model = CharRun(reserving: 4)
        for k in 0..<4 {
            guard start + k < t.count else { return nil }
            model.append(k < 2 ? ByteText.upper(t[start + k]) : t[start + k], at: start + k)
            model.originals[k] = t[start + k]
        }
        guard ReferenceSupport.forceModelDigits(&model),
              known.contains(croatian: model.chars[0] == UInt8(ascii: "H"), Int(model.chars[2] - 48) * 10 + Int(model.chars[3] - 48))
        else { return nil }
        var j = start + 4
        var spaces = 0
        while spaces < 2, ByteText.spaceLength(t, j) > 0 { j += ByteText.spaceLength(t, j); spaces += 1 }
        // Model and number in separate boxes/lines (`HR01⏎7269-…`).
        if spaces < 2, ByteText.lineBreakLength(t, j) > 0 { j += ByteText.lineBreakLength(t, j); spaces += 1 }
        var ref = CharRun(reserving: 23)
        while j < t.count, ref.chars.count < 23 {
            let b = t[j]
            if ByteText.isDigit(b) || b == UInt8(ascii: "-") || (ByteText.digitFor(b) != nil && !ByteText.isLetter(j + 1 < t.count ? t[j + 1] : 0)) {
                ref.append(b, at: j); j += 1
            } else { break }
        }
        while ref.chars.last == UInt8(ascii: "-") { ref.chars.removeLast(); ref.originals.removeLast(); ref.offsets.removeLast(); j -= 1 }
        if ref.chars.isEmpty, spaces > 0 { return labelled(t, model: model, start: start, from: j) }
        guard !ref.chars.isEmpty, ref.chars.count <= 22, ByteText.wordEnd(t, j) else { return nil }
        // `HR12 1001 0051 …` is a grouped IBAN and `HR1210010051863000160` a compact one, not model references.
        let s = ByteText.spaceLength(t, j)
        if s > 0, j + s < t.count, ByteText.isDigit(t[j + s]) { return nil }
        let ibanLength = model.chars[0] == UInt8(ascii: "H") ? 21 : 19
        guard spaces > 0 || ref.chars.contains(UInt8(ascii: "-")) || ref.chars.count + 4 != ibanLength else { return nil }
        for k in 0..<ref.chars.count where ref.chars[k] != UInt8(ascii: "-") && !ByteText.isDigit(ref.chars[k]) {
            guard let d = ByteText.digitFor(ref.originals[k]) else { return nil }
            ref.replace(k, with: d)
        }
        let croatian = model.chars[0] == UInt8(ascii: "H")
        let modelText = model.text
        let check: ([UInt8]) -> ReferenceModelCheck = { u in
            croatian ? CroatianReferenceModel.check(model: modelText, reference: ByteText.string(u))
                     : SlovenianReferenceModel.check(model: modelText, reference: ByteText.string(u))
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
        let check = model.chars[0] == UInt8(ascii: "H") ? CroatianReferenceModel.check(model: modelText, reference: reference)
                                                       : SlovenianReferenceModel.check(model: modelText, reference: reference)
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
        while j < t.count, j - refStart < SerbianReferenceModel.maxLength, ByteText.isDigit(t[j]) || t[j] == UInt8(ascii: "-") { j += 1 }
        guard ByteText.wordEnd(t, j), j - refStart >= 3 else { return nil }
        let reference = ByteText.string(t, refStart..<j).replacingOccurrences(of: "-", with: "")
        let check = SerbianReferenceModel.check(model: "97", reference: reference)
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
