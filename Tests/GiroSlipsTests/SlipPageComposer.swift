import Foundation
import Giro

/// Builds test pages from the slip fixtures' words files: moved, rotated, several on one page, plus typed lines.
enum SlipPageComposer {
    static func fixture(_ slipClass: String, _ name: String, _ degradation: String = "scan") throws -> PageWords {
        let url = SlipFixtures.folder.appendingPathComponent("\(slipClass)/\(name)-\(degradation).words")
        return try JSONDecoder().decode(PageWords.self, from: Data(contentsOf: url))
    }

    /// The page's words rotated about its centre by `degrees` (word boxes stay axis-aligned around their moved
    /// centres, as an OCR engine reports them), then moved so that nothing is left of or above the origin.
    static func rotated(_ page: PageWords, degrees: Double) -> PageWords {
        let a = degrees * .pi / 180, cx = Double(page.width) / 2, cy = Double(page.height) / 2
        var out = page
        out.words = page.words.map { w in
            let x = Double(w.x) + Double(w.w) / 2 - cx, y = Double(w.y) + Double(w.h) / 2 - cy
            let nx = cx + x * cos(a) - y * sin(a), ny = cy + x * sin(a) + y * cos(a)
            return PageWord(text: w.text, x: Int(nx) - w.w / 2, y: Int(ny) - w.h / 2, w: w.w, h: w.h, confidence: w.confidence)
        }
        let dx = -min(0, out.words.map(\.x).min() ?? 0), dy = -min(0, out.words.map(\.y).min() ?? 0)
        return moved(out, dx: dx, dy: dy)
    }

    static func moved(_ page: PageWords, dx: Int, dy: Int) -> PageWords {
        var out = page
        for i in out.words.indices { out.words[i].x += dx; out.words[i].y += dy }
        out.width += dx
        out.height += dy
        return out
    }

    /// One page holding every part at its offset.
    static func page(_ parts: [(PageWords, Int, Int)]) -> PageWords {
        let placed = parts.map { moved($0.0, dx: $0.1, dy: $0.2) }
        return PageWords(width: placed.map(\.width).max() ?? 0, height: placed.map(\.height).max() ?? 0, words: placed.flatMap(\.words))
    }

    /// Typed lines (one string per line) as words: `h` px high, 0.55 h per character, lines 2 h apart.
    static func typed(_ lines: [String], x: Int, y: Int, h: Int = 30) -> PageWords {
        var words: [PageWord] = []
        for (k, line) in lines.enumerated() {
            var cx = x
            for token in line.split(separator: " ") {
                let w = Int(Double(token.count) * 0.55 * Double(h))
                words.append(PageWord(text: String(token), x: cx, y: y + k * 2 * h, w: w, h: h))
                cx += w + h / 2
            }
        }
        let right = words.map { $0.x + $0.w }.max() ?? x, bottom = y + lines.count * 2 * h
        return PageWords(width: right + h, height: bottom + h, words: words)
    }
}
