import Foundation
import GiroCore
import GiroGermany
import GiroTestSupport
import GiroTestSupport
import Testing

/// Seeded random mutations of the fixtures never trap: each yields a record or a typed error. The counts are
/// pinned so a change in what is accepted shows up here (re-pin after an intended change).
@Suite struct BezahlCodeJunkTests {
    @Test func seededMutationsYieldRecordsOrTypedErrors() {
        var rng = SplitMix64(seed: 2026)
        let seeds = BC.fixtures().map(\.bytes)
        let specials = Array("%&=+?/:, \u{0}\n".utf8) + [0x80, 0xC3, 0xFF]
        var records = 0
        var errors: [String: Int] = [:]
        for _ in 0..<20_000 {
            var bytes = seeds[Int.random(in: 0..<seeds.count, using: &rng)]
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let i = Int.random(in: 0...bytes.count, using: &rng)
                switch Int.random(in: 0..<8, using: &rng) {
                case 0...2 where i < bytes.count: bytes[i] = specials[Int.random(in: 0..<specials.count, using: &rng)]
                case 3...4 where i < bytes.count: bytes.remove(at: i)
                case 7: bytes = Array(bytes.prefix(i))
                default: bytes.insert(UInt8.random(in: 0...255, using: &rng), at: i)
                }
            }
            switch BC.decode(bytes) {
            case .success(let r):
                #expect(r.format == "de.bezahlcode" && r.status != .invalid)
                records += 1
            case .failure(let e):
                #expect(!e.code.rawValue.isEmpty && !e.message.isEmpty)
                errors[e.code.rawValue, default: 0] += 1
            }
        }
        #expect(records + errors.values.reduce(0, +) == 20_000)
        #expect(records == Self.pinnedRecords, "records \(records)")
        #expect(errors == Self.pinnedErrors, "errors \(errors.sorted { $0.key < $1.key })")
    }

    static let pinnedRecords = 2853
    static let pinnedErrors: [String: Int] = [
        "amount_invalid": 399, "amount_out_of_range": 27, "currency_invalid": 342, "date_invalid": 272,
        "de_account_number_invalid": 250, "de_bank_code_invalid": 420, "duplicate_key": 124, "empty_payload": 48,
        "field_invalid": 116, "field_missing": 2472, "header_invalid": 9019, "iban_invalid_bban": 22,
        "iban_invalid_checksum": 75, "iban_invalid_format": 1797, "iban_invalid_length": 1337, "not_a_payment": 427,
    ]

    @Test(arguments: BC.fixtures().map(\.name))
    func truncatedAndReplacedFixturesNeverCrash(_ name: String) {
        guard let bytes = BC.fixtures().first(where: { $0.name == name })?.bytes else { return }
        #expect(BC.mutationFailures(bytes).isEmpty)
    }
}
