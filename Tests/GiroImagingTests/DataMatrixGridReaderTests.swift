import Foundation
import Giro
import GiroTestSupport
import Testing

/// Giro's own DataMatrix finder and grid sampler (`DataMatrixGridReader`, the `dmtx-grid` pass).
@Suite struct DataMatrixGridReaderTests {
    func load(_ url: URL) throws -> GrayImage {
        try ImageLoader().load([UInt8](try Data(contentsOf: url))).image
    }

    /// Four-region symbols from zxing-cpp's issues that neither zxing-cpp 1.4 nor libdmtx reads: the grid reader
    /// alone decodes each to zxing-cpp's expected content.
    @Test(.corpus("zxing-cpp-samples"), arguments: ["datamatrix-3/dm-2x2-#1063.webp", "datamatrix-3/dm-2x2-#1072-2.png", "datamatrix-3/dm-2x2-#1088.webp",
                      "datamatrix-3/dm-2x2-#669-2.png", "datamatrix-3/dm-2x2-a.webp", "datamatrix-5/issue1072-left.webp"])
    func readsFourRegionSymbolsTheLibrariesMiss(_ name: String) throws {
        let url = try Corpora.url("zxing-cpp-samples/\(name)")
        let sample = try #require(SampleCorpus.sample(url, expectingNothing: false))
        let image = try load(url)
        #expect(try ZXingReader().read(image, options: ReadOptions(symbologies: [.datamatrix])).isEmpty)
        let found = DataMatrixGridReader().read(image)
        #expect(found.count == 1)
        #expect(found.allSatisfy { SampleCorpus.matches($0, sample) && $0.symbology == .datamatrix })
        // Corners in the image, around its middle.
        let symbol = try #require(found.first)
        #expect(symbol.corners.count == 4)
        #expect(symbol.corners.allSatisfy { $0.x >= -2 && $0.y >= -2 && $0.x <= image.width + 2 && $0.y <= image.height + 2 })
    }

    /// `#794.png`: a binarized 26×26 print (about 3 by 4 px per module) with columns of uneven width (one about 5 px,
    /// others 2) and spread ink that closes most light timing modules. The frame-refined fit lands a row off and one
    /// perspective map puts half the columns a module off; the edge grid (`DataMatrixEdgeGrid`) reads it, in every
    /// quarter turn, to zxing-cpp 3.1.1's bytes (GS1, with a group separator before AI 17).
    @Test(.corpus("zxing-cpp-samples"), arguments: 0..<4) func readsTheUnevenInkSpreadPrint(quarterTurns: Int) throws {
        let url = try Corpora.url("zxing-cpp-samples/datamatrix-3/#794.png")
        let expected = [UInt8](try Data(contentsOf: url.deletingPathExtension().appendingPathExtension("txt")))
        #expect(expected == Array("010890381998765921S1ND6MPPFCGG6B869XES\u{1D}1731063010BNav4Cam2".utf8))
        var image = try load(url)
        for _ in 0..<quarterTurns { image = try #require(Self.turnedClockwise(image)) }
        let found = DataMatrixGridReader().read(image)
        #expect(found.map(\.bytes) == [expected])
        #expect(found.first?.symbology == .datamatrix)
    }

    static func turnedClockwise(_ image: GrayImage) -> GrayImage? {
        let w = image.width, h = image.height
        var pixels = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w { pixels[x * h + (h - 1 - y)] = image.pixels[y * w + x] }
        }
        return GrayImage(width: h, height: w, pixels: pixels)
    }

    /// The combined strategy reaches the pass after the library passes found nothing.
    @Test(.corpus("zxing-cpp-samples")) func strategyFindsThemInTheGridPass() throws {
        let url = try Corpora.url("zxing-cpp-samples/datamatrix-3/dm-2x2-#1088.webp")
        let sample = try #require(SampleCorpus.sample(url, expectingNothing: false))
        let result = ReadingStrategy.unlimited.read(try load(url)) { _ in true }
        #expect(result.symbols.count == 1)
        #expect(result.symbols.first.map { SampleCorpus.matches($0, sample) } == true)
        #expect(result.symbols.first?.pass == "dmtx-grid")
    }

