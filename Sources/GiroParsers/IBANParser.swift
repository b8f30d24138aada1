import GiroCore

/// Finds IBANs in OCR text: any registry country, any grouping (spaces, no-break spaces, dashes, line breaks),
/// lower case. OCR confusions are repaired only when exactly one repair passes structure, mod 97 and the
/// national check digits; with the country context `CZ`/`SK`, `RS` or `GB` it also finds national account forms.
public struct IBANParser: FieldParser {
    public var kind: ParserKind { .iban }
    /// Also report IBAN-shaped text that fails its checks (status `invalid`).
    public var reportInvalid: Bool
    /// Find national account numbers when the context country asks for them.
    public var nationalForms: Bool

    public init(reportInvalid: Bool = true, nationalForms: Bool = true) {
        self.reportInvalid = reportInvalid
        self.nationalForms = nationalForms
    }

    public func scan(_ t: [UInt8], context: ParseContext) -> [ParseCandidate] {
        var out: [ParseCandidate] = []
        out.reserveCapacity(min(t.count / 64, 1 << 18))  // growing an array of large candidates costs more than this
        let n = t.count
        var i = 0
        while i + 5 < n {
            let b0 = t[i]
            guard ByteText.isLetter(b0), ByteText.isLetter(t[i + 1]), ByteText.wordStart(t, i) else {
                i = ByteText.nextWordCandidate(t, after: i)
                continue
            }
            let end = Self.checkDigitsFollow(t, at: i) ? out.appendFound(read(t, at: i), reportInvalid: reportInvalid) : -1
            i = end >= 0 ? end : ByteText.nextWordCandidate(t, after: i)
        }
        if nationalForms, let cc = context.country {
            out += NationalAccountScanner.scan(t, country: cc)
        }
        return out
    }

    /// Check digits (or look-alikes, one of them a real digit) follow the two letters at `start`, maybe after a
    /// space: the cheap filter every word start gets, before `read` and its (large) optional result.
    static func checkDigitsFollow(_ t: [UInt8], at start: Int) -> Bool {
        var k = start + 2
        k += ByteText.spaceLength(t, k)
        return k + 1 < t.count && ByteText.isDigitLike(t[k]) && ByteText.isDigitLike(t[k + 1])
            && (ByteText.isDigit(t[k]) || ByteText.isDigit(t[k + 1]))
    }

    /// Reads an IBAN starting at `start` (two letters); returns the candidate and where it ends.
    func read(_ t: [UInt8], at start: Int) -> (ParseCandidate, Int)? {
        let c0 = ByteText.upper(t[start]), c1 = ByteText.upper(t[start + 1])
        guard Self.checkDigitsFollow(t, at: start), let country = Self.shape(c0, c1) else { return nil }
        guard let (run, end) = collect(t, from: start, count: country.length) else { return nil }
        var fixed = run
        fixed.chars[0] = c0
        fixed.chars[1] = c1
        // Structure-forced repairs: a letter where the structure needs a digit has only one reading.
        for p in 2..<fixed.chars.count {
            let cls: UInt8 = p < 4 ? UInt8(ascii: "n") : (p - 4 < country.classes.count ? country.classes[p - 4] : UInt8(ascii: "c"))
            let o = fixed.originals[p]
            switch cls {
            case UInt8(ascii: "n"):
                if ByteText.isDigit(o) { continue }
                guard let d = ByteText.digitFor(o) else { return nil }
                fixed.replace(p, with: d)
            case UInt8(ascii: "a"):
                if ByteText.isLetter(o) { fixed.chars[p] = ByteText.upper(o); continue }
                guard let l = ByteText.letterFor(o) else { return nil }
                fixed.replace(p, with: l)
            default:
                fixed.chars[p] = ByteText.upper(o)
            }
        }
        let raw = ByteText.string(t, start..<end)
        let span = ByteSpan(start, end)
        if Self.isValid(fixed.chars) {
            return (candidate(fixed, span: span, raw: raw, confidence: 0.99 - 0.06 * Double(fixed.corrections.count)), end)
        }
        // Optional repairs: only where the structure allows both a letter and a digit.
        var indices: [Int] = []
        for p in 4..<fixed.chars.count where p - 4 < country.classes.count && country.classes[p - 4] == UInt8(ascii: "c") {
            indices.append(p)
        }
        let options = RepairSearch.lookalikeOptions(fixed.chars, indices: indices, body: 4..<fixed.chars.count)
        switch RepairSearch.search(fixed.chars, options: options, valid: Self.isValid) {
        case .unique(let repair):
            var r = fixed
            for o in repair { r.replace(o.index, with: o.replacement) }
            var c = candidate(r, span: span, raw: raw, confidence: 0.9 - 0.06 * Double(r.corrections.count))
            c.notes.append("repaired")
            return (c, end)
        case .ambiguous(let repairs):
            var c = candidate(fixed, span: span, raw: raw, confidence: 0.3, status: .uncertain)
            c.alternatives = repairs.map { ByteText.string(RepairSearch.apply($0, to: fixed.chars)) }
            c.notes.append("ambiguous_repair")
            return (c, end)
        case .none:
            var c = candidate(fixed, span: span, raw: raw, confidence: 0.1, status: .invalid)
            c.notes.append(Self.failure(fixed.chars))
            return (c, end)
        }
    }

