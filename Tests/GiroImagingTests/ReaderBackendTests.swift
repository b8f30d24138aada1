import Foundation
import Giro
import GiroTestSupport
import Testing

/// Each backend on its own: what it can and cannot read, raw bytes, ECI, positions.
@Suite struct ReaderBackendTests {
    func image(_ prefix: String) throws -> (GrayImage, [UInt8]) {
        let c = try #require(ImageFixtures.named(prefix), "no fixture \(prefix)")
        let loaded = try ImageLoader().load(try c.bytes())
        let payload = [UInt8](try Data(contentsOf: ImageFixtures.repoRoot.appendingPathComponent(c.payloads[0])))
        return (loaded.image, payload)
    }

    @Test func zxingReadsQRPDF417AndCode128WithRawBytes() throws {
        for (prefix, sym) in [("epc-qr-page", Symbology.qr), ("epc-pdf417-page", .pdf417), ("epc-c128-pure", .code128)] {
            let (img, payload) = try image(prefix)
            let found = try ZXingReader().read(img, options: ReadOptions())
            #expect(found.count == 1, "\(prefix)")
            #expect(found.first?.symbology == sym && found.first?.bytes == payload && found.first?.eci == nil, "\(prefix)")
        }
    }

    @Test func zxingMissesOffCentreDataMatrixButTilesFindIt() throws {
        // zxing-cpp 1.4 only detects DataMatrix symbols that cross the image centre lines.
        let (page, payload) = try image("epc-dm-page")
        #expect(try ZXingReader().read(page, options: ReadOptions(symbologies: [.datamatrix])).isEmpty)
        let strategy = ReadingStrategy(readers: [.zxing])
        let found = strategy.read(page) { _ in true }.symbols
        #expect(found.map(\.bytes) == [payload])
        #expect(found.first?.pass == "zxing-tiles")
    }

    @Test func zbarReadsQRAndCode128ButNotPDF417OrDataMatrix() throws {
        for prefix in ["epc-qr-page", "epc-c128-pure"] {
            let (img, payload) = try image(prefix)
            #expect(try ZBarReader().read(img, options: ReadOptions()).map(\.bytes) == [payload], "\(prefix)")
        }
        for prefix in ["epc-pdf417-pure", "epc-dm-pure"] {
            let (img, _) = try image(prefix)
            #expect(try ZBarReader().read(img, options: ReadOptions()).isEmpty, "\(prefix)")
        }
    }

    @Test func dmtxFindsOffCentreDataMatrixAndStripsTheECIByte() throws {
        let (plain, payload) = try image("epc-dm-page")
        let found = try DmtxReader().read(plain, options: ReadOptions())
        #expect(found.map(\.bytes) == [payload] && found.first?.eci == nil)
        // libdmtx emits the ECI value as a data byte; the reader turns it back into `eci`.
        let (eci, _) = try image("epc-dm-eci26-page")
        let withECI = try DmtxReader().read(eci, options: ReadOptions())
        #expect(withECI.map(\.bytes) == [payload] && withECI.first?.eci == 26)
        // The symbol is in the bottom-right quarter; corners must say so (libdmtx's y axis is flipped).
        let c = try #require(found.first?.corners)
        #expect(c.allSatisfy { $0.x > plain.width / 2 && $0.y > plain.height / 2 }, "\(c)")
    }

    @Test func zxingReportsECI() throws {
        let (img, payload) = try image("epc-dm-eci26-pure")
        let found = try ZXingReader().read(img, options: ReadOptions())
        #expect(found.first?.eci == 26 && found.first?.bytes == payload)
    }

    @Test func blankImageYieldsNothingFromEveryBackend() throws {
        let blank = try #require(GrayImage(width: 300, height: 200, pixels: [UInt8](repeating: 255, count: 60_000)))
        for kind in ReaderKind.allCases {
            #expect(try kind.reader.read(blank, options: ReadOptions(timeBudgetMilliseconds: 50)).isEmpty, "\(kind)")
        }
        let result = ReadingStrategy(budgetMilliseconds: 300).read(blank) { _ in true }
        #expect(result.symbols.isEmpty && result.errors.isEmpty)
    }

