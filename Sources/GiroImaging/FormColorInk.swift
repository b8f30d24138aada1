/// The opposite of the colour dropout: the form's own print (labels, frames) darkened, for reading the labels.
/// A form printed in a light colour (pink, yellow, orange labels) reaches the gray image at a third of black's
/// contrast; Tesseract's global threshold, set between the paper and the dark filled-in values, then drops it.
extension GrayImage {
    /// `self` (the gray image) with every pixel the dropout brightened (`FormColorDropout.paper`: pixels of the
    /// form's hue) darkened by `strength` times as much: a pink label at luma 180 on paper at 245 (its brightest
    /// channel 240) becomes 180 − 2 × 60 = 60. Paper, black ink and other colours keep their gray. Nil when
    /// `dropout` is not the same size.
    package func formInk(dropout: GrayImage, strength: Int = 2) -> GrayImage? {
        guard dropout.width == width, dropout.height == height, strength >= 0 else { return nil }
        let k = min(strength, 8)
        var out = [UInt8](repeating: 255, count: pixelCount)
        pixels.withUnsafeBufferPointer { g in
            dropout.pixels.withUnsafeBufferPointer { d in
                out.withUnsafeMutableBufferPointer { o in
                    for i in 0..<g.count {
                        let lifted = Int(d[i]) - Int(g[i])
                        o[i] = lifted > 0 ? UInt8(max(0, Int(g[i]) - k * lifted)) : g[i]
                    }
                }
            }
        }
        return GrayImage(uncheckedWidth: width, height: height, pixels: out)
    }
}
