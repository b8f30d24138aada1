import Foundation
import GiroImaging

// When the image path reads a page or sheet again (time: each sparse pass costs 0.5–0.8 s of CPU).
extension SlipReader {
    /// A sheet covering at least this share of the image that gave an unknown slip stands for the page: no
    /// whole-page pass after it (a slip photographed whole covers 30–60 %).
    static let sheetCoverageForPage = 0.2

    /// Whether an English pass read little it was sure of — Cyrillic print read as English — so a pass in the
    /// Cyrillic templates' languages is worth its time: under 30 % of the words of 3+ letters at confidence ≥ 0.8
    /// (own renders and the development sample: Latin forms 0.54–0.89, Cyrillic ones 0.07–0.13), or under 5 such
    /// words at all.
    static func looksNonLatin(_ page: PageWords) -> Bool {
        let long = page.words.filter { w in w.text.unicodeScalars.filter { CharacterSet.letters.contains($0) }.count >= 3 }
        guard long.count >= 5 else { return true }
        let sure = long.filter { ($0.confidence ?? 0) >= 0.8 }.count
        return sure * 100 < long.count * 30
    }

    /// The share of the image a sheet's quadrilateral covers (shoelace area over the image's).
    static func areaShare(_ corners: [QuadPoint], width: Int, height: Int) -> Double {
        guard corners.count >= 3, width > 0, height > 0 else { return 0 }
        var twice = 0.0
        for (a, b) in zip(corners, corners.dropFirst() + [corners[0]]) { twice += a.x * b.y - b.x * a.y }
        let share = abs(twice) / 2 / (Double(width) * Double(height))
        return share.isFinite ? min(share, 1) : 0
    }
}
