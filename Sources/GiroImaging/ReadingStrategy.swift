import GiroCore

/// What one image yielded: the distinct symbols, and how the search went.
package struct StrategyResult: Sendable {
    package var symbols: [DetectedSymbol]
    /// Passes that ran, in order (`zxing`, `dmtx`, `zxing-tiles`, …).
    package var passes: [String]
    /// Library failures met on the way (the search continues past them).
    package var errors: [GiroError]
    /// `true` when the time budget ended the search before every pass had run.
    package var budgetExhausted: Bool
}

/// Reads an image with several backends and image variants, cheapest first, and stops as soon as
/// `recognises` accepts a symbol (the engine passes "a payment plug-in decodes these bytes").
///
/// Order: zxing on the whole image (at most 9 MP; fast, finds QR/PDF417/Code128 and centred DataMatrix) → libdmtx
/// (DataMatrix anywhere, a short time slot) → zbar → zxing one resolution step finer (photos over 9 MP) → zxing on overlapping tiles (zxing 1.4's DataMatrix detector only
/// sees symbols crossing the image centre) → inverted → rotations for PDF417 (fails beyond ~5°) →
/// down/up-scaled → other binarizer and contrast-stretched → QR recovery (half size; tiny images: fitted module
/// grid, QR Model 1) → Giro's DataMatrix grid reader (own locator and sampling, re-rendered for the
/// libraries) → libdmtx again with a longer slot when its first slot ran out. A per-image budget bounds the total.
/// A caller may be asked after zbar (`read(_:recognises:afterQuickPasses:)`) whether the passes from the tiles on run.
public struct ReadingStrategy: Sendable {
    public var readers: Set<ReaderKind>
    /// Time for one image, clamped to `1...ReadingStrategy.maxBudgetMilliseconds` (also when set later),
    /// so the deadline arithmetic cannot overflow.
    public var budgetMilliseconds: Int { didSet { budgetMilliseconds = Self.clampedBudget(budgetMilliseconds) } }
    /// Run every pass even after a recognised symbol (finds more symbols on multi-bill pages; slower).
    public var exhaustive: Bool

    public init(readers: Set<ReaderKind> = Set(ReaderKind.allCases), budgetMilliseconds: Int = 1000, exhaustive: Bool = false) {
        self.readers = readers
        self.budgetMilliseconds = Self.clampedBudget(budgetMilliseconds)
        self.exhaustive = exhaustive
    }

    /// One hour: far beyond any useful per-image budget.
    public static let maxBudgetMilliseconds = 3_600_000

    package static func clampedBudget(_ ms: Int) -> Int { min(max(ms, 1), maxBudgetMilliseconds) }

    /// Pixels the passes work on; bigger images (phone photos) are averaged down by an integer factor first.
    /// 9 MP keeps an A4 page scanned at 300 dpi at full resolution, where narrow Code128 bars need it.
    static let workingPixels = 9_000_000
    static let dmtxFirstSlot = 120
    static let dmtxLateSlot = 600
    /// Images up to this side get a pass with a white margin (symbols cropped without a quiet zone).
    static let quietZoneMaxSide = 400
    static let pdf417Angles: [Double] = [6, -6, 12, -12, 18, -18, 25, -25]
    /// zxing 1.4 reads PDF417 up to about this tilt; beyond it the page must be turned straight first.
    static let pdf417ToleratedTilt = 5.0

    /// `deadline`: when the whole image's work must end (``ImageDecoder/totalBudgetMilliseconds``), whatever is left
    /// of this search's own budget. A cancelled task ends the search too.
    package func read(_ image: GrayImage, recognises: (DetectedSymbol) -> Bool,
                      deadline: ContinuousClock.Instant? = nil) -> StrategyResult {
        let clock = ContinuousClock(), start = clock.now
        return withoutActuallyEscaping(recognises) { recognises in
            var run = Run(elapsed: { clock.now - start }, budget: .milliseconds(budgetMilliseconds), recognises: recognises)
            run.stopAt = deadline.map { $0 - start }
            return read(image, run: run)
        }
    }

    /// What the search does once its quick passes (zxing, libdmtx's short slot, zbar) found no payment symbol.
    package enum Fallbacks: Sendable, Equatable {
        /// Every remaining pass, as without a caller's say.
        case all
        /// A printed slip was fitted on the page at this tilt (degrees, clockwise) within these image corners: a
        /// barcode printed on it is tilted alike, so one pass on the slip turned straight replaces the blind search
        /// (rotations, tiles, binarizers), which a photo without any barcode would spend its whole budget on.
        case slipTilted(Double, corners: [ImagePoint])
    }

