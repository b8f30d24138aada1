import Giro
import Testing

/// Image options are public `var`s: extreme values are clamped, so the deadline and size arithmetic cannot
/// overflow and a search always ends.
@Suite struct ImageOptionClampTests {
    @Test func budgetIsClampedAtInitAndWhenSet() {
        #expect(ReadingStrategy(budgetMilliseconds: Int.min).budgetMilliseconds == 1)
        #expect(ReadingStrategy(budgetMilliseconds: 0).budgetMilliseconds == 1)
        #expect(ReadingStrategy(budgetMilliseconds: Int.max).budgetMilliseconds == ReadingStrategy.maxBudgetMilliseconds)
        var strategy = ReadingStrategy()
        strategy.budgetMilliseconds = Int.max
        #expect(strategy.budgetMilliseconds == ReadingStrategy.maxBudgetMilliseconds)
        strategy.budgetMilliseconds = -1
        #expect(strategy.budgetMilliseconds == 1)
    }

    @Test func loaderLimitsBelowZeroCountAsZero() throws {
        var loader = ImageLoader(maxPixels: Int.min, maxFileBytes: -1)
        #expect(loader.maxPixels == 0 && loader.maxFileBytes == 0)
        loader.maxPixels = Int.max
        loader.maxFileBytes = Int.min
        #expect(loader.maxPixels == Int.max && loader.maxFileBytes == 0)
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        do {
            _ = try ImageDecoder(loader: loader).decode(imageBytes: png)
            Issue.record("a 0-byte file limit must refuse the file")
        } catch { #expect(error.code == .imageTooLarge) }
    }

    @Test func searchWithExtremeBudgetsEnds() throws {
        let blank = try #require(GrayImage(width: 64, height: 64, pixels: [UInt8](repeating: 255, count: 64 * 64)))
        for budget in [Int.min, 0, Int.max] {
            let result = ImageDecoder(strategy: ReadingStrategy(budgetMilliseconds: budget)).decode(image: blank)
            #expect(result.symbols.isEmpty)
        }
    }
}
