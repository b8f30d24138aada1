#if GIRO_TESTING  // Swift Testing helpers: debug builds only (Package.swift, GiroTestSupport)
import GiroCore
import Testing

extension PluginFixtures {
    /// 2,000 seeded single-byte mutations of `base` (a byte replaced, inserted or deleted, from an alphabet
    /// of separators, escapes, controls and non-ASCII): returns how many decoded and how many were rejected,
    /// for a test to pin. Every rejection must carry a message.
    public func seededMutations(_ base: [UInt8], seed: UInt64, count: Int = 2000) -> (records: Int, errors: Int) {
        var state = seed
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var records = 0, errors = 0
        let alphabet: [UInt8] = Array("%&=?/+:#|*A0 \n".utf8) + [0x7F, 0x80, 0xC3, 0xFF, 0x00]
        for _ in 0..<count {
            var m = base
            let at = m.isEmpty ? 0 : next() % m.count
            switch m.isEmpty ? 1 : next() % 3 {
            case 0: m[at] = alphabet[next() % alphabet.count]
            case 1: m.insert(alphabet[next() % alphabet.count], at: at)
            default: m.remove(at: at)
            }
            switch decode(m) {
            case .success: records += 1
            case .failure(let e):
                errors += 1
                if e.message.isEmpty { Issue.record("\(e.code) without a message") }
            }
        }
        return (records, errors)
    }
}
#endif