    /// A generated symbol seen in perspective and on a bent surface (a sine bulge along x), with a light gradient.
    @Test func readsAWarpedUnevenlyLitSyntheticSymbol() throws {
        let c = try #require(ImageFixtures.named("epc-dm-pure"))
        let payload = [UInt8](try Data(contentsOf: ImageFixtures.repoRoot.appendingPathComponent(c.payloads[0])))
        let pure = try ImageLoader().load(try c.bytes()).image
        let (w, h) = (300, 300)
        let src = [QuadPoint(x: -30, y: -20), QuadPoint(x: 170, y: -45), QuadPoint(x: 160, y: 175), QuadPoint(x: -20, y: 150)]
        let map = try #require(Homography.mapping([QuadPoint(x: 0, y: 0), QuadPoint(x: Double(w), y: 0),
                                                   QuadPoint(x: Double(w), y: Double(h)), QuadPoint(x: 0, y: Double(h))], to: src))
        var pixels = [UInt8](repeating: 255, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let bend = 6 * sin(Double(y) / Double(h) * .pi)
                guard let p = map.apply(QuadPoint(x: Double(x) + 0.5 + bend, y: Double(y) + 0.5)) else { continue }
                let v = pure.bilinear(p.x, p.y) ?? 255
                pixels[y * w + x] = UInt8(max(0, min(255, v * (0.55 + 0.45 * Double(x) / Double(w)) + 20)))
            }
        }
        let warped = try #require(GrayImage(width: w, height: h, pixels: pixels))
        #expect(DataMatrixGridReader().read(warped).map(\.bytes) == [payload])
    }

    /// Noise, stripes, checkerboards, blank and degenerate images: nothing is read, nothing traps.
    @Test func readsNothingFromPatternsThatAreNoSymbols() throws {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt8 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: seed >> 56)
        }
        var images: [GrayImage] = []
        for (w, h) in [(1, 1), (13, 40), (14, 14), (60, 60), (200, 120)] {
            images.append(try #require(GrayImage(width: w, height: h, pixels: (0..<(w * h)).map { _ in next() })))
            images.append(try #require(GrayImage(width: w, height: h, pixels: [UInt8](repeating: 0, count: w * h))))
            images.append(try #require(GrayImage(width: w, height: h, pixels: (0..<(w * h)).map { i in (i % w / 4 + i / w / 4) % 2 == 0 ? 0 : 255 })))
            images.append(try #require(GrayImage(width: w, height: h, pixels: (0..<(w * h)).map { i in i % w % 6 < 3 ? 10 : 240 })))
        }
        for image in images {
            #expect(DataMatrixGridReader().read(image).isEmpty, "\(image.width)×\(image.height)")
        }
    }

    @Test func sizesTableHasEveryECC200SizeWithWholeRegions() {
        #expect(DataMatrixSize.all.count == 30)
        for s in DataMatrixSize.all {
            #expect(s.rows % (s.regionRows + 2) == 0 && s.columns % (s.regionColumns + 2) == 0, "\(s)")
            // The top row alternates from dark, the bottom row and left column are solid, the right column ends dark.
            #expect((0..<s.columns).allSatisfy { s.fixedModule(row: 0, column: $0) == ($0 % 2 == 0) })
            #expect((0..<s.columns).allSatisfy { s.fixedModule(row: s.rows - 1, column: $0) == true })
            #expect((0..<s.rows).allSatisfy { s.fixedModule(row: $0, column: 0) == true })
            #expect((0..<s.rows).allSatisfy { s.fixedModule(row: $0, column: s.columns - 1) == ($0 % 2 == 1) })
        }
    }
}
