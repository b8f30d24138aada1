import Foundation

/// `--cli <giro>`: the whole `giro grep -c` path (reading, line splitting, search, output) against
/// `pcre2grep --no-jit -c` on the same generated file; both are separate processes, timed wall-clock.
enum CLIBench {
    struct Run { var seconds: Double; var cpu: Double; var output: String; var status: Int32 }

    /// User + system CPU seconds of all reaped children: on a shared, loaded machine CPU time is steadier than
    /// wall time.
    static func childrenCPU() -> Double {
        var u = rusage()
        #if os(Linux)
        _ = getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &u)
        #else
        _ = getrusage(RUSAGE_CHILDREN, &u)
        #endif
        return Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6
    }

    static func run(_ tool: String, _ args: [String]) -> Run? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        let cpu0 = childrenCPU()
        let t0 = ContinuousClock.now
        guard (try? p.run()) != nil else { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let dt = ContinuousClock.now - t0
        let secs = Double(dt.components.seconds) + Double(dt.components.attoseconds) / 1e18
        return Run(seconds: secs, cpu: childrenCPU() - cpu0, output: String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines),
                   status: p.terminationStatus)
    }

    /// Median of `runs` runs.
    static func median(_ tool: String, _ args: [String], runs: Int) -> Run? {
        var all: [Run] = []
        for _ in 0..<runs { guard let r = run(tool, args) else { return nil }; all.append(r) }
        var mid = all.sorted { $0.seconds < $1.seconds }[all.count / 2]
        mid.cpu = all.map(\.cpu).sorted()[all.count / 2]
        return mid
    }

    static func table(giro: String, text: [UInt8], cases: [(name: String, pattern: String, redos: Bool)]) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("giro-regex-bench-\(getpid()).txt").path
        guard FileManager.default.createFile(atPath: path, contents: Data(text)) else { print("cannot write \(path)"); return }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let pcre = "/usr/bin/pcre2grep"
        print("\n`giro grep -c` (release) vs `pcre2grep --no-jit -c` on the same \(text.count)-byte file, ms wall / ms CPU (median of 3 runs; ReDoS rows: pcre2grep once, with --match-limit=100000):\n")
        print("| pattern | giro grep -c | pcre2grep --no-jit -c | giro ÷ pcre2grep (wall / CPU) | lines (giro / pcre2grep) |")
        print("|---|---|---|---|---|")
        // Process start-up alone: the part of every row that is not reading or searching.
        if let g = median(giro, ["--version"], runs: 5), let p = median(pcre, ["-V"], runs: 5) {
            print("| start-up only (`giro --version`, `pcre2grep -V`) | \(ms(g)) | \(ms(p)) | \(ratio(g, p)) | – |")
        }
        for c in cases {
            var pcreArgs = ["--no-jit", "-c"]
            if c.pattern.utf8.contains(where: { $0 >= 0x80 }) { pcreArgs.append("-u") }
            if c.redos { pcreArgs.append("--match-limit=100000") }  // like the in-process PCRE2 rows
            guard let g = median(giro, ["grep", "-c", c.pattern, path], runs: 3),
                  let p = median(pcre, pcreArgs + [c.pattern, path], runs: c.redos ? 1 : 3) else {
                print("| \(c.name) | could not run \(giro) or \(pcre) |"); continue
            }
            let pcreCell = p.status > 1 ? "\(ms(p)) (error exit \(p.status))" : ms(p)
            let same = g.output == p.output ? "" : " **differ**"
            print("| \(c.name) | \(ms(g)) | \(pcreCell) | \(ratio(g, p)) | \(g.output) / \(p.output.isEmpty ? "-" : p.output)\(same) |")
        }
    }

    static func ms(_ r: Run) -> String { String(format: "%.0f / %.0f", r.seconds * 1000, r.cpu * 1000) }
    static func ratio(_ a: Run, _ b: Run) -> String {
        String(format: "%.2f / %.2f", a.seconds / max(b.seconds, 1e-6), a.cpu / max(b.cpu, 1e-6))
    }
}