    /// Noise, bars, checkerboards and tiny or extreme shapes through every backend: results or nothing, never a crash.
    @Test func syntheticJunkImagesNeverCrashAReader() throws {
        var rng = SplitMix64(seed: 0xBA5C0DE)
        let shapes = [(1, 1), (2, 2), (1, 500), (500, 1), (7, 3), (16, 16), (17, 900), (64, 64), (301, 173), (640, 480)]
        for (i, (w, h)) in shapes.enumerated() {
            for pattern in 0..<4 {
                var px = [UInt8](repeating: 255, count: w * h)
                for y in 0..<h {
                    for x in 0..<w {
                        switch pattern {
                        case 0: px[y * w + x] = UInt8(truncatingIfNeeded: rng.next())
                        case 1: px[y * w + x] = (x / (1 + i)) % 2 == 0 ? 0 : 255            // vertical bars
                        case 2: px[y * w + x] = ((x / 3) + (y / 3)) % 2 == 0 ? 0 : 255       // checkerboard
                        default: px[y * w + x] = (x * 7 + y * 13) % 5 == 0 ? 0 : 255        // sparse dots
                        }
                    }
                }
                let img = try #require(GrayImage(width: w, height: h, pixels: px))
                for kind in ReaderKind.allCases {
                    let found = try kind.reader.read(img, options: ReadOptions(timeBudgetMilliseconds: 30))
                    #expect(found.allSatisfy { $0.corners.count == 4 || kind == .zbar }, "\(kind) \(w)×\(h) pattern \(pattern)")
                }
                _ = ReadingStrategy(budgetMilliseconds: 150).read(img) { _ in false }
            }
        }
    }

    @Test func readersAreSafeFromSeveralThreads() throws {
        let (img, payload) = try image("epc-qr-page")
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            let kind: ReaderKind = i % 2 == 0 ? .zxing : .zbar
            let bytes = (try? kind.reader.read(img, options: ReadOptions()))?.first?.bytes
            results.append(bytes == payload)
        }
        #expect(results.values.count == 8 && results.values.allSatisfy { $0 })
    }

    @Test func strategyStopsAtFirstRecognisedPaymentAndRecordsPasses() throws {
        let (img, _) = try image("epc-qr-page")
        let r = ReadingStrategy.unlimited.read(img) { _ in true }
        #expect(r.passes == ["zxing"])
        let (rot, payload) = try image("epc-pdf417-rot8")
        let rotated = ReadingStrategy.unlimited.read(rot) { _ in true }
        #expect(rotated.symbols.map(\.bytes) == [payload])
        #expect(rotated.symbols.first?.pass.hasPrefix("zxing-rotate") == true, "\(rotated.passes)")
    }

    /// A photo over 9 MP is read downscaled first; positions still come back in the original's pixels.
    @Test func bigImagesAreReadDownscaledWithCornersInOriginalPixels() throws {
        let (page, payload) = try image("epc-qr-page")
        let k = 4  // 4000×2800 = 11.2 MP
        var big = [UInt8](repeating: 255, count: page.width * k * page.height * k)
        for y in 0..<(page.height * k) {
            for x in 0..<(page.width * k) { big[y * page.width * k + x] = page.pixels[(y / k) * page.width + x / k] }
        }
        let bigImage = try #require(GrayImage(width: page.width * k, height: page.height * k, pixels: big))
        let small = try ZXingReader().read(page, options: ReadOptions()).first
        let found = ReadingStrategy.unlimited.read(bigImage) { _ in true }.symbols
        #expect(found.map(\.bytes) == [payload] && found.first?.pass == "zxing")
        let expected = try #require(small?.corners).map { ImagePoint(x: $0.x * k, y: $0.y * k) }
        for (a, b) in zip(try #require(found.first?.corners), expected) {
            #expect(abs(a.x - b.x) <= 3 * k && abs(a.y - b.y) <= 3 * k, "\(a) vs \(b)")
        }
    }

    @Test func forcedBackendOnlyUsesThatLibrary() throws {
        let (img, _) = try image("epc-dm-page")
        let zbarOnly = ReadingStrategy(readers: [.zbar]).read(img) { _ in true }
        #expect(zbarOnly.symbols.isEmpty && zbarOnly.passes == ["zbar"])
        let dmtxOnly = ReadingStrategy(readers: [.dmtx]).read(img) { _ in true }
        #expect(dmtxOnly.symbols.first?.reader == .dmtx && dmtxOnly.passes == ["dmtx"])
    }
}

final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Bool] = []
    func append(_ v: Bool) { lock.lock(); storage.append(v); lock.unlock() }
    var values: [Bool] { lock.lock(); defer { lock.unlock() }; return storage }
}
