import Foundation
import GiroCore
import GiroCzechia
import Testing

/// Mutated real payloads: every result is a record or a typed error, never a crash.
@Suite struct JunkTests {
    @Test func mutationsNeverCrash() throws {
        var seeds: [[UInt8]] = []
        for name in ["spayd-1", "spayd-5", "spayd-6", "spayd-sid-1", "spayd-sid-2"] { seeds.append(try CZ.vector(name)) }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let alphabet = Array("*:%+-,0123456789ABCDEFXZaz \u{0}\n".utf8) + [0xC3, 0xFF, 0x80]
        var decoded = 0, rejected = 0
        var codes: Set<String> = []
        for seed in seeds {
            for _ in 0..<400 {
                var b = seed
                for _ in 0..<(1 + next() % 4) {
                    guard !b.isEmpty else { break }
                    let i = next() % b.count
                    switch next() % 3 {
                    case 0: b[i] = alphabet[next() % alphabet.count]
                    case 1: b.remove(at: i)
                    default: b.insert(alphabet[next() % alphabet.count], at: i)
                    }
                }
                for format in [CZ.spayd as any PaymentFormat, CZ.sid] {
                    do { _ = try format.decode(Payload(bytes: b)); decoded += 1 } catch {
                        #expect(!error.message.isEmpty)
                        codes.insert(error.code.rawValue)
                        rejected += 1
                    }
                }
            }
        }
        // Seeded, so the split is fixed: a change in what the decoders accept or how they reject shows up here.
        #expect(decoded == 295 && rejected == 3705, "\(decoded) decoded, \(rejected) rejected")
        #expect(codes == ["amount_invalid", "crc_mismatch", "currency_invalid", "date_invalid", "duplicate_key", "field_invalid",
                          "field_missing", "field_too_long", "header_invalid", "iban_invalid_bban", "iban_invalid_checksum",
                          "iban_invalid_country", "iban_invalid_format", "iban_invalid_length", "identification_invalid",
                          "structure_invalid", "version_unsupported"], "\(codes.sorted())")
    }

    @Test func hugeAndEmptyInputs() {
        #expect(CZ.error("")?.code == .emptyPayload)
        let big = "SPD*1.0*ACC:CZ3301000000000002970297*MSG:" + String(repeating: "A", count: 9000)
        #expect(CZ.error(big)?.code == .payloadTooLarge)
        let many = "SPD*1.0*ACC:CZ3301000000000002970297" + String(repeating: "*X-A:1", count: 1300)
        #expect(CZ.record(many)?.extras.count ?? 0 > 1300)
    }
}
