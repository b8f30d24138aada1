import Foundation
import Giro
import GiroTestSupport
import Testing

/// The QR recovery passes (`QRRecoveryPasses`): the module-grid fit on tiny images, Giro's own QR Model 1 decoder
/// with its Reed–Solomon correction, and the half-size pass, on corpus images zxing-cpp 1.4 alone misses and on
/// synthetic re-renderings of them at other sizes.
@Suite struct QRRecoveryTests {
    func load(_ relativePath: String) throws -> GrayImage {
        let url = try Corpora.url("zxing-cpp-samples/\(relativePath)")
        return try ImageLoader().load([UInt8](try Data(contentsOf: url))).image
    }

    func expectedBytes(_ relativePath: String) throws -> [UInt8] {
        let stem = (relativePath as NSString).deletingPathExtension
        return [UInt8](try Data(contentsOf: try Corpora.url("zxing-cpp-samples/\(stem).txt")))
    }

    /// The strategy's symbols with every reader, searching on after a find (so the test does not depend on which
    /// earlier pass would have stopped it).
    func strategySymbols(_ image: GrayImage) -> [DetectedSymbol] {
        ReadingStrategy.unlimited.read(image) { _ in true }.symbols
    }

    @Test(.corpus("zxing-cpp-samples"), arguments: [
        ("qrcode-2/qr-model-1.png", "qr-grid"),  // QR Model 1, version 2, 2 px per module
        ("qrcode-2/#940.png", "qr-grid"),        // QR Model 1, version 5-H, 1 px per module, 4 blocks' errors corrected
        ("qrcode-2/#1086.png", "qr-half"),       // blotchy version-1 code, read at half size
    ])
    func corpusImagesZXing14Misses(path: String, pass: String) throws {
        let image = try load(path)
        #expect(try ZXingReader().read(image, options: ReadOptions()).isEmpty, "zxing 1.4 now reads \(path) alone")
        let symbols = strategySymbols(image)
        #expect(symbols.count == 1)
        let symbol = try #require(symbols.first)
        #expect(symbol.bytes == (try expectedBytes(path)))
        #expect(symbol.pass == pass)
        #expect(symbol.symbology == .qr)
    }

    @Test(.corpus("zxing-cpp-samples")) func model1CornersSpanTheSymbol() throws {
        let image = try load("qrcode-2/qr-model-1.png")  // 25 modules at 2 px from (8, 8)
        let symbol = try #require(strategySymbols(image).first)
        #expect(symbol.corners == [ImagePoint(x: 8, y: 8), ImagePoint(x: 58, y: 8), ImagePoint(x: 58, y: 58), ImagePoint(x: 8, y: 58)])
    }

    /// The module matrix of a symbol, drawn at `pitch` pixels per module from (`offset`, `offset`) with area
    /// sampling (the gray a camera sees where a pixel straddles two modules), on a white image of `side` pixels.
    static func draw(_ modules: [[Bool]], pitch: Double, offset: Double, side: Int) throws -> GrayImage {
        var pixels = [UInt8](repeating: 255, count: side * side)
        let n = modules.count, sub = 4
        for y in 0..<side {
            for x in 0..<side {
                var dark = 0
                for sy in 0..<sub {
                    for sx in 0..<sub {
                        let px = (Double(x) + (Double(sx) + 0.5) / Double(sub) - offset) / pitch
                        let py = (Double(y) + (Double(sy) + 0.5) / Double(sub) - offset) / pitch
                        let c = Int(px.rounded(.down)), r = Int(py.rounded(.down))
                        if px >= 0, py >= 0, r < n, c < n, modules[r][c] { dark += 1 }
                    }
                }
                pixels[y * side + x] = UInt8(255 - 255 * dark / (sub * sub))
            }
        }
        return try #require(GrayImage(width: side, height: side, pixels: pixels))
    }

    /// A Model 2 and a Model 1 symbol redrawn at 1, 1.5 and 2.7 px per module, the last two off the pixel grid:
    /// the fit finds the grid to a fraction of a module and the symbol reads. (At about 1.2 px per module, where
    /// most pixels straddle two modules, a version-1 Model 2 code has more errors than its 7 check codewords fix.)
    @Test(.corpus("zxing-cpp-samples"), arguments: [(1.0, 2.0), (1.5, 3.6), (2.7, 5.1)])
    func tinySymbolsAtFractionalPitch(pitch: Double, offset: Double) throws {
        for path in ["qrcode-2/33.png", "qrcode-2/qr-model-1.png"] {
            var source = try load(path)
            if path.hasSuffix("33.png") {
                // The symbol (21 modules at 3 px from (12, 32)) without the caption above it.
                let rows = 24..<106, columns = 2..<86
                let pixels = rows.flatMap { y in columns.map { x in source.pixels[y * source.width + x] } }
                source = try #require(GrayImage(width: columns.count, height: rows.count, pixels: pixels))
            }
            let fit = try #require(QRGridFit.fits(source).first, "no grid in \(path)")
            let modules = fit.modulesMatrix(source)
            let side = Int((Double(modules.count) * pitch + 2 * offset).rounded(.up))
            let image = try Self.draw(modules, pitch: pitch, offset: offset, side: side)
            let expected = try ZXingReader().read(source, options: ReadOptions()).first?.bytes ?? (try expectedBytes(path))
            let symbols = strategySymbols(image)
            #expect(symbols.contains { $0.bytes == expected }, "\(path) at \(pitch) px per module: \(symbols.map(\.pass))")
        }
    }

