/// Module boundaries read off a DataMatrix symbol's timing pattern, for symbols whose modules are not evenly
/// spaced (printed by a stretched bitmap, a slipping label printer, a resampled image): a perspective fit then
/// drifts across a column or more between the corners, while the alternating top row and right column still
/// show where every column and row lies.
///
/// The warp maps module coordinates of an even grid to those of the printed one, column by column and row by row
/// (piecewise linear), and is composed with the fit's perspective map before sampling. Two shears correct the
/// fit's corners where its outline missed the symbol's light top-right module: the right side is measured at the
/// bottom (where the finder row ends) and at the top (past the last timing column), the top side at the left
/// (where the finder column starts) and at the right (above the first timing row).
struct DataMatrixTimingWarp {
    /// Left edge of each column and the right edge of the last (`columns + 1` values, in the fit's module units),
    /// measured along the top row.
    var columnEdges: [Double]
    /// Top edge of each row and the bottom edge of the last, measured along the right column.
    var rowEdges: [Double]
    /// Horizontal scale at the bottom row relative to the top row (1: the right side is where the fit put it).
    var bottomScale = 1.0
    /// Height at the left column relative to the right column, both measured up from the bottom finder row.
    var leftScale = 1.0

    /// Profile steps per module along a timing line.
    static let stepsPerModule = 8
    /// The shears correct a corner by about a module; larger ones mean the lines are not where they were sought.
    static let scaleRange = 0.8...1.25

    /// The warp when the fit's top row shows exactly `columns / 2` dark runs and its right column `rows / 2`;
    /// nil otherwise (the fit is not on the timing pattern, or the size is wrong).
    init?(image: GrayImage, size: DataMatrixSize, level: Double, map: @escaping (QuadPoint) -> QuadPoint?) {
        let cols = size.columns, rows = size.rows
        let width = Double(cols), height = Double(rows)
        // Each line is sought where the measurements so far put it, so two rounds: the first with the even grid.
        columnEdges = (0...cols).map(Double.init)
        rowEdges = (0...rows).map(Double.init)
        for _ in 0..<2 {
            let warp = self
            guard let top = Self.darkRuns(image, level: level, count: cols / 2, length: cols, along: { t in
                map(warp.apply(QuadPoint(x: t, y: 0.5), measuredColumns: false))
            }) else { return nil }
            // Columns alternate dark, light from the finder corner; the last (light) one meets the quiet zone.
            var columns = top.flatMap { [$0.start, $0.end] }
            if let last = top.last { columns.append(last.end + (last.end - last.start)) }
            guard columns.count == cols + 1 else { return nil }
            // The bottom finder row ends at the symbol's right side (sought without the horizontal shear).
            var unsheared = warp
            unsheared.bottomScale = 1
            guard let bottom = Self.solidRunEnd(image, level: level, length: cols, along: { [unsheared] t in
                map(unsheared.apply(QuadPoint(x: t, y: height - 0.5), measuredColumns: false))
            }) else { return nil }
            let scale = bottom / columns[cols]
            guard Self.scaleRange.contains(scale) else { return nil }
            columnEdges = columns
            bottomScale = scale
            let current = self
            guard let right = Self.darkRuns(image, level: level, count: rows / 2, length: rows, along: { t in
                map(current.apply(QuadPoint(x: width - 0.5, y: t), measuredRows: false))
            }) else { return nil }
            // Rows: the top (light) one meets the quiet zone, then the dark runs are the odd rows.
            var rowsOut = right.flatMap { [$0.start, $0.end] }
            if let first = right.first { rowsOut.insert(first.start - (first.end - first.start), at: 0) }
            guard rowsOut.count == rows + 1 else { return nil }
            // The left finder column starts at the symbol's top side (read from below: it ends there; sought
            // without the vertical shear).
            var unshearedRows = current
            unshearedRows.leftScale = 1
            guard let left = Self.solidRunEnd(image, level: level, length: rows, along: { [unshearedRows] t in
                map(unshearedRows.apply(QuadPoint(x: 0.5, y: height - t), measuredRows: false))
            }) else { return nil }
            let scaleLeft = left / (height - rowsOut[0])
            guard Self.scaleRange.contains(scaleLeft) else { return nil }
            rowEdges = rowsOut
            leftScale = scaleLeft
        }
    }

