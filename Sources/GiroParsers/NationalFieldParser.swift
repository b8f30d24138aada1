import GiroCore

/// Reads the national fields the country plug-ins declare as data (``NationalTextField``: Austrian
/// Zahlungsreferenz, German BZÜ reference, Hungarian befizetőazonosító, Swedish bankgiro …): digit runs of the
/// declared length, maybe grouped by single separators, maybe after a label. Look-alike letters (O, I, l, S, B …)
/// are read as digits only when the field's identifier then validates; an unchecked field takes plain digits
/// only, after its label, and stays `uncertain`. Every candidate names its country (`fields.country`).
/// Fields marked ``NationalTextShape/builtIn`` are left to the dedicated scanners.
public struct NationalFieldParser: FieldParser {
    public var kind: ParserKind { .reference }
    /// The fields this parser reads (built-in ones dropped).
    public let fields: [NationalTextField]
    /// Also report labelled values whose check fails (status `invalid`).
    public var reportInvalid: Bool
    /// The text is one slip zone of the field: the zone stands for the label.
    public var zone: Bool
    let maxDigits: Int
    /// Separator bytes some field allows (ASCII only), by byte value.
    let separatorAllowed: [Bool]
    /// Each label's lower-case bytes and the fields it names.
    let labels: [(bytes: [UInt8], fields: [Int])]
    /// Label indices by their first byte (lower case).
    let labelsByFirstByte: [[Int]]
    let maxLabelReach: Int

    public init(fields: [NationalTextField], reportInvalid: Bool = true, zone: Bool = false) {
        let own = fields.filter { !$0.shape.builtIn }
        self.fields = own
        self.reportInvalid = reportInvalid
        self.zone = zone
        maxDigits = own.map(\.shape.digits.upperBound).max() ?? 0
        var allowed = [Bool](repeating: false, count: 128)
        for f in own { for b in f.shape.separators.utf8 where b < 128 && !ByteText.isAlnum(b) { allowed[Int(b)] = true } }
        separatorAllowed = allowed
        var byLabel: [String: [Int]] = [:]
        var order: [String] = []
        for (k, f) in own.enumerated() {
            for l in f.shape.labels where !l.isEmpty && l.utf8.count <= 64 {
                if byLabel[l] == nil { order.append(l) }
                byLabel[l, default: []].append(k)
            }
        }
        labels = order.map { (Array($0.utf8), byLabel[$0] ?? []) }
        var byFirst = [[Int]](repeating: [], count: 256)
        for (x, l) in labels.enumerated() { if let b = l.bytes.first { byFirst[Int(b)].append(x) } }
        labelsByFirstByte = byFirst
        maxLabelReach = (labels.map(\.bytes.count).max() ?? 0) + (own.map(\.shape.labelDistance).max() ?? 0)
    }

    public func scan(_ t: [UInt8], context: ParseContext) -> [ParseCandidate] {
        guard maxDigits > 0 else { return [] }
        var out: [ParseCandidate] = []
        let n = t.count
        var i = 0
        while i < n {
            let b = t[i]
            if ByteText.isDigit(b) || (ByteText.digitFor(b) != nil && i + 1 < n && ByteText.isDigit(t[i + 1])),
               ByteText.wordStart(t, i), !(i > 0 && Self.glue(t[i - 1])) {
                let end = read(t, at: i, into: &out)
                if end > i { i = end; continue }
            }
            i = ByteText.nextWordCandidate(t, after: i)
        }
        return out
    }

    /// `-`, `/`, `.`, `,`: a number glued to one of these is part of something else (a date, an amount, an account).
    static func glue(_ b: UInt8) -> Bool { b == 45 || b == 47 || b == 46 || b == 44 }

    /// A place the run can end: digits so far, the byte after them, whether the run goes on behind a separator.
    struct Cut { var count: Int; var end: Int }

