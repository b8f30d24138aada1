import Foundation
import GiroImaging

/// `GIRO_CLASS_TRACE=1`: why a page's form was or was not recognised, on stderr — each page pass's words (text and
/// confidence), and per template with two or more labels found: the labels found (the words read for them), how
/// many agree on a fit, and the outcome. A debugging aid, like `GIRO_OCR_TRACE`; off, it costs one flag test.
enum SlipClassTrace {
    static let enabled = ProcessInfo.processInfo.environment["GIRO_CLASS_TRACE"] == "1"

    static func log(_ line: @autoclosure () -> String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data((escaped(line()) + "\n").utf8))
    }

    /// Words read from an image are untrusted: control characters (an escape sequence OCR'd from a picture) are
    /// written escaped by every slip trace, never raw to a terminal.
    static func escaped(_ text: String) -> String {
        var out = ""
        for s in text.unicodeScalars {
            if s.value < 0x20 || (0x7F...0x9F).contains(s.value) { out += "\\u{\(String(s.value, radix: 16))}" } else { out.unicodeScalars.append(s) }
        }
        return out
    }

    /// A page pass's words, `what` naming the pass (sheet, scale, languages).
    static func words(_ what: @autoclosure () -> String, _ page: PageWords) {
        guard enabled else { return }
        let listed = page.words.map { w in "\(w.text)@\(percent(w.confidence))/\(w.h)" }
        log("class: \(what()) \(page.width)x\(page.height), \(page.words.count) words: \(listed.joined(separator: " "))")
    }

    /// A word's confidence in per cent for the trace; `-` when absent or not a number in 0…1 (a caller's OCR may
    /// give any value: no conversion of it may trap).
    static func percent(_ confidence: Double?) -> String {
        guard let c = confidence, c.isFinite, c >= 0, c <= 1 else { return "-" }
        return String(Int((c * 100).rounded()))
    }

    /// One template's labels found on a page and the outcome of its fit.
    static func template(_ t: SlipTemplate, hits: [AnchorHit], page: PageWords, outcome: SlipMatch?, how: String) {
        guard enabled else { return }
        let found = Set(hits.map(\.anchor))
        guard found.count >= 2 || outcome != nil else { return }
        let labels = found.sorted().map { i -> String in
            let a = t.anchors[i]
            let read = hits.filter { $0.anchor == i }.prefix(2).map { h in
                h.words.compactMap { page.words.indices.contains($0) ? page.words[$0].text : nil }.joined(separator: " ")
            }
            return "\(a.id ?? a.text)\(a.required ? "*" : "")=\(read.joined(separator: "|"))"
        }
        let missing = t.anchors.indices.filter { t.anchors[$0].required && !found.contains($0) }.map { t.anchors[$0].id ?? t.anchors[$0].text }
        let result = outcome.map { m in "FIT \(m.anchors.count) agree [\(m.anchors.map { t.anchors[$0.anchor].id ?? t.anchors[$0.anchor].text }.joined(separator: ","))]" } ?? "none"
        log("class: \(how) \(t.id): \(found.count)/\(t.anchors.count) labels (min \(t.minAnchors))"
            + (missing.isEmpty ? "" : ", required missing: \(missing.joined(separator: ","))") + " -> \(result); \(labels.joined(separator: "; "))")
    }
}