    /// The printed grid's position of even-grid point `p` (module units).
    func apply(_ p: QuadPoint) -> QuadPoint { apply(p, measuredColumns: true, measuredRows: true) }

    /// `p` through the column edges (or the even columns) and the row edges (or the even rows), then the shears.
    func apply(_ p: QuadPoint, measuredColumns: Bool = true, measuredRows: Bool = true) -> QuadPoint {
        let width = Double(columnEdges.count - 1), height = Double(rowEdges.count - 1)
        let u = measuredColumns ? Self.interpolate(columnEdges, p.x) : p.x
        let v = measuredRows ? Self.interpolate(rowEdges, p.y) : p.y
        let x = u * (1 + (bottomScale - 1) * v / height)
        let y = height - (height - v) * (1 + (leftScale - 1) * (width - u) / width)
        return QuadPoint(x: x, y: y)
    }

    /// Whether the warp moves some module centre by more than `minimum` modules (else the even grid already fits).
    func isUneven(minimum: Double) -> Bool {
        let rows = rowEdges.count - 1, cols = columnEdges.count - 1
        for r in 0..<rows {
            for c in 0..<cols {
                let even = QuadPoint(x: Double(c) + 0.5, y: Double(r) + 0.5), printed = apply(even)
                if abs(printed.x - even.x) > minimum || abs(printed.y - even.y) > minimum { return true }
            }
        }
        return false
    }

    static func interpolate(_ edges: [Double], _ x: Double) -> Double {
        guard edges.count >= 2, x.isFinite else { return x }
        let i = Int(max(0, min(Double(edges.count - 2), x.rounded(.down))))
        return edges[i] + (x - Double(i)) * (edges[i + 1] - edges[i])
    }

    /// The dark runs along a timing line of `length` modules (sampled from a module before to a module after it),
    /// as module-unit intervals, when there are exactly `count` of them; nil otherwise. Light gaps and dark specks
    /// under a quarter module are noise (a scratch, a toner dot), not modules.
    static func darkRuns(_ image: GrayImage, level: Double, count: Int?, length: Int,
                         along point: (Double) -> QuadPoint?) -> [(start: Double, end: Double)]? {
        let step = 1 / Double(stepsPerModule)
        var raw: [(start: Double, end: Double)] = []
        var runStart: Double?
        for i in -stepsPerModule...((length + 1) * stepsPerModule) {
            let t = Double(i) * step
            // Off the image is light: a symbol cropped close has no more quiet zone than that.
            let v = point(t).flatMap { image.bilinear($0.x, $0.y) } ?? 255
            if v < level {
                if runStart == nil { runStart = t }
            } else if let s = runStart {
                raw.append((s, t))
                runStart = nil
            }
        }
        guard runStart == nil else { return nil }
        var merged: [(start: Double, end: Double)] = []
        for run in raw {
            if let last = merged.last, run.start - last.end < 0.25 {
                merged[merged.count - 1].end = run.end
            } else {
                merged.append(run)
            }
        }
        let runs = merged.filter { $0.end - $0.start >= 0.25 }
        return count == nil || runs.count == count ? runs : nil
    }

    /// Where the dark run that starts within a module of a line's start ends (module units), when it spans at
    /// least half the line: the end of a finder side.
    static func solidRunEnd(_ image: GrayImage, level: Double, length: Int, along point: (Double) -> QuadPoint?) -> Double? {
        guard let runs = darkRuns(image, level: level, count: nil, length: length, along: point),
              let first = runs.first(where: { $0.end > 0.5 }), first.start <= 1, first.end - first.start >= Double(length) / 2
        else { return nil }
        return first.end
    }
}
