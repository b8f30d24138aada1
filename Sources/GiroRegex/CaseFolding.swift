/// Simple (one-to-one) case folding for the scripts that appear on European payment slips:
/// ASCII, Latin-1, Latin Extended-A/B (common pairs), Latin Extended Additional, basic Greek and Cyrillic,
/// plus the multi-member orbits PCRE2 also uses (k/K/U+212A, s/S/U+017F, å/Å/U+212B, µ/Μ/μ, ß/ẞ, ÿ/Ÿ, σ/Σ/ς).
/// Full Unicode folding is out of scope (documented in Sources/GiroRegex/README.md).
enum CaseFolding {
    static let maxFoldable: UInt32 = 0x212B

    /// The other members of `cp`'s case orbit (never includes `cp` itself).
    static func variants(of cp: UInt32) -> [UInt32] {
        if let orbit = specialOrbit(cp) { return orbit.filter { $0 != cp } }
        if let other = pairedCase(cp) { return [other] }
        return []
    }

    private static func specialOrbit(_ cp: UInt32) -> [UInt32]? {
        switch cp {
        case 0x6B, 0x4B, 0x212A: return [0x6B, 0x4B, 0x212A]
        case 0x73, 0x53, 0x17F: return [0x73, 0x53, 0x17F]
        case 0xE5, 0xC5, 0x212B: return [0xE5, 0xC5, 0x212B]
        case 0xB5, 0x39C, 0x3BC: return [0xB5, 0x39C, 0x3BC]
        case 0xDF, 0x1E9E: return [0xDF, 0x1E9E]
        case 0xFF, 0x178: return [0xFF, 0x178]
        case 0x3C3, 0x3A3, 0x3C2: return [0x3C3, 0x3A3, 0x3C2]
        default: return nil
        }
    }

    /// Ranges where upper and lower case alternate: (first, last, upperIsEven).
    private static let alternatingRanges: [(UInt32, UInt32, Bool)] = [
        (0x100, 0x137, true), (0x139, 0x148, false), (0x14A, 0x177, true), (0x179, 0x17E, false),
        (0x1CD, 0x1DC, false), (0x1DE, 0x1EF, true), (0x1F8, 0x21F, true), (0x222, 0x233, true),
        (0x460, 0x481, true), (0x48A, 0x4BF, true), (0x4D0, 0x52F, true),
        (0x1E00, 0x1E95, true), (0x1EA0, 0x1EFF, true),
    ]

    private static func pairedCase(_ cp: UInt32) -> UInt32? {
        switch cp {
        case 0x41...0x5A: return cp + 0x20
        case 0x61...0x7A: return cp - 0x20
        case 0xC0...0xDE where cp != 0xD7: return cp + 0x20
        case 0xE0...0xFE where cp != 0xF7: return cp - 0x20
        case 0x391...0x3A1, 0x3A4...0x3AB: return cp + 0x20
        case 0x3B1...0x3C1, 0x3C4...0x3CB: return cp - 0x20
        case 0x386: return 0x3AC
        case 0x3AC: return 0x386
        case 0x388...0x38A: return cp + 0x25
        case 0x3AD...0x3AF: return cp - 0x25
        case 0x38C: return 0x3CC
        case 0x3CC: return 0x38C
        case 0x38E...0x38F: return cp + 0x3F
        case 0x3CD...0x3CE: return cp - 0x3F
        case 0x410...0x42F: return cp + 0x20
        case 0x430...0x44F: return cp - 0x20
        case 0x400...0x40F: return cp + 0x50
        case 0x450...0x45F: return cp - 0x50
        default: break
        }
        for (first, last, upperIsEven) in alternatingRanges where cp >= first && cp <= last {
            let isUpper = (cp % 2 == 0) == upperIsEven
            let other = isUpper ? cp + 1 : cp - 1
            return other >= first && other <= last ? other : nil
        }
        return nil
    }
}
