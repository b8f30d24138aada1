extension DataMatrixGridReader {
    /// Located fits (best rough frame match first) whose edge grid is tried once the refined grids read nothing.
    static let edgeGridFits = 1
    /// Share of frame modules the located fit must already match (#794's symbol: 79 %; the true grid only 82 %).
    static let edgeGridRoughMatch = 0.7

    /// The candidate's best fit of 20×20 to 48×48 modules, as located (refinement on the frame is what spread ink
    /// misleads), sampled through `DataMatrixEdgeGrid` and read like the other grids: global and local threshold,
    /// mirrored for squares.
    static func decodeEdgeGrid(_ image: GrayImage, fits: [Fit], level: Double, shouldStop: () -> Bool) -> DetectedSymbol? {
        let large = fits.filter { $0.score >= edgeGridRoughMatch && (DataMatrixEdgeGrid.minimumModules...DataMatrixEdgeGrid.maximumModules).contains($0.size.rows * $0.size.columns) }
        for fit in large.prefix(edgeGridFits) where !shouldStop() {
            guard let grid = DataMatrixEdgeGrid.sample(image, fit: fit, level: level) else { continue }
            var readings = [grid.values.map { $0 < level }, locallyThresholded(grid.values, size: fit.size)]
            if fit.size.rows == fit.size.columns {
                readings += readings.map { mirroredSquare($0, side: fit.size.rows) }
            }
            for dark in readings where !shouldStop() {
                guard let rendering = DataMatrixRendering.image(size: fit.size, dark: dark),
                      var symbol = readClean(rendering, withDmtx: false),
                      coversRendering(symbol, size: fit.size) else { continue }
                symbol.corners = grid.corners.map { ImagePoint(x: PointMap.clampInt($0.x), y: PointMap.clampInt($0.y)) }
                return symbol
            }
        }
        return nil
    }
}