    /// The same search, with `afterQuickPasses` asked what to do when the quick passes found no payment symbol (the
    /// image decoder reads the print there). The time it takes does not count against the budget.
    package func read(_ image: GrayImage, recognises: (DetectedSymbol) -> Bool, deadline: ContinuousClock.Instant? = nil,
                      afterQuickPasses: (StrategyResult) -> Fallbacks) -> StrategyResult {
        let clock = ContinuousClock(), start = clock.now
        return withoutActuallyEscaping(recognises) { recognises in
            withoutActuallyEscaping(afterQuickPasses) { decide in
                var run = Run(elapsed: { clock.now - start }, budget: .milliseconds(budgetMilliseconds), recognises: recognises)
                run.stopAt = deadline.map { $0 - start }
                return read(image, run: run, afterQuickPasses: decide)
            }
        }
    }

    /// The same search with its time source injected: `elapsed` says how much of the budget is spent. Production
    /// reads the wall clock (above); tests of the budget itself drive a clock of their own, so that no wall-clock
    /// time decides what they check.
    package func read(_ image: GrayImage, elapsed: @escaping () -> Duration, recognises: (DetectedSymbol) -> Bool) -> StrategyResult {
        withoutActuallyEscaping(recognises) { read(image, run: Run(elapsed: elapsed, budget: .milliseconds(budgetMilliseconds), recognises: $0)) }
    }

    private func read(_ image: GrayImage, run start: Run, afterQuickPasses: ((StrategyResult) -> Fallbacks)? = nil) -> StrategyResult {
        var run = start
        let zxing = ZXingReader()
        let all = ReadOptions()
        var factor = 1
        while (image.width / factor) * (image.height / factor) > Self.workingPixels { factor += 1 }
        let work = image.downscaled(by: factor)
        let workMap = PointMap.scale(Double(factor))

        // Big photos are read at ≤ 9 MP first (fast, and phone-photo symbols are large); full resolution
        // is a later fallback for small symbols.
        if readers.contains(.zxing) {
            run.pass("zxing") { try zxing.read(work, options: all).map { ($0, workMap) } }
        }
        if readers.contains(.zxing) { deskewedPDF417Pass(&run, image: work, map: workMap, zxing: zxing) }
        // libdmtx spends its whole timeout when there is nothing to find, so it gets a short slot first
        // (enough for a clean symbol) and the rest of its allowance only after the cheaper passes failed.
        var dmtxTimedOut = false
        if readers.contains(.dmtx), !run.finished(exhaustive) {
            let slot = min(Self.dmtxFirstSlot, run.remainingMilliseconds)
            let before = run.symbols.count, started = ContinuousClock.now
            run.pass("dmtx") {
                try DmtxReader().read(work, options: ReadOptions(symbologies: [.datamatrix], timeBudgetMilliseconds: slot)).map { ($0, workMap) }
            }
            dmtxTimedOut = run.symbols.count == before && ContinuousClock.now - started >= .milliseconds(slot * 9 / 10)
        }
        if readers.contains(.zbar), !run.finished(exhaustive) {
            run.pass("zbar") { try ZBarReader().read(work, options: all).map { ($0, workMap) } }
        }
        if readers.contains(.zxing), factor > 1, !run.finished(exhaustive) {
            // One step finer (full resolution for photos up to 4 × 9 MP), so a single pass stays bounded.
            let finer = factor - 1
            run.pass("zxing-finer") {
                try zxing.read(image.downscaled(by: finer), options: all).map { ($0, PointMap.scale(Double(finer))) }
            }
        }
        if let decide = afterQuickPasses, !run.anyRecognised, !run.outOfTime {
            let asked = ContinuousClock.now
            let plan = decide(StrategyResult(symbols: run.symbols, passes: run.passes, errors: run.errors, budgetExhausted: false))
            run.paused += ContinuousClock.now - asked
            // An exhaustive search (several bills on a page) keeps every pass.
            if case .slipTilted(let tilt, let corners) = plan, !exhaustive {
                if readers.contains(.zxing), abs(tilt) > Self.pdf417ToleratedTilt, !run.outOfTime {
                    run.pass("zxing-slip-deskew") {
                        // Only the slip (and a margin: a fit may be off by a few millimetres) is turned.
                        let box = Self.box(around: corners, factor: factor, width: work.width, height: work.height)
                        let part = box.map { work.cropped(x: $0.x, y: $0.y, width: $0.w, height: $0.h) } ?? work
                        let (rotated, back) = part.rotated(degrees: tilt)
                        let m = Self.compose(Self.compose(workMap, .translate(box?.x ?? 0, box?.y ?? 0)), back)
                        return try zxing.read(rotated, options: ReadOptions(symbologies: [.pdf417, .qr])).map { ($0, m) }
                    }
                }
                return StrategyResult(symbols: run.symbols, passes: run.passes, errors: run.errors, budgetExhausted: run.outOfTime)
            }
        }
        if readers.contains(.zxing) {
            zxingFallbacks(&run, image: work, map: workMap, zxing: zxing)
            qrRecoveryPasses(&run, image: work, map: workMap, zxing: zxing)
        }
        dataMatrixGridPass(&run, image: work, map: workMap)
        if dmtxTimedOut, !run.finished(exhaustive) {
            let slot = min(Self.dmtxLateSlot, run.remainingMilliseconds)
            run.pass("dmtx-long") {
                try DmtxReader().read(work, options: ReadOptions(symbologies: [.datamatrix], timeBudgetMilliseconds: slot)).map { ($0, workMap) }
            }
        }
        return StrategyResult(symbols: run.symbols, passes: run.passes, errors: run.errors, budgetExhausted: run.outOfTime)
    }

