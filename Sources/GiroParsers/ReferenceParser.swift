import GiroCore
import GiroRegex

/// Finds payment references and validates each with its own check: ISO 11649 `RF` (mod 97), Swiss QR
/// reference (27 digits, mod 10 recursive, also in 5-digit print groups), Belgian structured communication
/// `+++123/4567/89002+++` (mod 97), Dutch betalingskenmerk (weighted mod 11; needs the `NL` context or a
/// `kenmerk` label), Croatian `HR00–HR99` and Slovenian `SI00–SI99` models and Serbian model 97 (rules of
/// GiroCore), Czech/Slovak variable/constant/specific symbols (only next to their labels).
/// OCR look-alikes are repaired only when exactly one repair passes the check.
public struct ReferenceParser: FieldParser {
    public var kind: ParserKind { .reference }
    /// Also report reference-shaped text whose check fails (status `invalid`).
    public var reportInvalid: Bool
    let symbols: SymbolScanner
    /// Which HR00–HR99 / SI00–SI99 models GiroCore defines (asked once here, so unknown ones cost nothing later).
    let knownModels: ModelReferenceScanner.KnownModels

    public init(reportInvalid: Bool = true) {
        self.reportInvalid = reportInvalid
        symbols = SymbolScanner()
        knownModels = ModelReferenceScanner.KnownModels()
    }

    public func scan(_ t: [UInt8], context: ParseContext) -> [ParseCandidate] {
        var out: [ParseCandidate] = []
        out.reserveCapacity(min(t.count / 64, 1 << 18))  // growing an array of large candidates costs more than this
        let n = t.count
        let nl = context.country == "NL"
        let rs = context.country == "RS" || context.language == "sr"
        var i = 0
        while i < n {
            let b = t[i]
            var end = -1  // where the reference read at `i` ends; -1: none
            if (b == UInt8(ascii: "+") || b == UInt8(ascii: "*")), i + 2 < n, t[i + 1] == b, t[i + 2] == b {
                end = out.appendFound(BelgianReference.framed(t, at: i), reportInvalid: reportInvalid)
            } else if ByteText.isLetter(b), i + 3 < n, ByteText.wordStart(t, i), ByteText.isLetter(t[i + 1]) {
                let u0 = ByteText.upper(b), u1 = ByteText.upper(t[i + 1])
                if u0 == UInt8(ascii: "R"), u1 == UInt8(ascii: "F") {
                    end = out.appendFound(CreditorReferenceScanner.read(t, at: i), reportInvalid: reportInvalid)
                } else if (u0 == UInt8(ascii: "H") && u1 == UInt8(ascii: "R")) || (u0 == UInt8(ascii: "S") && u1 == UInt8(ascii: "I")),
                          ModelReferenceScanner.modelDigitsFollow(t, at: i) {
                    end = out.appendFound(ModelReferenceScanner.read(t, at: i, known: knownModels), reportInvalid: reportInvalid)
                }
            } else if ByteText.isDigit(b) || (ByteText.digitFor(b) != nil && i + 1 < n && ByteText.isDigit(t[i + 1])),
                      ByteText.wordStart(t, i), !(i > 0 && (t[i - 1] == 45 || t[i - 1] == 47 || t[i - 1] == 46 || t[i - 1] == 44)) {
                // Cheap shape tests first: most digit runs are none of these, and a miss through the
                // optional (large) candidate costs a copy of it.
                if BelgianReference.bareShape(t, at: i) {
                    end = out.appendFound(BelgianReference.bare(t, at: i), reportInvalid: reportInvalid)
                }
                if end < 0, DigitReferenceScanner.hasReferenceLength(t, at: i) {
                    end = out.appendFound(DigitReferenceScanner.read(t, at: i, dutch: nl), reportInvalid: reportInvalid)
                }
                if end < 0, rs { end = out.appendFound(ModelReferenceScanner.serbian(t, at: i), reportInvalid: reportInvalid) }
            }
            // `+`/`*` frames are no letters/digits: not skipped by `nextWordCandidate`.
            i = end >= 0 ? max(end, i + 1) : ByteText.nextWordCandidate(t, after: i)
        }
        out += symbols.scan(t)
        return out
    }
}

