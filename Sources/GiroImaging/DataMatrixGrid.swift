/// The module layout of an ECC 200 DataMatrix symbol (ISO/IEC 16022, table 7): its size and how its data regions
/// are framed. Each region has a solid finder on its left and bottom and alternating timing modules on its top and
/// right; the frames of neighbouring regions form the alignment lines inside the bigger symbols.
package struct DataMatrixSize: Sendable, Hashable {
    package var rows: Int
    package var columns: Int
    /// Data modules of one region (without its frame).
    package var regionRows: Int
    package var regionColumns: Int

    /// Every ECC 200 size, squares then rectangles.
    package static let all: [DataMatrixSize] = [
        .init(10, 10, 8, 8), .init(12, 12, 10, 10), .init(14, 14, 12, 12), .init(16, 16, 14, 14),
        .init(18, 18, 16, 16), .init(20, 20, 18, 18), .init(22, 22, 20, 20), .init(24, 24, 22, 22),
        .init(26, 26, 24, 24), .init(32, 32, 14, 14), .init(36, 36, 16, 16), .init(40, 40, 18, 18),
        .init(44, 44, 20, 20), .init(48, 48, 22, 22), .init(52, 52, 24, 24), .init(64, 64, 14, 14),
        .init(72, 72, 16, 16), .init(80, 80, 18, 18), .init(88, 88, 20, 20), .init(96, 96, 22, 22),
        .init(104, 104, 24, 24), .init(120, 120, 18, 18), .init(132, 132, 20, 20), .init(144, 144, 22, 22),
        .init(8, 18, 6, 16), .init(8, 32, 6, 14), .init(12, 26, 10, 24), .init(12, 36, 10, 16),
        .init(16, 36, 14, 16), .init(16, 48, 14, 22),
    ]

    init(_ rows: Int, _ columns: Int, _ regionRows: Int, _ regionColumns: Int) {
        self.rows = rows
        self.columns = columns
        self.regionRows = regionRows
        self.regionColumns = regionColumns
    }

    /// Whether the module at (`row`, `column`), counted from the top left, belongs to a region frame, and if so
    /// whether it is dark.
    package func fixedModule(row: Int, column: Int) -> Bool? {
        let r = row % (regionRows + 2), c = column % (regionColumns + 2)
        if r == regionRows + 1 || c == 0 { return true }
        if r == 0 { return c % 2 == 0 }
        if c == regionColumns + 1 { return r % 2 == 1 }
        return nil
    }

    /// The frame modules, each with its colour, in reading order (built once per standard size: the fits ask for
    /// them for every size and orientation of every candidate).
    var fixedModules: [(row: Int, column: Int, dark: Bool)] {
        Self.fixedModulesOfStandardSizes[self] ?? frameModules()
    }

    static let fixedModulesOfStandardSizes: [DataMatrixSize: [(row: Int, column: Int, dark: Bool)]] =
        Dictionary(uniqueKeysWithValues: all.map { ($0, $0.frameModules()) })

    func frameModules() -> [(row: Int, column: Int, dark: Bool)] {
        var out: [(Int, Int, Bool)] = []
        for r in 0..<rows {
            for c in 0..<columns {
                if let dark = fixedModule(row: r, column: c) { out.append((r, c, dark)) }
            }
        }
        return out
    }

    /// The module grid's corners in module units: top-left, top-right, bottom-right, bottom-left.
    var moduleCorners: [QuadPoint] {
        let c = Double(columns), r = Double(rows)
        return [QuadPoint(x: 0, y: 0), QuadPoint(x: c, y: 0), QuadPoint(x: c, y: r), QuadPoint(x: 0, y: r)]
    }
}

/// A sampled module matrix drawn as a clean image: square modules of `scale` pixels on a white quiet zone of
/// `quiet` modules. The region frames are drawn as the standard prescribes, whatever was sampled there, so a
/// reader's own finder locks on and only the data modules carry sampling errors (its Reed–Solomon decoder corrects
/// them or rejects the symbol).
struct DataMatrixRendering {
    static let scale = 5
    static let quiet = 3

    static func image(size: DataMatrixSize, dark: [Bool]) -> GrayImage? {
        guard dark.count == size.rows * size.columns else { return nil }
        let w = (size.columns + 2 * quiet) * scale, h = (size.rows + 2 * quiet) * scale
        var pixels = [UInt8](repeating: 255, count: w * h)
        for r in 0..<size.rows {
            for c in 0..<size.columns {
                guard size.fixedModule(row: r, column: c) ?? dark[r * size.columns + c] else { continue }
                let x0 = (c + quiet) * scale, y0 = (r + quiet) * scale
                for y in y0..<(y0 + scale) {
                    for x in x0..<(x0 + scale) { pixels[y * w + x] = 0 }
                }
            }
        }
        return GrayImage(width: w, height: h, pixels: pixels)
    }
}