    /// A page photographed at an angle tilts all its symbols alike. zxing reads a tilted QR code but no PDF417
    /// beyond ~5°, so once a found symbol shows the tilt, one PDF417 pass on the page turned straight finds its
    /// neighbours (a bill with a QR code beside one with a PDF417) without the full fallback search.
    private func deskewedPDF417Pass(_ run: inout Run, image: GrayImage, map: PointMap, zxing: ZXingReader) {
        guard !run.outOfTime, let tilt = run.symbols.lazy.compactMap(\.tiltDegrees).first(where: { abs($0) > Self.pdf417ToleratedTilt }) else { return }
        run.pass("zxing-deskew") {
            let (rotated, back) = image.rotated(degrees: tilt)
            let m = Self.compose(map, back)
            return try zxing.read(rotated, options: ReadOptions(symbologies: [.pdf417])).map { ($0, m) }
        }
    }

    private func zxingFallbacks(_ run: inout Run, image: GrayImage, map: PointMap, zxing: ZXingReader) {
        let quick = ReadOptions(tryHarder: false), all = ReadOptions()
        if !run.finished(exhaustive) {
            let probe = run  // a copy for the closure: the deadline and the predicate only
            run.pass("zxing-tiles") {
                var found: [(DetectedSymbol, PointMap)] = []
                let options = ReadOptions(symbologies: [.datamatrix, .qr], tryHarder: false)
                for tile in Self.tiles(width: image.width, height: image.height) where !probe.outOfTime {
                    let part = image.cropped(x: tile.x, y: tile.y, width: tile.size, height: tile.size)
                    let tileMap = Self.compose(map, .translate(tile.x, tile.y))
                    found += try zxing.read(part, options: options).map { ($0, tileMap) }
                    if found.contains(where: { probe.recognises($0.0) }) && !exhaustive { break }
                }
                return found
            }
        }
        if !run.finished(exhaustive), max(image.width, image.height) <= Self.quietZoneMaxSide {
            // A symbol cropped to its edge (no quiet zone) defeats the detectors; a white margin restores it.
            let border = max(8, max(image.width, image.height) / 10)
            run.pass("zxing-margin") {
                try zxing.read(image.padded(border: border), options: all).map { ($0, Self.compose(map, .translate(-border, -border))) }
            }
        }
        if !run.finished(exhaustive) {
            run.pass("zxing-inverted") { try zxing.read(image.inverted(), options: quick).map { ($0, map) } }
        }
        if !run.finished(exhaustive) {
            // Blurred or unevenly lit codes that zxing's local binarizer breaks up: one global Otsu cut, then zxing
            // and zbar (zbar reads some Code128 photos from the clean cut that zxing still misses).
            let binary = image.otsuThresholded()
            run.pass("zxing-otsu") { try zxing.read(binary, options: quick).map { ($0, map) } }
            if readers.contains(.zbar), !run.finished(exhaustive) {
                run.pass("zbar-otsu") { try ZBarReader().read(binary, options: all).map { ($0, map) } }
            }
        }
        for angle in Self.pdf417Angles where !run.finished(exhaustive) {
            run.pass("zxing-rotate\(Int(angle))") {
                let (rotated, back) = image.rotated(degrees: angle)
                let m = Self.compose(map, back)
                return try zxing.read(rotated, options: ReadOptions(symbologies: [.pdf417])).map { ($0, m) }
            }
        }
        if !run.finished(exhaustive), max(image.width, image.height) >= 1200 {
            run.pass("zxing-half") {
                try zxing.read(image.downscaled(by: 2), options: quick).map { ($0, Self.compose(map, .scale(2))) }
            }
        }
        if !run.finished(exhaustive), max(image.width, image.height) <= 1024 {
            run.pass("zxing-double") {
                try zxing.read(image.upscaled2x(), options: quick).map { ($0, Self.compose(map, .scale(0.5))) }
            }
        }
        if !run.finished(exhaustive) {
            run.pass("zxing-histogram") {
                try ZXingReader(globalHistogram: true).read(image, options: quick).map { ($0, map) }
            }
        }
        if !run.finished(exhaustive) {
            run.pass("zxing-contrast") { try zxing.read(image.contrastStretched(), options: quick).map { ($0, map) } }
        }
    }

