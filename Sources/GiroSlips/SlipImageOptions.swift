import Foundation
import GiroCore

/// How an image is read for slips. Every limit is clamped, also when set after `init` (a library caller's value
/// reaches pixel arithmetic).
public struct SlipImageOptions: Sendable, Hashable {
    /// The first, whole-page pass (which finds the printed labels) runs on a copy at most this long (400…8000).
    public var firstPassMaxSide: Int { didSet { firstPassMaxSide = Self.side(firstPassMaxSide, 400...8000) } }
    /// Zone crops are rectified to this resolution before per-zone OCR (100…600).
    public var zoneDPI: Double { didSet { zoneDPI = Self.dpi(zoneDPI) } }
    /// Run OCR again on each zone (its whitelist and layout) instead of using the first pass's words.
    public var perZoneOCR: Bool
    /// Time for the whole image (100 ms … 2 min).
    public var budgetMilliseconds: Int { didSet { budgetMilliseconds = Self.side(budgetMilliseconds, 100...120_000) } }
    /// Look for sheets of paper on a background (photos) and read each one rectified; the whole page is read
    /// when none is found or none holds a slip.
    public var detectPaper: Bool
    /// A sheet found in a photo is rectified to this long side (pixels) for the first pass (400…4000).
    public var paperSide: Int { didSet { paperSide = Self.side(paperSide, 400...4000) } }
    /// When the image's reading must end (set by `SlipReader.read` from `budgetMilliseconds`): each page pass gets
    /// only the time left until then, not a budget of its own (a photo's reading makes up to eight of them).
    package var deadline: ContinuousClock.Instant?

    public init(firstPassMaxSide: Int = 2600, zoneDPI: Double = 300, perZoneOCR: Bool = true, budgetMilliseconds: Int = 20_000,
                detectPaper: Bool = true, paperSide: Int = 2100) {
        self.firstPassMaxSide = Self.side(firstPassMaxSide, 400...8000)
        self.zoneDPI = Self.dpi(zoneDPI)
        self.perZoneOCR = perZoneOCR
        self.budgetMilliseconds = Self.side(budgetMilliseconds, 100...120_000)
        self.detectPaper = detectPaper
        self.paperSide = Self.side(paperSide, 400...4000)
    }

    /// The budget of one OCR call: what is left until `deadline`, at most `budgetMilliseconds`. Throws
    /// `ocr_timeout` when nothing is left or the caller gave up (a cancelled request), so no pass starts then.
    package func callBudget() throws(GiroError) -> Int {
        guard !Task.isCancelled else {
            throw GiroError(.ocrTimeout, field: "ocr", "the reading was cancelled")
        }
        guard let deadline else { return budgetMilliseconds }
        let left = deadline - ContinuousClock.now
        guard left > .zero else {
            throw GiroError(.ocrTimeout, field: "ocr", "no time was left in the image's budget of \(budgetMilliseconds) ms")
        }
        return min(budgetMilliseconds, max(1, left.budgetMilliseconds))
    }

    static func side(_ v: Int, _ r: ClosedRange<Int>) -> Int { min(max(v, r.lowerBound), r.upperBound) }
    static func dpi(_ v: Double) -> Double { v.isFinite ? min(max(v, 100), 600) : 300 }

}

/// Where the time of one image went (`giro-slip-bench`).
package struct SlipImageTimings: Sendable {
    package var paperSearch: Duration = .zero
    package var firstPass: Duration = .zero
    package var zones: Duration = .zero
    package var zoneCalls = 0
    package var papers = 0
    package init() {}
}