/// Helpers shared by the reference scanners.
enum ReferenceSupport {
    /// Outcome of the only-repair-when-the-check-confirms rule on `run` (digits/letters already forced).
    static func candidate(type: String, run: CharRun, t: [UInt8], span: ByteSpan, options: [RepairSearch.Option],
                          value: ([UInt8]) -> String, valid: ([UInt8]) -> Bool, baseConfidence: Double = 0.97,
                          fields: [String: String] = [:]) -> ParseCandidate {
        let raw = ByteText.string(t, span.range)
        if valid(run.chars) {
            return ParseCandidate(parser: .reference, type: type, value: value(run.chars), span: span, rawText: raw,
                                  corrections: run.corrections, confidence: baseConfidence - 0.06 * Double(run.corrections.count),
                                  status: .valid, fields: fields, notes: run.corrections.isEmpty ? [] : ["repaired"])
        }
        switch RepairSearch.search(run.chars, options: options, valid: valid) {
        case .unique(let repair):
            var r = run
            for o in repair { r.replace(o.index, with: o.replacement) }
            return ParseCandidate(parser: .reference, type: type, value: value(r.chars), span: span, rawText: raw,
                                  corrections: r.corrections, confidence: baseConfidence - 0.1 - 0.06 * Double(r.corrections.count),
                                  status: .valid, fields: fields, notes: ["repaired"])
        case .ambiguous(let repairs):
            return ParseCandidate(parser: .reference, type: type, value: value(run.chars), span: span, rawText: raw,
                                  corrections: run.corrections, confidence: 0.3, status: .uncertain, fields: fields,
                                  alternatives: repairs.map { value(RepairSearch.apply($0, to: run.chars)) },
                                  notes: ["ambiguous_repair"])
        case .none:
            return ParseCandidate(parser: .reference, type: type, value: value(run.chars), span: span, rawText: raw,
                                  corrections: run.corrections, confidence: 0.1, status: .invalid, fields: fields,
                                  notes: ["check_failed"])
        }
    }

    /// Forces every character of `run` to a digit (look-alikes corrected); nil when one cannot be.
    static func forceDigits(_ run: inout CharRun) -> Bool {
        for k in 0..<run.chars.count where !ByteText.isDigit(run.chars[k]) {
            guard let d = ByteText.digitFor(run.originals[k]) else { return false }
            run.replace(k, with: d)
        }
        return true
    }
}

/// ISO 11649: `RF18 5390 0754 7034`, `rf18539007547034`.
enum CreditorReferenceScanner {
    static func read(_ t: [UInt8], at start: Int) -> (ParseCandidate, Int)? {
        // Collect `RF`, then letters/digits in groups separated by single spaces, up to 25 characters.
        var run = CharRun()
        var ends: [(count: Int, end: Int)] = []
        var j = start
        while j < t.count, run.chars.count < 25 {
            let b = t[j]
            if ByteText.isAlnum(b) { run.append(ByteText.upper(b), at: j); run.originals[run.originals.count - 1] = b; j += 1; continue }
            let s = ByteText.spaceLength(t, j)
            guard s > 0, run.chars.count >= 2, j + s < t.count, ByteText.isAlnum(t[j + s]) else { break }
            ends.append((run.chars.count, j))
            j += s
        }
        guard ByteText.wordEnd(t, j), run.chars.count >= 5 else { return nil }
        ends.append((run.chars.count, j))
        guard ends.count > 0 else { return nil }
        for k in 2..<4 where !ByteText.isDigit(run.chars[k]) {
            guard let d = ByteText.digitFor(run.originals[k]) else { return nil }
            run.replace(k, with: d)
        }
        // Longest exactly valid prefix at a group boundary wins; else the only repairable one.
        let valid: ([UInt8]) -> Bool = { u in (try? CreditorReference.validate(u)) != nil }
        var best: (ParseCandidate, Int)? = nil
        for e in ends.reversed() where e.count >= 5 {
            var r = run
            r.chars.removeSubrange(e.count...)
            r.originals.removeSubrange(e.count...)
            r.offsets.removeSubrange(e.count...)
            let cut = Set(r.offsets)
            r.corrections = r.corrections.filter { cut.contains($0.offset) }
            let options = RepairSearch.lookalikeOptions(r.chars, indices: 4..<r.chars.count, body: 4..<r.chars.count)
            let c = ReferenceSupport.candidate(type: "rf", run: r, t: t, span: ByteSpan(start, e.end), options: options,
                                               value: { ByteText.string($0) }, valid: valid,
                                               fields: ["formatted": CreditorReference.format(r.text)])
            if c.status == .valid, c.corrections.isEmpty { return (c, e.end) }
            if best == nil || (c.status == .valid && best?.0.status != .valid) { best = (c, e.end) }
        }
        return best
    }
}