    struct Tile { var x: Int, y: Int, size: Int }

    /// The bounding box (in the working image, `factor` times smaller) of image corners, grown by a tenth of its
    /// larger side; nil when it is empty or covers most of the image anyway.
    static func box(around corners: [ImagePoint], factor: Int, width: Int, height: Int) -> (x: Int, y: Int, w: Int, h: Int)? {
        guard !corners.isEmpty, factor > 0 else { return nil }
        let xs = corners.map { $0.x / factor }, ys = corners.map { $0.y / factor }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        let margin = max(maxX - minX, maxY - minY) / 10
        let x0 = max(0, minX - margin), y0 = max(0, minY - margin)
        let x1 = min(width, maxX + margin), y1 = min(height, maxY + margin)
        guard x1 - x0 >= 16, y1 - y0 >= 16, (x1 - x0) * (y1 - y0) < width * height * 9 / 10 else { return nil }
        return (x0, y0, x1 - x0, y1 - y0)
    }

    /// Overlapping square tiles at two sizes, stepping half a tile, so every symbol up to a third of the
    /// short side crosses some tile's centre lines.
    static func tiles(width: Int, height: Int) -> [Tile] {
        var out: [Tile] = []
        let short = min(width, height)
        for size in [short / 2, short / 3] where size >= 120 {
            let step = size / 2
            var y = 0
            while y + size <= height + step / 2 {
                var x = 0
                while x + size <= width + step / 2 {
                    out.append(Tile(x: min(x, max(0, width - size)), y: min(y, max(0, height - size)), size: size))
                    x += step
                }
                y += step
            }
        }
        return out
    }

    /// `outer ∘ inner`: first map with `inner`, then with `outer`.
    static func compose(_ outer: PointMap, _ inner: PointMap) -> PointMap {
        PointMap(a: outer.a * inner.a + outer.b * inner.c, b: outer.a * inner.b + outer.b * inner.d,
                 tx: outer.a * inner.tx + outer.b * inner.ty + outer.tx,
                 c: outer.c * inner.a + outer.d * inner.c, d: outer.c * inner.b + outer.d * inner.d,
                 ty: outer.c * inner.tx + outer.d * inner.ty + outer.ty)
    }

    /// The mutable state of one image's search.
    struct Run {
        /// Time spent since the search started.
        let elapsed: () -> Duration
        let budget: Duration
        let recognises: (DetectedSymbol) -> Bool
        var symbols: [DetectedSymbol] = []
        var passes: [String] = []
        var errors: [GiroError] = []
        var anyRecognised = false

        init(elapsed: @escaping () -> Duration, budget: Duration, recognises: @escaping (DetectedSymbol) -> Bool) {
            self.elapsed = elapsed
            self.budget = budget
            self.recognises = recognises
        }

        /// Time the caller took between passes (reading the print), not counted against the budget.
        var paused: Duration = .zero

        /// The whole image's deadline, as time since the search started: pauses do not extend it.
        var stopAt: Duration?

        var outOfTime: Bool {
            let now = elapsed()
            return now - paused >= budget || stopAt.map { now >= $0 } == true || Task.isCancelled
        }
        var remainingMilliseconds: Int {
            let now = elapsed()
            let own = budget - (now - paused)
            return (stopAt.map { min(own, $0 - now) } ?? own).budgetMilliseconds
        }

        func finished(_ exhaustive: Bool) -> Bool { outOfTime || (anyRecognised && !exhaustive) }

        mutating func pass(_ name: String, _ body: () throws -> [(DetectedSymbol, PointMap)]) {
            guard !outOfTime else { return }
            passes.append(name)
            do {
                for (symbol, map) in try body() { add(symbol, map: map, pass: name) }
            } catch let error as GiroError {
                errors.append(error)
            } catch {
                errors.append(GiroError(.readerFailed, field: "image", "\(error)"))
            }
        }

        /// Adds a symbol in original coordinates unless the same content was already found at the same place.
        mutating func add(_ found: DetectedSymbol, map: PointMap, pass: String) {
            var s = found
            s.corners = s.corners.map(map.apply)
            s.pass = pass
            let c = s.center
            let duplicate = symbols.contains { old in
                guard old.symbology == s.symbology, old.bytes == s.bytes else { return false }
                let o = old.center
                let dx = o.x - c.x, dy = o.y - c.y
                return (dx * dx + dy * dy).squareRoot() <= max(old.extent, s.extent, 8)
            }
            guard !duplicate else { return }
            symbols.append(s)
            if recognises(s) { anyRecognised = true }
        }
    }
}
