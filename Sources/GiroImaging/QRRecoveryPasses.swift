import Foundation

/// Last QR passes of the reading strategy, for symbols every earlier pass missed; each is cheap and runs only on
/// the image sizes it helps.
extension ReadingStrategy {
    /// Mid-sized images (up to this side) get a half-size pass: averaging 2×2 pixels smooths ragged,
    /// blotchy module edges (a photocopied or badly printed code) that break zxing's finder-pattern runs.
    static let halfSizeMaxSide = 1200
    static let halfSizeMinSide = 160

    func qrRecoveryPasses(_ run: inout Run, image: GrayImage, map: PointMap, zxing: ZXingReader) {
        let side = max(image.width, image.height)
        let quick = ReadOptions(symbologies: [.qr], tryHarder: false)
        if !run.finished(exhaustive), (Self.halfSizeMinSide..<Self.halfSizeMaxSide).contains(side) {
            run.pass("qr-half") {
                try zxing.read(image.downscaled(by: 2), options: quick).map { ($0, Self.compose(map, .scale(2))) }
            }
        }
        if !run.finished(exhaustive), side <= QRGridFit.maxSide {
            // 1–2 pixels per module: fit the grid by the patterns every QR code has and read a clean re-rendering.
            let probe = run
            run.pass("qr-grid") {
                var found: [(DetectedSymbol, PointMap)] = []
                for fit in QRGridFit.fits(image) where !probe.outOfTime {
                    // QR Model 1, which zxing 1.4 cannot read, is decoded by Giro from the modules themselves.
                    if let symbol = Self.model1Symbol(fit, image: image) {
                        found.append((symbol, map))
                        break
                    }
                    let (clean, back) = fit.rendered(image)
                    found += try zxing.read(clean, options: quick).map { ($0, Self.compose(map, back)) }
                    if !found.isEmpty { break }
                }
                return found
            }
        }
    }

    /// A Model 1 symbol read from the fitted modules, with its corners in the image. Reported under the zxing
    /// reader kind (it runs among zxing's QR passes, and only when zxing is enabled), pass `qr-grid`.
    static func model1Symbol(_ fit: QRGridFit, image: GrayImage) -> DetectedSymbol? {
        guard let decoded = QRModel1Decoder.decode(fit.modulesMatrix(image)) else { return nil }
        let n = Double(fit.modules)
        let corners = [(0.0, 0.0), (n, 0), (n, n), (0, n)].map { c in
            ImagePoint(x: PointMap.clampInt(fit.x0 + c.0 * fit.pitchX), y: PointMap.clampInt(fit.y0 + c.1 * fit.pitchY))
        }
        var symbol = DetectedSymbol(symbology: .qr, bytes: decoded.bytes, eci: nil, corners: corners, reader: .zxing)
        if decoded.kanji, let text = String(data: Data(decoded.bytes), encoding: .shiftJIS) {
            symbol.modeCharset = "Shift_JIS"
            symbol.eciText = text
        }
        return symbol
    }
}
