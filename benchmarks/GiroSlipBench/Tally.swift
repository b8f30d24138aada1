import Foundation
import GiroSlips

/// Counts for one cell of a table (a dataset's class × input kind, or any union of them).
struct Tally {
    var inputs = 0
    var classified = 0
    var ms = 0.0
    var cpu = 0.0
    var timings = SlipImageTimings()
    var hit: [String: Int] = [:]
    var total: [String: Int] = [:]

    var hits: Int { hit.values.reduce(0, +) }
    var fields: Int { total.values.reduce(0, +) }

    mutating func add(_ o: Tally) {
        inputs += o.inputs; classified += o.classified; ms += o.ms; cpu += o.cpu
        timings.paperSearch += o.timings.paperSearch; timings.firstPass += o.timings.firstPass
        timings.zones += o.timings.zones; timings.zoneCalls += o.timings.zoneCalls; timings.papers += o.timings.papers
        hit.merge(o.hit, uniquingKeysWith: +); total.merge(o.total, uniquingKeysWith: +)
    }

    /// `62.5 % (10/16)`; `–` when nothing was scored.
    var exactCell: String { Self.share(hits, fields) }
    func fieldCell(_ f: String) -> String { Self.share(hit[f] ?? 0, total[f] ?? 0) }

    static func share(_ k: Int, _ n: Int) -> String {
        n == 0 ? "–" : String(format: "%.1f %% (%d/%d)", 100 * Double(k) / Double(n), k, n)
    }
}

/// Reported confidence → whether the field was exact, bucketed (fields the record returned a value for).
struct Reliability {
    static let edges: [(String, Double, Double)] = [("< 0.50", 0, 0.5), ("0.50–0.70", 0.5, 0.7), ("0.70–0.90", 0.7, 0.9),
                                                      ("0.90–0.95", 0.9, 0.95), ("0.95–0.99", 0.95, 0.99), ("≥ 0.99", 0.99, 2)]
    var rows: [String: (n: Int, exact: Int)] = [:]
    var sources: [String: Int] = [:]

    mutating func add(_ confidence: (value: Double, from: String)?, exact: Bool) {
        let label = confidence.map { c in Self.edges.first { c.value >= $0.1 && c.value < $0.2 }?.0 ?? "≥ 0.99" } ?? "none reported"
        var r = rows[label] ?? (0, 0)
        r.n += 1
        if exact { r.exact += 1 }
        rows[label] = r
        sources[confidence?.from ?? "none", default: 0] += 1
    }

    mutating func add(_ o: Reliability) {
        rows.merge(o.rows) { ($0.n + $1.n, $0.exact + $1.exact) }
        sources.merge(o.sources, uniquingKeysWith: +)
    }

    /// Among fields reported at ≥ 0.9: exact / all (the calibration target: ≥ 99 %).
    var atLeast90: (exact: Int, n: Int) {
        rows.filter { ["0.90–0.95", "0.95–0.99", "≥ 0.99"].contains($0.key) }.values.reduce((0, 0)) { ($0.0 + $1.exact, $0.1 + $1.n) }
    }
}
