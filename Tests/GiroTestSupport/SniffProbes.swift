#if GIRO_TESTING  // extends PluginFixtures: debug builds only (Package.swift, GiroTestSupport)
import Foundation
import GiroCore

/// Inputs a sniff must not claim (docs/decoding-policy.md, "Sniffing"), and the golden case count a
/// suite's floor test compares with.
extension PluginFixtures {
    /// Every fixture file of every other format directory: (directory/name, bytes).
    public func foreignFixtures() -> [(name: String, bytes: [UInt8])] {
        let fm = FileManager.default
        var out: [(String, [UInt8])] = []
        for dir in ((try? fm.contentsOfDirectory(atPath: Self.payloadRoot.path)) ?? []).sorted() where dir != directory {
            let url = Self.payloadRoot.appendingPathComponent(dir)
            for f in ((try? fm.contentsOfDirectory(atPath: url.path)) ?? []).sorted() where f.hasSuffix(".txt") || f.hasSuffix(".bin") {
                if let data = fm.contents(atPath: url.appendingPathComponent(f).path) { out.append(("\(dir)/\(f)", [UInt8](data))) }
            }
        }
        return out
    }

    /// `count` seeded random strings (1–300 bytes): alphanumerics, digits only, upper-case base32hex,
    /// and printable text with line breaks, in turn.
    public static func randomTexts(count: Int = 10_000, seed: UInt64 = 0x5EED) -> [[UInt8]] {
        var state = seed
        func next() -> UInt64 {
            // SplitMix64: seeded, so a failure names a reproducible input.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let alphabets: [[UInt8]] = [
            Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8),
            Array("0123456789".utf8),
            Array("0123456789ABCDEFGHIJKLMNOPQRSTUV".utf8),
            Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,:;*-/+\n\r\t|".utf8),
        ]
        var out: [[UInt8]] = []
        out.reserveCapacity(count)
        for i in 0..<count {
            let alphabet = alphabets[i % alphabets.count]
            let n = 1 + Int(next() % 300)
            out.append((0..<n).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] })
        }
        return out
    }

    /// The probes (other formats' fixtures, then random texts) this format's sniff claims; empty when tight.
    public func sniffClaimsForeignInput(randomCount: Int = 10_000) -> [String] {
        var claimed: [String] = []
        for (name, bytes) in foreignFixtures() where format.matches(Payload(bytes: bytes)) { claimed.append(name) }
        for bytes in Self.randomTexts(count: randomCount) where format.matches(Payload(bytes: bytes)) {
            claimed.append("random '\(String(decoding: bytes.prefix(40), as: UTF8.self))'")
        }
        return claimed
    }
}
#endif