    @Test func gridFitFindsNothingOnBlankOrNoisyImages() throws {
        var generator = SplitMix64(seed: 7)
        let noise = try #require(GrayImage(width: 64, height: 64, pixels: (0..<(64 * 64)).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        func plain(_ w: Int, _ h: Int, _ v: UInt8) throws -> GrayImage {
            try #require(GrayImage(width: w, height: h, pixels: [UInt8](repeating: v, count: w * h)))
        }
        for image in [try plain(40, 40, 255), try plain(40, 40, 0), try plain(1, 1, 0), try plain(128, 3, 0), try plain(16, 16, 0), noise] {
            for fit in QRGridFit.fits(image) {
                #expect(QRModel1Decoder.decode(fit.modulesMatrix(image)) == nil)
            }
            #expect(strategySymbols(image).isEmpty)
        }
    }

    /// Random images of random sizes (blocks of random gray, so some have symbol-like edges): the fit, the module
    /// matrix and the Model 1 decoder never trap, and decode nothing.
    @Test func randomImagesNeverTrap() {
        var generator = SplitMix64(seed: 23)
        for _ in 0..<24 {
            let w = Int.random(in: 1...72, using: &generator), h = Int.random(in: 1...72, using: &generator)
            let block = Int.random(in: 1...6, using: &generator)
            let levels = (0..<((w / block + 1) * (h / block + 1))).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let pixels = (0..<(w * h)).map { i in levels[(i / w / block) * (w / block + 1) + (i % w) / block] }
            guard let image = GrayImage(width: w, height: h, pixels: pixels) else { continue }
            for fit in QRGridFit.fits(image, limit: 3) {
                let modules = fit.modulesMatrix(image)
                #expect(modules.count == fit.modules)
                #expect(QRModel1Decoder.decode(modules) == nil)
            }
        }
    }

    @Test func model1DecoderRejectsMalformedMatrices() {
        #expect(QRModel1Decoder.decode([]) == nil)
        #expect(QRModel1Decoder.decode(Array(repeating: Array(repeating: true, count: 21), count: 20)) == nil)
        #expect(QRModel1Decoder.decode(Array(repeating: Array(repeating: false, count: 22), count: 22)) == nil)
        // Random 21…73-module matrices: the format check and the error correction leave none standing.
        var generator = SplitMix64(seed: 11)
        for version in 1...14 {
            let n = 17 + 4 * version
            for _ in 0..<20 {
                let m = (0..<n).map { _ in (0..<n).map { _ in Bool.random(using: &generator) } }
                #expect(QRModel1Decoder.decode(m) == nil)
            }
        }
    }

    @Test func reedSolomonCorrectsUpToItsCapacity() {
        var generator = SplitMix64(seed: 3)
        for ec in [7, 10, 16, 30] {
            let data = (0..<20).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let codeword = Self.encode(data, ecCount: ec)
            #expect(ReedSolomonGF256.syndromes(codeword, ecCount: ec).allSatisfy { $0 == 0 })
            var damaged = codeword
            let positions = Array((0..<codeword.count).shuffled(using: &generator).prefix(ec / 2))
            for p in positions { damaged[p] ^= UInt8.random(in: 1...255, using: &generator) }
            #expect(ReedSolomonGF256.corrected(damaged, ecCount: ec) == codeword)
            // The misdecode limit refuses what the code could still correct.
            #expect(ReedSolomonGF256.corrected(damaged, ecCount: ec, maxErrors: ec / 2 - 1) == nil)
        }
        #expect(ReedSolomonGF256.corrected([1, 2, 3], ecCount: 5) == nil)
        #expect(ReedSolomonGF256.corrected([UInt8](repeating: 1, count: 300), ecCount: 10) == nil)
    }

    /// Systematic RS encoding with the generator ∏(x − αⁱ), i < ecCount (test oracle for the decoder).
    static func encode(_ data: [UInt8], ecCount: Int) -> [UInt8] {
        var generator: [UInt8] = [1]
        for i in 0..<ecCount {
            var next = [UInt8](repeating: 0, count: generator.count + 1)
            for (j, c) in generator.enumerated() {
                next[j] ^= c
                next[j + 1] ^= ReedSolomonGF256.mul(c, ReedSolomonGF256.power(i))
            }
            generator = next
        }
        var work = data + [UInt8](repeating: 0, count: ecCount)
        for i in 0..<data.count where work[i] != 0 {
            let c = work[i]
            for (j, g) in generator.enumerated() { work[i + j] ^= ReedSolomonGF256.mul(g, c) }
        }
        return data + work[data.count...]
    }

    @Test(.corpus("zxing-cpp-samples")) func hanziSegmentsAreReadAsGB2312() throws {
        // qrcode-2/33.png: a byte segment, then 阿 in Hanzi mode (GB 2312 0xB0A2), then bytes.
        let image = try load("qrcode-2/33.png")
        let symbol = try #require(try ZXingReader().read(image, options: ReadOptions(symbologies: [.qr])).first)
        #expect(symbol.bytes == [0x01, 0x10, 0x41, 0x44, 0x3A, 0x53, 0x55, 0x42, 0x3A, 0xB0, 0xA2, 0x3B, 0x3B])
        #expect(symbol.modeCharset == "GB2312")
        let (text, charset) = SymbolText.interpret(symbol)
        #expect(text == "\u{1}\u{10}AD:SUB:阿;;")
        #expect(charset == "GB2312")
    }
}