    /// Reads the run at `start`, appends what the fields make of its longest fitting prefix; returns where it ends
    /// (or -1 when nothing was found).
    func read(_ t: [UInt8], at start: Int, into out: inout [ParseCandidate]) -> Int {
        let n = t.count
        // Most runs are no field: when every field needs a label and none stands before the run, stop before
        // building anything.
        let label = zone ? nil : nearestLabel(t, before: start)
        guard zone || fields.indices.contains(where: { !fields[$0].shape.labelRequired || (label?.fields.contains($0) ?? false) })
        else { return -1 }
        var run = CharRun(reserving: min(maxDigits + 1, 64))
        var cuts: [Cut] = []
        var separators: [UInt8] = []  // separator used before each group after the first (space = 0x20)
        var separatorCount: [Int] = []  // separators used up to each cut
        var j = start
        while j < n, run.chars.count <= maxDigits {
            let b = t[j]
            if ByteText.isDigit(b) || (ByteText.digitFor(b) != nil && DigitReferenceScanner.lookalikeFits(t, j + 1)) {
                run.append(b, at: j); j += 1; continue
            }
            var s = ByteText.spaceLength(t, j)
            var sep: UInt8 = 0x20
            if s == 0, b < 128, separatorAllowed[Int(b)] { s = 1; sep = b }
            guard s > 0, j + s < n, ByteText.isDigit(t[j + s]) || (ByteText.digitFor(t[j + s]) != nil && DigitReferenceScanner.lookalikeFits(t, j + s + 1))
            else { break }
            if sep == 0x20 { cuts.append(Cut(count: run.chars.count, end: j)); separatorCount.append(separators.count) }
            separators.append(sep)
            j += s
        }
        // The whole run ends at a word end, not glued to more digits by `,`/`.`/`-`/`/` (amounts, dates).
        let glued = j + 1 < n && Self.glue(t[j]) && ByteText.isDigitLike(t[j + 1])
        if run.chars.count <= maxDigits, ByteText.wordEnd(t, j), !glued {
            cuts.append(Cut(count: run.chars.count, end: j)); separatorCount.append(separators.count)
        }
        guard cuts.contains(where: { c in fields.contains { $0.shape.digits.contains(c.count) } }) else { return -1 }
        var fallback: [ParseCandidate] = []
        var fallbackEnd = -1
        for (k, cut) in cuts.enumerated().reversed() {
            let used = separators.prefix(separatorCount[k]).filter { $0 != 0x20 }
            var found: [ParseCandidate] = []
            for (f, field) in fields.enumerated() where field.shape.digits.contains(cut.count) {
                guard used.allSatisfy({ field.shape.separators.utf8.contains($0) }) else { continue }
                let labelled = zone || (label.map { $0.fields.contains(f) } ?? false)
                if field.shape.labelRequired, !labelled { continue }
                if let c = candidate(field, run: run, count: cut.count, t: t, span: ByteSpan(start, cut.end),
                                     label: labelled ? label?.text : nil, labelled: labelled) {
                    found.append(c)
                }
            }
            let valid = found.filter { $0.status == .valid }
            if !valid.isEmpty { out += valid; return cut.end }
            if fallbackEnd < 0, !found.isEmpty { fallback = found; fallbackEnd = cut.end }
        }
        out += fallback
        return fallbackEnd
    }

    /// What `field` makes of the first `count` characters of `run`.
    func candidate(_ field: NationalTextField, run r: CharRun, count: Int, t: [UInt8], span: ByteSpan,
                   label: String?, labelled: Bool) -> ParseCandidate? {
        var run = r
        if count < run.chars.count {
            run.chars.removeSubrange(count...)
            run.originals.removeSubrange(count...)
            run.offsets.removeSubrange(count...)
        }
        let asRead = ByteText.string(run.chars)
        let hasLookalikes = run.chars.contains { !ByteText.isDigit($0) }
        var fields = ["country": field.country]
        if let label { fields["label"] = label }
        let raw = ByteText.string(t, span.range)
        let parser = Self.parserKind(field.family)
        guard let identifier = field.identifier else {
            // Nothing checks it: only plain digits, only after the label (a bare number could be anything).
            guard labelled, !hasLookalikes else { return nil }
            return ParseCandidate(parser: parser, type: field.type, value: asRead, span: span, rawText: raw,
                                  confidence: zone ? 0.8 : 0.7, status: .uncertain, fields: fields, notes: ["no_check_digit"])
        }
        guard ReferenceSupport.forceDigits(&run) else { return nil }
        do {
            let valid = try identifier.validate(run.text)
            fields["formatted"] = valid.formatted
            let base = labelled ? 0.95 : 0.8
            return ParseCandidate(parser: parser, type: field.type, value: valid.compact, span: span, rawText: raw,
                                  corrections: run.corrections, confidence: base - 0.06 * Double(run.corrections.count),
                                  status: .valid, fields: fields, notes: run.corrections.isEmpty ? [] : ["repaired"])
        } catch {
            // A failing check is worth reporting only where the label says the field is meant; the look-alikes
            // stay as read (no repair the check does not confirm).
            guard labelled, reportInvalid else { return nil }
            return ParseCandidate(parser: parser, type: field.type, value: ByteText.string(run.originals.map(ByteText.upper)),
                                  span: span, rawText: raw, confidence: 0.1, status: .invalid, fields: fields,
                                  notes: ["check_failed", error.code.rawValue])
        }
    }

