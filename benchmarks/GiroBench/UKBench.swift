// giro-bench --uk: UK sort code + account modulus checks per second, one core, release.
// Inputs: seeded random sort codes inside the weight table's ranges (every method and exception) and random
// account numbers, plus the 34 official cases. Measured: check of a normalised account (integers only), and
// parse + check from the bytes of "089999 66374958". Rates per wall-clock second and per second of this thread's
// CPU time (the second is what one core does when the machine is shared).
import Dispatch
import Foundation
import Giro
import GiroTestSupport

func runUKBench(seconds: Double) {
    func clock() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
    func cpu() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
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
    /// Best of 3 rounds of `seconds / 3`; returns checks per second and how many of the inputs are valid.
    func measure(_ n: Int, _ body: (Int) -> Bool) -> (rate: Double, cpuRate: Double, valid: Int) {
        var best = 0.0, bestCPU = 0.0
        let valid = (0..<n).filter(body).count
        var sink = 0
        for _ in 0..<3 {
            var done = 0
            let start = clock(), startCPU = cpu()
            let deadline = start + UInt64(seconds / 3 * 1e9)
            repeat {
                for i in 0..<n where body(i) { sink &+= 1 }
                done += n
            } while clock() < deadline
            best = max(best, Double(done) / (Double(clock() - start) / 1e9))
            bestCPU = max(bestCPU, Double(done) / (Double(max(1, cpu() - startCPU)) / 1e9))
        }
        if sink == -1 { print("") }  // keep the results alive
        return (best, bestCPU, valid)
    }
    print("giro-bench --uk — UK modulus (tables v\(UKModulus.tableVersion)), \(accounts.count) seeded accounts, one core, release\n")
    let checked = measure(accounts.count) { UKModulus.check(accounts[$0]).isValid }
    let parsed = measure(texts.count) { ((try? UKModulus.check(bytes: texts[$0]))?.isValid) ?? false }
    print("                                  checks/s (wall)  ns/check   checks/s (CPU)  ns/check")
    for (label, r) in [("check (normalised account)", checked), ("parse + check \"089999 66374958\"", parsed)] {
        print(label.padding(toLength: 34, withPad: " ", startingAt: 0),
              String(format: "%14.0f %9.1f %16.0f %9.1f", r.rate, 1e9 / r.rate, r.cpuRate, 1e9 / r.cpuRate))
    }
    print("\(checked.valid) of \(accounts.count) random accounts pass (random numbers mostly fail, as they should)")
    print(checked.cpuRate >= 2_000_000 ? "target ≥ 2 000 000 checks/s on one core: met" : "target ≥ 2 000 000 checks/s on one core: NOT met")
}