    /// Length and BBAN character classes of the registry country `a b` (upper-case letters), nil for none.
    static func shape(_ a: UInt8, _ b: UInt8) -> CountryShape? {
        guard ByteText.isUpper(a), ByteText.isUpper(b) else { return IBANRegistry.country(a, b).map(CountryShape.init) }
        return shapes[Int(a - 65) * 26 + Int(b - 65)]
    }

    /// What `read` needs of an `IBANCountry`: copying the whole registry entry per IBAN-shaped word cost more.
    struct CountryShape {
        let length: Int
        let classes: [UInt8]
        init(_ c: IBANCountry) { length = c.length; classes = c.classes }
    }

    /// Every `AA`…`ZZ`, asked of the registry once.
    static let shapes: [CountryShape?] = (0..<676).map { (k: Int) -> CountryShape? in
        let a = UInt8(65 + k / 26), b = UInt8(65 + k % 26)
        guard let country = IBANRegistry.country(a, b) else { return nil }
        return CountryShape(country)
    }

    /// Collects `count` letters/digits from `start`, skipping single separators between them.
    /// Fails when fewer follow or when a letter/digit is glued to the end (the token is longer).
    func collect(_ t: [UInt8], from start: Int, count: Int) -> (CharRun, Int)? {
        // Most IBAN-shaped tokens have the wrong length: walk once without storing, then store only a fit.
        guard Self.walk(t, from: start, count: count, { _ in }) != nil else { return nil }
        var run = CharRun(reserving: count)
        guard let end = Self.walk(t, from: start, count: count, { run.append(t[$0], at: $0) }) else { return nil }
        return (run, end)
    }

    /// The grammar of `collect`: calls `take` with the offset of each of the `count` characters and returns
    /// where the token ends, or nil.
    static func walk(_ t: [UInt8], from start: Int, count: Int, _ take: (Int) -> Void) -> Int? {
        var taken = 0
        var j = start
        while taken < count, j < t.count {
            let b = t[j]
            if ByteText.isAlnum(b) || (b == UInt8(ascii: "|") && taken >= 4) {
                take(j)
                taken += 1
                j += 1
                continue
            }
            // A separator between characters: up to two of space / line break / dash.
            var k = j
            var seps = 0
            while seps < 3 {
                let s = ByteText.spaceLength(t, k)
                let l = ByteText.lineBreakLength(t, k)
                if s > 0 { k += s } else if l > 0 { k += l } else if k < t.count && t[k] == UInt8(ascii: "-") { k += 1 } else { break }
                seps += 1
            }
            guard seps > 0, seps <= 2, taken >= 2, k < t.count, ByteText.isAlnum(t[k]) else { return nil }
            j = k
        }
        guard taken == count, ByteText.wordEnd(t, j) else { return nil }
        return j
    }

    static func isValid(_ u: [UInt8]) -> Bool {
        do { try IBAN.validateCompact(u); return true } catch { return false }
    }

    static func failure(_ u: [UInt8]) -> String {
        do { try IBAN.validateCompact(u); return "valid" } catch { return error.code.rawValue }
    }

    func candidate(_ run: CharRun, span: ByteSpan, raw: String, confidence: Double,
                   status: CandidateStatus = .valid) -> ParseCandidate {
        let compact = run.text
        var fields = ["country": String(compact.prefix(2))]
        if status == .valid, let iban = try? IBAN(compact) {
            fields["formatted"] = iban.formatted
            if let bank = iban.bankCode { fields["bankCode"] = bank }
            if iban.isQRIBAN { fields["qrIBAN"] = "true" }
        }
        return ParseCandidate(parser: .iban, type: "iban", value: compact, span: span, rawText: raw,
                              corrections: run.corrections, confidence: confidence, status: status, fields: fields)
    }
}
