extension ReadingStrategy {
    /// Giro's own DataMatrix finder and grid sampler (`DataMatrixGridReader`) after every library pass found
    /// nothing: four-region symbols filling the frame, perspective, blurred two-pixel modules.
    func dataMatrixGridPass(_ run: inout Run, image: GrayImage, map: PointMap) {
        guard readers.contains(.dmtx), !run.finished(exhaustive) else { return }
        let probe = run   // a copy for the closure: the deadline only
        run.pass("dmtx-grid") {
            DataMatrixGridReader().read(image, shouldStop: { probe.outOfTime }).map { ($0, map) }
        }
    }
}
