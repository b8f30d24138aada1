@testable import GiroSlips
import Testing

/// The slope search rounds sampled pixels by truncation and fraction (`SlipCropLevel.nearest`): the same rows as
/// `rounded()`, or a crop would be levelled differently.
@Suite struct SlipCropLevelRoundingTests {
    @Test func nearestIsRoundingHalfAwayFromZero() {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                4_503_599_627_370_495.5, 1e16, -1e16, 123.4999, -123.5001, .ulpOfOne, -.ulpOfOne]
        // Ties and near-ties over the range a crop's rows and a slope's shear reach.
        for i in -4_000...4_000 {
            let v = Double(i) / 8
            values += [v, v.nextUp, v.nextDown, v * 0.035, v - 0.035 * Double(i)]
        }
        for v in values {
            #expect(SlipCropLevel.nearest(v) == Int(v.rounded()), "\(v)")
        }
    }

    /// Where `Int(v.rounded())` would trap: a value off any histogram instead.
    @Test func nearestOfNoNumberIsOffTheRows() {
        for v in [Double.nan, .infinity, -.infinity, 1e300, -1e300] {
            #expect(SlipCropLevel.nearest(v) == Int.max / 4, "\(v)")
        }
    }
}
