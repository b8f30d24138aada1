import GiroImaging

/// The gray levels of a crop inside its border (the white frame the crops carry): counted once, asked for the
/// level a share of its pixels reach (paper, ink, the light pixels' low end).
struct SlipCropLevels {
    private(set) var counts = [Int](repeating: 0, count: 256)
    let inside: Int

    /// Nil when the crop's pixels do not match its size or the border leaves nothing inside.
    init?(_ crop: GrayImage, border: Int) {
        let w = crop.width, h = crop.height
        guard border >= 0, crop.pixels.count == w * h, w > 2 * border, h > 2 * border else { return nil }
        for y in border..<(h - border) { for x in border..<(w - border) { counts[Int(crop.pixels[y * w + x])] += 1 } }
        inside = (w - 2 * border) * (h - 2 * border)
    }

    /// Pixels at levels `from` and lighter.
    func count(from: Int) -> Int { counts[max(0, min(255, from))...].reduce(0, +) }

    /// Pixels darker than `level`.
    func count(below level: Int) -> Int { counts[0..<max(0, min(256, level))].reduce(0, +) }

    /// The lowest level at which `part`/`whole` of the pixels from level `from` up are reached (255 when never).
    func level(reaching part: Int, of whole: Int, from: Int = 0) -> Int {
        let pixels = count(from: from)
        var seen = 0
        for v in max(0, min(255, from))...255 {
            seen += counts[v]
            if seen * whole >= part * pixels { return v }
        }
        return 255
    }
}
