import Foundation
import GiroCore
@testable import GiroSlovakia
import Testing

/// Mutated and random base32 text: a record or a typed error, never a crash (liblzma sees it all).
@Suite struct JunkTests {
    @Test func mutationsNeverCrash() throws {
        var seeds: [[UInt8]] = []
        for name in ["bysquare-1", "bysquare-4", "bysquare-5", "bysquare-7"] { seeds.append(try PBS.vector(name)) }
        var state: UInt64 = 42
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUV".utf8)
        var codes: Set<String> = []
        var decoded = 0
        for seed in seeds {
            for _ in 0..<300 {
                var b = seed
                for _ in 0..<(1 + next() % 3) {
                    let i = next() % b.count
                    switch next() % 3 {
                    case 0: b[i] = alphabet[next() % alphabet.count]
                    case 1: if b.count > 1 { b.remove(at: i) }
                    default: b.insert(alphabet[next() % alphabet.count], at: i)
                    }
                }
                do { _ = try PBS.format.decode(Payload(bytes: b)); decoded += 1 } catch { codes.insert(error.code.rawValue) }
            }
        }
        // Seeded, so the split is fixed: a change in what the decoder accepts or how it rejects shows up here.
        #expect(decoded == 13 && codes == ["compressed_data_invalid", "compressed_data_truncated", "header_invalid"],
                "\(decoded) of 1200 mutations decoded, codes \(codes.sorted())")
        var randomCodes: Set<String> = []
        for _ in 0..<300 {
            let n = 20 + next() % 400
            let b: [UInt8] = [48] + (0..<n).map { _ in alphabet[next() % alphabet.count] }
            do { _ = try PBS.format.decode(Payload(bytes: b)); Issue.record("random base32 decoded") } catch {
                #expect(!error.message.isEmpty)
                randomCodes.insert(error.code.rawValue)
            }
        }
        #expect(randomCodes == ["compressed_data_invalid"], "\(randomCodes.sorted())")
    }
}
