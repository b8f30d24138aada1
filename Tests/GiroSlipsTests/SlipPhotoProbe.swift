import Foundation
import Giro
import GiroCore
import GiroImaging
import GiroOCR
@testable import GiroSlips
import GiroTestSupport
import Testing

/// Why a photo's form is not classified, step by step: the sheets found (and whether one holds the centre of the
/// slip's printed words, known from the photo's words file), the words read on that sheet rectified, and for the
/// true class the anchors read and whether a fit takes them (as found, without its required labels, any two).
/// Off unless `GIRO_PHOTO_PROBE` names a folder in the development sample's layout; `GIRO_PHOTO_PROBE_ONLY` keeps
/// the slips whose path contains it. Prints one line per photo.
@Suite struct SlipPhotoProbe {
    static let root = ProcessInfo.processInfo.environment["GIRO_PHOTO_PROBE"]

    @Test(.enabled(if: root != nil)) func probe() throws {
        let root = URL(fileURLWithPath: try #require(Self.root))
        let only = ProcessInfo.processInfo.environment["GIRO_PHOTO_PROBE_ONLY"]?.split(separator: ",").map(String.init)
        let fm = FileManager.default
        let engine = TesseractEngine()
        let reader = SlipReader.builtIn
        let options = SlipImageOptions()
        guard let e = fm.enumerator(atPath: root.path) else { return }
        var files: [String] = []
        while let p = e.nextObject() as? String { if p.hasSuffix("photo.jpg") { files.append(p) } }
        for p in files.sorted() where only.map({ $0.contains { p.contains($0) } }) ?? true {
            let file = root.appendingPathComponent(p)
            guard let bytes = fm.contents(atPath: file.path), let loaded = try? ImageLoader().load([UInt8](bytes)),
                  let wd = fm.contents(atPath: file.path + ".words.json"),
                  let truth = try? JSONDecoder().decode(ProbeWords.self, from: wd) else { continue }
            let image = loaded.image
            // The slip's extent in the photo: its printed words.
            let xs = truth.words.flatMap { [$0.x, $0.x + $0.w] }, ys = truth.words.flatMap { [$0.y, $0.y + $0.h] }
            let slip = (x0: xs.min() ?? 0, y0: ys.min() ?? 0, x1: xs.max() ?? 0, y1: ys.max() ?? 0)
            let hs = truth.words.map(\.h).sorted()
            let medianH = hs.isEmpty ? 0 : hs[hs.count / 2]
            let quads = QuadDetector().detect(image).filter(SlipReader.maySheetHoldSlip)
            var line = "\(p) img \(image.width)x\(image.height) words h~\(medianH) quads \(quads.count)"
            // The quad holding the slip's words' centre.
            let c = QuadPoint(x: Double(slip.x0 + slip.x1) / 2, y: Double(slip.y0 + slip.y1) / 2)
            if let q = quads.first(where: { Self.inside($0.corners, c) }) {
                let (w, h) = q.size
                let scale = min(4, Double(options.paperSide) / max(w, h))
                line += " sheet \(Int(w))x\(Int(h)) scale \(String(format: "%.2f", scale)) labelsPx~\(Int(Double(medianH) * scale))"
                if let first = SlipReader.rectifiedSheet(q, in: image, scale: scale, sharpened: scale > 1),
                   let page = try? reader.sheetWords(first.flat, engine: engine, options: options) {
                    let forms = reader.locateSlips(words: page).forms.map { $0.match.template.id }
                    line += " read \(page.words.count) forms \(forms)"
                    if forms.isEmpty, let top = p.split(separator: "/").first.map(String.init), case let cls = SlipTruth.devClassMap[top] ?? top,
                       let t = SlipReader.builtInTemplates.first(where: { $0.id == cls }) {
                        let index = SlipClassifier.PageIndex(page, excluding: [])
                        let found = t.anchors.enumerated().filter { !SlipClassifier.hits(for: $0.element, index: $0.offset, in: index).isEmpty }.map { $0.element.text }
                        let m = SlipClassifier.match(t, page: page)
                        let m2 = SlipClassifier.match(t, page: page, ignoringRequired: true)
                        let m3 = SlipClassifier.match(t, page: page, fitOnly: true)
                        line += " TRUE \(cls) anchors \(found.count)/\(t.minAnchors) \(found) match \(m != nil) noReq \(m2 != nil) fitOnly \(m3.map { "\($0.anchors.count) scale \($0.transform.scale)" } ?? "nil")"
                    }
                    if ProcessInfo.processInfo.environment["GIRO_PHOTO_PROBE_WORDS"] != nil {
                        line += " WORDS " + page.words.map { "\($0.text)/\($0.h)/\(Int(($0.confidence ?? 0) * 100))" }.joined(separator: " ")
                    }
                    if forms.isEmpty, let big = SlipReader.rectifiedSheet(q, in: image, scale: min(4, scale * 1.5), sharpened: scale > 1),
                       let words = try? reader.sheetWords(big.flat, engine: engine, options: options) {
                        line += " | 1.5x read \(words.words.count) forms \(reader.locateSlips(words: words).forms.map { $0.match.template.id })"
                    }
                }
            } else {
                line += " NO SHEET holds the slip; quads \(quads.map { $0.corners.map { "\(Int($0.x)),\(Int($0.y))" } })"
            }
            print(line)
        }
    }

    static func inside(_ q: [QuadPoint], _ p: QuadPoint) -> Bool {
        var sign = 0.0
        for i in q.indices {
            let a = q[i], b = q[(i + 1) % q.count]
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if cross != 0 {
                if sign != 0, (cross > 0) != (sign > 0) { return false }
                sign = cross
            }
        }
        return true
    }
}
