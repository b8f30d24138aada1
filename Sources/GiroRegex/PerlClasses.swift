/// Code point sets for `\d \w \s \h \v`, POSIX classes and `.`; ASCII by default, Unicode with `unicodeClasses`.
enum PerlClasses {
    static let asciiDigit = CodePointSet([0x30...0x39])
    static let asciiWord = CodePointSet([0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    /// PCRE2's `\s`: space, \t \n \v \f \r.
    static let asciiSpace = CodePointSet([0x09...0x0D, 0x20...0x20])
    static let horizontalSpace = CodePointSet([0x09...0x09, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x180E...0x180E,
                                               0x2000...0x200A, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000])
    static let verticalSpace = CodePointSet([0x0A...0x0D, 0x85...0x85, 0x2028...0x2029])

    static func set(_ c: PerlClass, unicode: Bool) -> CodePointSet {
        switch c {
        case .digit: return unicode ? UnicodeClassTables.digit : asciiDigit
        case .word: return unicode ? UnicodeClassTables.word : asciiWord
        case .space: return unicode ? UnicodeClassTables.space : asciiSpace
        case .horizontalSpace: return horizontalSpace
        case .verticalSpace: return verticalSpace
        case .notNewline: return CodePointSet([0x0A...0x0A]).inverted()
        }
    }

    /// POSIX `[:name:]` classes: ASCII, as in PCRE2 without UCP; with `unicode`, the letter/digit/space/word classes
    /// follow Unicode like PCRE2_UCP (`alpha` = L, `lower` = Ll, `upper` = Lu, `alnum` = L+N, `digit` = Nd, …).
    static func posix(_ name: String, unicode: Bool = false) -> CodePointSet? {
        if unicode {
            switch name {
            case "alpha": return UnicodeClassTables.letter
            case "lower": return UnicodeClassTables.lowercase
            case "upper": return UnicodeClassTables.uppercase
            case "alnum": return UnicodeClassTables.alnum
            case "digit": return UnicodeClassTables.digit
            case "space": return UnicodeClassTables.space
            case "word": return UnicodeClassTables.word
            default: break
            }
        }
        switch name {
        case "alnum": return CodePointSet([0x30...0x39, 0x41...0x5A, 0x61...0x7A])
        case "alpha": return CodePointSet([0x41...0x5A, 0x61...0x7A])
        case "ascii": return CodePointSet([0...0x7F])
        case "blank": return CodePointSet([0x09...0x09, 0x20...0x20])
        case "cntrl": return CodePointSet([0...0x1F, 0x7F...0x7F])
        case "digit": return asciiDigit
        case "graph": return CodePointSet([0x21...0x7E])
        case "lower": return CodePointSet([0x61...0x7A])
        case "print": return CodePointSet([0x20...0x7E])
        case "punct": return CodePointSet([0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E])
        case "space": return asciiSpace
        case "upper": return CodePointSet([0x41...0x5A])
        case "word": return asciiWord
        case "xdigit": return CodePointSet([0x30...0x39, 0x41...0x46, 0x61...0x66])
        default: return nil
        }
    }
}

/// Unicode `\d \w \s`, computed once from the standard library's Unicode properties (no tables to maintain).
/// `static let` is lazily and thread-safely initialised and immutable afterwards.
enum UnicodeClassTables {
    static let digit = build { $0.properties.generalCategory == .decimalNumber }
    static let word = build { s in
        let p = s.properties
        switch p.generalCategory {
        case .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation,
             .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return p.isAlphabetic
        }
    }
    static let space = build { $0.properties.isWhitespace }
    static let letter = build { isLetter($0.properties.generalCategory) }
    static let lowercase = build { $0.properties.generalCategory == .lowercaseLetter }
    static let uppercase = build { $0.properties.generalCategory == .uppercaseLetter }
    static let alnum = build { s in
        switch s.properties.generalCategory {
        case .decimalNumber, .letterNumber, .otherNumber: return true
        case let c: return isLetter(c)
        }
    }

    private static func isLetter(_ c: Unicode.GeneralCategory) -> Bool {
        switch c {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return false
        }
    }

    private static func build(_ predicate: (Unicode.Scalar) -> Bool) -> CodePointSet {
        // Letters, digits and spaces only exist in planes 0-3 (plane 14 holds format/variation characters only).
        var ranges: [ClosedRange<UInt32>] = []
        var start: UInt32? = nil
        var cp: UInt32 = 0
        while cp <= 0x3FFFF {
            let member = Unicode.Scalar(cp).map(predicate) ?? false
            if member { if start == nil { start = cp } } else if let s = start { ranges.append(s...(cp - 1)); start = nil }
            cp += 1
        }
        if let s = start { ranges.append(s...0x3FFFF) }
        return CodePointSet(ranges)
    }

    /// Code point word test for Unicode `\b`.
    static func isWord(_ cp: UInt32) -> Bool { word.contains(cp) }
}
