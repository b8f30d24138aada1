import GiroCore
@testable import GiroAustralia
import Testing

/// Seeded junk for every Australian kind: each input is valid (and its compact and printed forms validate to the
/// same value) or a typed error with one of the kind's codes; nothing traps.
@Suite struct AustraliaJunkTests {
    static let kinds: [(any Identifier, Set<String>)] = [
        (AustralianABN(), ["identification_invalid"]),
        (AustralianACN(), ["identification_invalid"]),
        (AustralianBSB(), ["input_invalid", "field_invalid"]),
        (BPAYCustomerReference(), ["reference_invalid", "reference_invalid_checksum"]),
        (BPAYBillerCode(), ["identification_invalid"]),
    ]

    struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Digits and separators mostly, some letters, control and multi-byte characters, lengths 0…80.
    static func junk(_ rng: inout SplitMix) -> String {
        let alphabet: [String] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", " ", "-", ",", ".", "/", "A", "b", "\u{0}", "\u{A0}", "é", "€", "\n"]
        let n = Int(rng.next() % 81)
        var s = ""
        for _ in 0..<n { s += alphabet[Int(rng.next() % UInt64(alphabet.count))] }
        return s
    }

    @Test func seededJunkIsValidOrTyped() {
        var rng = SplitMix(state: 0xA0)
        var valid = 0
        for _ in 0..<4000 {
            let input = Self.junk(&rng)
            for (kind, codes) in Self.kinds {
                do {
                    let v = try kind.validate(input)
                    valid += 1
                    #expect(kind.compact(v.formatted) == v.compact && kind.compact(v.compact) == v.compact, "\(kind.kind) \(input)")
                } catch {
                    #expect(codes.contains(error.code.rawValue), "\(kind.kind) \(input): \(error.code.rawValue)")
                    if let o = error.offset { #expect(o >= 0 && o < input.utf8.count, "\(kind.kind) \(input)") }
                }
            }
        }
        #expect(valid > 0)
    }

    @Test func everyExampleRoundTrips() throws {
        for (kind, _) in Self.kinds {
            let v = try kind.validate(kind.example)
            #expect(try kind.validate(v.formatted) == v, "\(kind.kind)")
        }
    }
}
