import Foundation
import GiroParsers

/// One line of a corpus file: `expected | context | input` (input is the rest of the line, with escapes).
struct CorpusCase: Sendable, CustomStringConvertible {
    var file: String
    var line: Int
    var expected: String
    var context: ParseContext
    var input: String

    var description: String { "\(file):\(line) \(input)" }
}

enum Corpus {
    static var directory: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus") }

    static func load(_ name: String) -> [CorpusCase] {
        guard let text = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8) else { return [] }
        var out: [CorpusCase] = []
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("#") || line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let parts = line.components(separatedBy: " | ")
            guard parts.count >= 3 else { continue }
            out.append(CorpusCase(file: name, line: n + 1, expected: parts[0].trimmingCharacters(in: .whitespaces),
                                  context: context(parts[1]), input: unescape(parts[2...].joined(separator: " | "))))
        }
        return out
    }

    /// `country=HR,lang=hr,currency=EUR,order=mdy` or `-`.
    static func context(_ s: String) -> ParseContext {
        var c = ParseContext()
        for kv in s.trimmingCharacters(in: .whitespaces).split(separator: ",") {
            let p = kv.split(separator: "=", maxSplits: 1).map(String.init)
            guard p.count == 2 else { continue }
            switch p[0] {
            case "country": c = ParseContext(country: p[1], language: c.language, currency: c.currency, dateOrder: c.dateOrder)
            case "lang": c = ParseContext(country: c.country, language: p[1], currency: c.currency, dateOrder: c.dateOrder)
            case "currency": c = ParseContext(country: c.country, language: c.language, currency: p[1], dateOrder: c.dateOrder)
            case "order": c = ParseContext(country: c.country, language: c.language, currency: c.currency, dateOrder: DateOrder(rawValue: p[1]))
            default: break
            }
        }
        return c
    }

    /// `\n \t \\` and `\u{HHHH}`.
    static func unescape(_ s: String) -> String {
        var out = ""
        var it = Array(s.unicodeScalars)[...]
        while let c = it.popFirst() {
            guard c == "\\", let n = it.first else { out.unicodeScalars.append(c); continue }
            switch n {
            case "n": out += "\n"; it.removeFirst()
            case "t": out += "\t"; it.removeFirst()
            case "\\": out += "\\"; it.removeFirst()
            case "u":
                it.removeFirst()
                guard it.first == "{", let close = it.firstIndex(of: "}") else { out += "\\u"; continue }
                let hex = String(String.UnicodeScalarView(it[it.index(after: it.startIndex)..<close]))
                if let v = UInt32(hex, radix: 16), let u = Unicode.Scalar(v) { out.unicodeScalars.append(u) }
                it = it[it.index(after: close)...]
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// Splits `~value`/`!value` into the status and the value.
    static func status(_ e: String) -> (CandidateStatus, String) {
        if e.hasPrefix("~") { return (.uncertain, String(e.dropFirst())) }
        if e.hasPrefix("!") { return (.invalid, String(e.dropFirst())) }
        return (.valid, e)
    }

    /// `.source` files of the shared vectors: `expect: valid|invalid|tolerate`.
    static func vectors(_ folder: String, prefix: String) -> [(name: String, text: String, expect: String)] {
        let dir = directory.appendingPathComponent("vectors").appendingPathComponent(folder)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".txt") }.sorted()
        return names.compactMap { n in
            guard let data = FileManager.default.contents(atPath: dir.appendingPathComponent(n).path) else { return nil }
            let src = (try? String(contentsOf: dir.appendingPathComponent(String(n.dropLast(4)) + ".source"), encoding: .utf8)) ?? ""
            let expect = src.split(separator: "\n").first { $0.hasPrefix("expect:") }.map { $0.dropFirst(7).trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
            return (n, String(decoding: data, as: UTF8.self), expect)
        }
    }
}
