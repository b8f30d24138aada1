import Foundation
import GiroCore
import GiroUnitedKingdom
import GiroTestSupport
import Testing


@Suite struct PropertyTests {
    /// Random bytes drawn mostly from the input alphabet: never a trap, only a result or a typed error.
    @Test func randomInputNeverTraps() {
        var rng = SplitMix64(seed: 0x5EED_0001)
        let alphabet = Array("0123456789012345678901234567890123456789 - \t\nx\u{0}é".utf8)
        var results = 0, errors = 0
        for _ in 0..<50_000 {
            var bytes: [UInt8] = []
            if rng.next() % 2 == 0 {
                // A well-formed value (6 + 6…10 digits), then 0–2 bytes replaced.
                for _ in 0..<6 { bytes.append(0x30 + UInt8(rng.next() % 10)) }
                bytes.append(rng.next() % 2 == 0 ? 0x20 : 0x2D)
                for _ in 0..<(6 + Int(rng.next() % 5)) { bytes.append(0x30 + UInt8(rng.next() % 10)) }
                for _ in 0..<Int(rng.next() % 3) {
                    bytes[Int(rng.next() % UInt64(bytes.count))] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
                }
            } else {
                for _ in 0..<Int(rng.next() % 24) {
                    bytes.append(rng.next() % 8 == 0 ? UInt8(truncatingIfNeeded: rng.next()) : alphabet[Int(rng.next() % UInt64(alphabet.count))])
                }
            }
            do {
                let r = try UKModulus.check(bytes: bytes)
                results += 1
                #expect((r.status == .invalid) == (r.error != nil))
            } catch {
                errors += 1
                #expect(error.code == .inputInvalid)
                #expect(error.offset.map { $0 >= 0 && $0 <= bytes.count } ?? false)
            }
        }
        #expect(results > 1000 && errors > 1000)
    }

    /// Every sort code in and around every table range, random accounts: consistent, deterministic results.
    @Test func randomAccountsAreConsistent() throws {
        var rng = SplitMix64(seed: 0x5EED_0002)
        let rows = UKModulus.rows
        var statuses: [UKModulusResult.Status: Int] = [:]
        for _ in 0..<200_000 {
            let row = rows[Int(rng.next() % UInt64(rows.count))]
            let span = UInt64(row.end.rawValue - row.start.rawValue) + 3
            let sc = UInt32(min(999_999, max(0, Int(row.start.rawValue) - 1 + Int(rng.next() % span))))
            let number = UInt32(rng.next() % 100_000_000)
            let account = UKAccount(sortCode: try #require(UKSortCode(rawValue: sc)), number: try #require(UKAccountNumber(rawValue: number)))
            let r = UKModulus.check(account)
            statuses[r.status, default: 0] += 1
            let tableRows = UKModulus.rows(for: account.sortCode)
            #expect(r.rows == tableRows.count)
            if tableRows.isEmpty { #expect(r.status == .notCheckable && r.reason == .sortCodeNotInTable) }
            if r.status == .invalid { #expect(r.checks.contains { $0.outcome == .failed }) }
            if r.status == .valid { #expect(r.checks.contains { $0.outcome == .passed }) }
            if let first = r.firstCheck { #expect(first.method == tableRows.first?.method) }
        }
        #expect((statuses[.valid] ?? 0) > 1000 && (statuses[.invalid] ?? 0) > 50_000 && (statuses[.notCheckable] ?? 0) > 100, "\(statuses)")
    }

    /// Out-of-range integers are refused by the types, never trapped on.
    @Test func integerBounds() {
        #expect(UKSortCode(rawValue: 1_000_000) == nil && UKSortCode(rawValue: 999_999) != nil)
        #expect(UKAccountNumber(rawValue: 100_000_000) == nil && UKAccountNumber(rawValue: 0) != nil)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([UKSortCode].self, from: Data(#"["12345x"]"#.utf8)) }
    }
}
