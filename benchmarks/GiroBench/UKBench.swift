// giro-bench --uk: UK sort code + account modulus checks per second, one core, release.
// Inputs: seeded random sort codes inside the weight table's ranges (every method and exception) and random
// account numbers, plus the 34 official cases. Measured: check of a normalised account (integers only), and
// parse + check from the bytes of "089999 66374958".
import Dispatch
import Giro
import GiroTestSupport

func runUKBench(seconds: Double) {
    func clock() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
    var rng = SplitMix64(seed: 4711)
    let rows = UKModulus.rows
    var accounts: [UKAccount] = []
    var texts: [[UInt8]] = []
    while accounts.count < 8192 {
        let row = rows[Int(rng.next() % UInt64(rows.count))]
        let span = UInt64(row.end.rawValue - row.start.rawValue) + 1
        guard let sc = UKSortCode(rawValue: row.start.rawValue + UInt32(rng.next() % span)),
              let number = UKAccountNumber(rawValue: UInt32(rng.next() % 100_000_000)) else { continue }
        let account = UKAccount(sortCode: sc, number: number)
        accounts.append(account)
        texts.append(Array("\(sc) \(number)".utf8))
    }
    /// Best of 3 rounds of `seconds / 3`; returns checks per second and how many were valid.
    func measure(_ n: Int, _ body: (Int) -> Bool) -> (rate: Double, valid: Int) {
        var best = 0.0, valid = 0
        for _ in 0..<3 {
            var done = 0
            valid = 0
            let start = clock()
            let deadline = start + UInt64(seconds / 3 * 1e9)
            repeat {
                for i in 0..<n where body(i) { valid += 1 }
                done += n
            } while clock() < deadline
            best = max(best, Double(done) / (Double(clock() - start) / 1e9))
        }
        return (best, valid)
    }
    print("giro-bench --uk — UK modulus (tables v\(UKModulus.tableVersion)), \(accounts.count) seeded accounts, one core, release\n")
    let checked = measure(accounts.count) { UKModulus.check(accounts[$0]).isValid }
    print(String(format: "check (normalised account)      %12.0f checks/s  %6.1f ns/check  (%d of %d valid)",
                 checked.rate, 1e9 / checked.rate, checked.valid, accounts.count))
    let parsed = measure(texts.count) { ((try? UKModulus.check(bytes: texts[$0]))?.isValid) ?? false }
    print(String(format: "parse + check (\"089999 66374958\") %10.0f checks/s  %6.1f ns/check", parsed.rate, 1e9 / parsed.rate))
    print(checked.rate >= 2_000_000 ? "\ntarget ≥ 2 000 000 checks/s: met" : "\ntarget ≥ 2 000 000 checks/s: NOT met")
}