    static func parserKind(_ family: NationalTextField.Family) -> ParserKind {
        switch family {
        case .account: return .iban
        case .amount: return .amount
        case .reference, .other: return .reference
        }
    }

    /// The label ending nearest before `start` (within reach, nothing but non-digits between): its text and fields.
    /// One pass over the window, labels looked up by their first byte.
    func nearestLabel(_ t: [UInt8], before start: Int) -> (text: String, fields: [Int])? {
        guard !labels.isEmpty, start > 0, start <= t.count else { return nil }
        let from = max(0, start - maxLabelReach)
        // Digits between a label and the value mean the label belongs to something else.
        var lo = from
        for k in stride(from: start - 1, through: from, by: -1) where ByteText.isDigit(t[k]) { lo = k + 1; break }
        var best: (end: Int, index: Int)? = nil
        var p = start - 1
        while p >= lo {
            let candidates = labelsByFirstByte[Int(Self.lowerPair(t, p)?.0 ?? ByteText.lower(t[p]))]
            if !candidates.isEmpty, ByteText.wordStart(t, p) {
                for x in candidates {
                    let label = labels[x]
                    let end = p + label.bytes.count
                    guard end <= start, end > (best?.end ?? -1), matches(t, at: p, label.bytes),
                          end >= t.count || !ByteText.isLetter(t[end]) else { continue }
                    let gap = start - end
                    if label.fields.contains(where: { gap <= fields[$0].shape.labelDistance }) { best = (end, x) }
                }
            }
            p -= 1
        }
        guard let best else { return nil }
        let l = labels[best.index]
        let gap = start - best.end
        return (ByteText.string(t, (best.end - l.bytes.count)..<best.end), l.fields.filter { gap <= fields[$0].shape.labelDistance })
    }

    /// Case-insensitive comparison of `label` (lower case) with the bytes at `p`: ASCII, and the two-byte letters of
    /// Latin-1, Latin Extended-A and Cyrillic (`ПОЗИВ`, `Č`, `Ü`), whose lower case has the same byte length.
    @inline(__always) func matches(_ t: [UInt8], at p: Int, _ label: [UInt8]) -> Bool {
        guard p >= 0, p + label.count <= t.count else { return false }
        var k = 0
        while k < label.count {
            if let (a, b) = Self.lowerPair(t, p + k) {
                guard k + 1 < label.count, label[k] == a, label[k + 1] == b else { return false }
                k += 2
            } else {
                guard ByteText.lower(t[p + k]) == label[k] else { return false }
                k += 1
            }
        }
        return true
    }

    /// The lower-case UTF-8 bytes of the two-byte letter at `p` (Latin-1, Latin Extended-A, Cyrillic); nil for
    /// anything else.
    @inline(__always) static func lowerPair(_ t: [UInt8], _ p: Int) -> (UInt8, UInt8)? {
        guard p >= 0, p + 1 < t.count, t[p] >= 0xC2, t[p] <= 0xDF, t[p + 1] & 0xC0 == 0x80 else { return nil }
        var s = UInt32(t[p] & 0x1F) << 6 | UInt32(t[p + 1] & 0x3F)
        switch s {
        case 0xC0...0xDE where s != 0xD7: s += 0x20
        case 0x100...0x137, 0x14A...0x177: s |= 1
        case 0x139...0x148, 0x179...0x17E: if s & 1 == 1 { s += 1 }
        case 0x400...0x40F: s += 0x50
        case 0x410...0x42F: s += 0x20
        default: break
        }
        return (UInt8(0xC0 | (s >> 6)), UInt8(0x80 | (s & 0x3F)))
    }
}
