import Foundation
import Giro
import GiroTestSupport
import Testing

/// DataMatrix symbols whose modules are not evenly spaced, and libdmtx's misreads of them: the Reed–Solomon check
/// of libdmtx's codewords (`DataMatrixCodewords`) and the timing-pattern sampler (`DataMatrixTimingWarp`).
@Suite struct DataMatrixUnevenModulesTests {
    func load(_ url: URL) throws -> GrayImage {
        try ImageLoader().load([UInt8](try Data(contentsOf: url))).image
    }

    /// zxing-cpp's `distorted.png`: a 16×16 symbol whose columns narrow from four pixels to two. libdmtx counts
    /// twelve columns and returned seven bytes of nonsense as a read; now it returns nothing, and the grid pass
    /// reads the symbol through its timing pattern.
    @Test(.corpus("zxing-cpp-samples")) func readsTheDistortedSampleAndRejectsLibdmtxMisread() throws {
        let url = try Corpora.url("zxing-cpp-samples/datamatrix-1/distorted.png")
        let sample = try #require(SampleCorpus.sample(url, expectingNothing: false))
        let image = try load(url)
        #expect(try DmtxReader().read(image, options: ReadOptions(timeBudgetMilliseconds: 1000)).isEmpty)
        let result = ReadingStrategy.unlimited.read(image) { _ in true }
        #expect(result.symbols.map(\.bytes) == [Array("X12X12X12X12".utf8)])
        #expect(result.symbols.allSatisfy { SampleCorpus.matches($0, sample) && $0.pass == "dmtx-grid" })
    }

    /// A generated multi-region symbol stretched unevenly along x (columns widen from left to right, the right
    /// half half as wide again as the left): no even grid fits it, the timing pattern does.
    @Test func readsASyntheticSymbolWithColumnsOfGrowingWidth() throws {
        let c = try #require(ImageFixtures.named("epc-dm-pure"))
        let payload = [UInt8](try Data(contentsOf: ImageFixtures.repoRoot.appendingPathComponent(c.payloads[0])))
        let pure = try ImageLoader().load(try c.bytes()).image
        let (w, h) = (pure.width * 3 / 2, pure.height * 3 / 2)
        var pixels = [UInt8](repeating: 255, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                // x' = w·t^1.4 maps the stretched image back to the pure one: narrow columns left, wide ones right.
                let t = Double(x) / Double(w)
                let sx = Double(pure.width) * pow(t, 1.4), sy = Double(y) * Double(pure.height) / Double(h)
                pixels[y * w + x] = UInt8(max(0, min(255, pure.bilinear(sx, sy) ?? 255)))
            }
        }
        let stretched = try #require(GrayImage(width: w, height: h, pixels: pixels))
        #expect(try ZXingReader().read(stretched, options: ReadOptions(symbologies: [.datamatrix])).isEmpty)
        #expect(DataMatrixGridReader().read(stretched).map(\.bytes) == [payload])
    }

    /// Codeword streams: libdmtx's corrected codewords of a symbol it read right (zero syndromes), those of its
    /// misread of `distorted.png` (not a codeword), and streams encoded here with one and with three interleaved
    /// blocks, intact and with a codeword changed.
    @Test func codewordCheck() {
        let good: [UInt8] = [0xe6, 0xce, 0x96, 0x0f, 0x7b, 0x7d, 0x5a, 0x0e, 0xb3, 0x2c, 0x49, 0x32, 0xa1, 0xfe, 0x81, 0xed,
                             0x85, 0x1c, 0x80, 0x5e, 0x7f, 0xd9, 0xf1, 0x90, 0x1f, 0x2c, 0xe0, 0x38, 0x36, 0x18, 0x8a, 0xd2]
        #expect(DataMatrixCodewords.consistent(good, dataWords: 18, errorWords: 14, blocks: 1))
        let misread: [UInt8] = [0x66, 0x87, 0xe4, 0x0d, 0x74, 0xbf, 0xce, 0xf4, 0x63, 0xaf, 0x6d, 0x09]
        #expect(!DataMatrixCodewords.consistent(misread, dataWords: 5, errorWords: 7, blocks: 1))

        for blocks in [1, 3] {
            let data = (0..<(10 * blocks + 1)).map { UInt8(truncatingIfNeeded: $0 * 37 + 11) }
            let stream = Self.encoded(data, checkPerBlock: 8, blocks: blocks)
            #expect(DataMatrixCodewords.consistent(stream, dataWords: data.count, errorWords: 8 * blocks, blocks: blocks))
            for i in [0, data.count - 1, stream.count - 1] {
                var broken = stream
                broken[i] ^= 0x40
                #expect(!DataMatrixCodewords.consistent(broken, dataWords: data.count, errorWords: 8 * blocks, blocks: blocks))
            }
        }
        #expect(!DataMatrixCodewords.consistent(good, dataWords: 18, errorWords: 14, blocks: 0))
        #expect(!DataMatrixCodewords.consistent(Array(good.prefix(20)), dataWords: 18, errorWords: 14, blocks: 1))
    }

    /// ECC 200 encoding by the standard's construction (independent of the checker): each block's data divided by
    /// the generator ∏(x − αʲ), j = 1…n, over GF(256) with 0x12D; blocks interleaved codeword by codeword.
    static func encoded(_ data: [UInt8], checkPerBlock n: Int, blocks: Int) -> [UInt8] {
        var exp = [Int](repeating: 0, count: 256), log = [Int](repeating: 0, count: 256)
        var v = 1
        for i in 0..<255 {
            exp[i] = v
            log[v] = i
            v <<= 1
            if v & 0x100 != 0 { v ^= 0x12D }
        }
        func mul(_ a: Int, _ b: Int) -> Int { a == 0 || b == 0 ? 0 : exp[(log[a] + log[b]) % 255] }
        var generator = [1]
        for j in 1...n {
            var next = [Int](repeating: 0, count: generator.count + 1)
            for (i, g) in generator.enumerated() {
                next[i] ^= g
                next[i + 1] ^= mul(g, exp[j])
            }
            generator = next
        }
        var out = data
        out += [UInt8](repeating: 0, count: n * blocks)
        for b in 0..<blocks {
            let block = stride(from: b, to: data.count, by: blocks).map { Int(data[$0]) }
            var remainder = [Int](repeating: 0, count: n)
            for d in block {
                let factor = d ^ remainder[0]
                remainder.removeFirst()
                remainder.append(0)
                for k in 0..<n { remainder[k] ^= mul(factor, generator[k + 1]) }
            }
            for (k, r) in remainder.enumerated() { out[data.count + b + k * blocks] = UInt8(r) }
        }
        return out
    }
}
