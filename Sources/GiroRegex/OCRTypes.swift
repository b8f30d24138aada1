/// Character confusions an OCR engine typically makes. Pairs are bidirectional and ASCII-only
/// (a substitution never changes the UTF-8 length, so offsets stay valid).
public struct OCRConfusionTable: Sendable, Hashable {
    /// For every byte, the bytes it may have been misread from.
    var alternatives: [[UInt8]] = Array(repeating: [], count: 128)

    /// An empty table.
    public init() {}

    /// A table from groups of mutually confusable characters, e.g. `["O0", "Il1"]`. Non-ASCII characters are ignored.
    public init(groups: [String]) {
        for g in groups {
            let chars = g.unicodeScalars.filter { $0.isASCII }.map { UInt8($0.value) }
            for a in chars { for b in chars where a != b { add(a, b) } }
        }
    }

    /// Adds a bidirectional confusion between two ASCII characters.
    public mutating func add(_ a: Unicode.Scalar, _ b: Unicode.Scalar) {
        guard a.isASCII, b.isASCII, a != b else { return }
        add(UInt8(a.value), UInt8(b.value))
    }

    private mutating func add(_ a: UInt8, _ b: UInt8) {
        if !alternatives[Int(a)].contains(b) { alternatives[Int(a)].append(b) }
        if !alternatives[Int(b)].contains(a) { alternatives[Int(b)].append(a) }
    }

    /// O/0, I/l/1, S/5, B/8, Z/2, G/6.
    public static let `default` = OCRConfusionTable(groups: ["O0", "Il1", "S5", "B8", "Z2", "G6"])

    /// The characters `c` may be confused with.
    public func confusions(of c: Unicode.Scalar) -> [Unicode.Scalar] {
        guard c.isASCII else { return [] }
        return alternatives[Int(c.value)].map { Unicode.Scalar($0) }
    }
}

/// Options for OCR-tolerant matching.
public struct OCRMatchOptions: Sendable, Hashable {
    /// Maximum number of substituted characters per match (clamped to 0...16, also when set later; lowered
    /// automatically for huge patterns so the states × (k+1) table stays bounded).
    public var maxSubstitutions: Int { didSet { maxSubstitutions = Self.clamp(maxSubstitutions) } }
    public var confusions: OCRConfusionTable
    public init(maxSubstitutions: Int = 1, confusions: OCRConfusionTable = .default) {
        self.maxSubstitutions = Self.clamp(maxSubstitutions)
        self.confusions = confusions
    }

    static func clamp(_ k: Int) -> Int { min(max(k, 0), 16) }
}

/// One corrected character.
public struct OCRSubstitution: Sendable, Hashable, CustomStringConvertible {
    /// Byte offset in the haystack.
    public let offset: Int
    /// What the text says.
    public let original: Unicode.Scalar
    /// What the pattern needed there.
    public let replacement: Unicode.Scalar
    package init(offset: Int, original: Unicode.Scalar, replacement: Unicode.Scalar) {
        self.offset = offset; self.original = original; self.replacement = replacement
    }
    public var description: String { "\(offset): \(original)→\(replacement)" }
}

/// A match found with OCR confusions allowed.
///
/// Among all matches, the one that starts leftmost wins; among those, the one with the fewest substitutions;
/// remaining ties are broken leftmost-first (greedy/lazy, alternation order), as for exact matching.
public struct OCRMatch: Sendable, Hashable {
    /// Byte range in the original haystack.
    public let range: Range<Int>
    /// The matched bytes with every substitution applied.
    public let corrected: [UInt8]
    /// The substitutions, in text order.
    public let substitutions: [OCRSubstitution]
    /// Capture groups (byte ranges; index 0 = whole match). Valid for both original and corrected text.
    public let captures: RegexCaptures
    let slots: [Int]

    /// `corrected` as a string.
    public var correctedText: String { String(decoding: corrected, as: UTF8.self) }
    public var substitutionCount: Int { substitutions.count }
    /// True when the text matched without any correction.
    public var isExact: Bool { substitutions.isEmpty }

    /// The corrected text of group `index`.
    public func correctedText(ofGroup index: Int) -> String? {
        guard let r = captures[index] else { return nil }
        return String(decoding: corrected[(r.lowerBound - range.lowerBound)..<(r.upperBound - range.lowerBound)], as: UTF8.self)
    }
    /// The corrected text of the named group.
    public func correctedText(ofGroup name: String) -> String? {
        guard let i = captures.names[name] else { return nil }
        return correctedText(ofGroup: i)
    }
}
