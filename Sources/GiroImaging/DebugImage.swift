import CPNG
import GiroCore

/// Writes the image with found symbols outlined, as an RGB PNG (libpng's simplified writer).
/// Green outlines are recognised payments, orange anything else; a dot marks each symbol's first corner.
package enum DebugImage {
    package struct Outline: Sendable {
        package var corners: [ImagePoint]
        package var recognised: Bool
        /// Written beside the first corner (a slip zone: its field and the text read). Printable ASCII only; anything
        /// else shows as `?` (a payload never reaches the picture as anything but these glyphs).
        package var label: String?
        package init(corners: [ImagePoint], recognised: Bool, label: String? = nil) {
            self.corners = corners
            self.recognised = recognised
            self.label = label
        }
    }

    package static func png(_ image: GrayImage, outlines: [Outline]) throws(GiroError) -> [UInt8] {
        var rgb = [UInt8](repeating: 0, count: image.pixelCount * 3)
        for i in 0..<image.pixelCount {
            let v = image.pixels[i] / 2 + 64  // dimmed so the outlines stand out
            rgb[3 * i] = v
            rgb[3 * i + 1] = v
            rgb[3 * i + 2] = v
        }
        let thickness = max(2, min(image.width, image.height) / 300)
        for o in outlines where o.corners.count >= 2 {
            let color: (UInt8, UInt8, UInt8) = o.recognised ? (0, 220, 0) : (255, 140, 0)
            for k in 0..<o.corners.count {
                line(&rgb, image, o.corners[k], o.corners[(k + 1) % o.corners.count], color, thickness)
            }
            dot(&rgb, image, o.corners[0], (220, 0, 0), thickness * 3)
        }
        // Labels last, so no outline crosses them.
        let scale = max(1, min(image.width, image.height) / 700)
        for o in outlines {
            guard let label = o.label, let first = o.corners.first else { continue }
            text(&rgb, image, label, at: ImagePoint(x: first.x, y: first.y - DebugFont.height * scale - thickness), scale: scale)
        }
        return try encodePNG(rgb: rgb, width: image.width, height: image.height)
    }

    static func encodePNG(rgb: [UInt8], width: Int, height: Int) throws(GiroError) -> [UInt8] {
        try SystemLibrary.png.require(field: "debug_image")
        var img = png_image()
        img.version = UInt32(PNG_IMAGE_VERSION)
        img.width = UInt32(width)
        img.height = UInt32(height)
        img.format = UInt32(PNG_FORMAT_RGB)
        defer { png_image_free(&img) }
        var size = 0
        // First call sizes the output, second writes it.
        let sized = rgb.withUnsafeBytes { png_image_write_to_memory(&img, nil, &size, 0, $0.baseAddress, Int32(width * 3), nil) }
        guard sized != 0, size > 0 else { throw GiroError(.imageInvalid, field: "debug_image", "png: cannot encode") }
        var out = [UInt8](repeating: 0, count: size)
        let written = out.withUnsafeMutableBytes { dst in
            rgb.withUnsafeBytes { png_image_write_to_memory(&img, dst.baseAddress, &size, 0, $0.baseAddress, Int32(width * 3), nil) }
        }
        guard written != 0 else { throw GiroError(.imageInvalid, field: "debug_image", "png: cannot encode") }
        return Array(out.prefix(size))
    }

    /// `label` in `DebugFont`, black on a white box, at most 80 characters.
    static func text(_ rgb: inout [UInt8], _ image: GrayImage, _ label: String, at origin: ImagePoint, scale: Int) {
        let glyphs = label.unicodeScalars.prefix(80).map { $0.value >= 0x20 && $0.value < 0x7F ? Int($0.value) - 0x20 : Int(UInt8(ascii: "?")) - 0x20 }
        let w = DebugFont.width, h = DebugFont.height
        for y in -1...(h * scale) {
            for x in -1...(glyphs.count * w * scale) { plot(&rgb, image, origin.x + x, origin.y + y, (255, 255, 255)) }
        }
        for (k, g) in glyphs.enumerated() {
            for row in 0..<h {
                let bits = DebugFont.rows[g * h + row]
                for col in 0..<w where bits & (1 << (w - 1 - col)) != 0 {
                    for sy in 0..<scale {
                        for sx in 0..<scale {
                            plot(&rgb, image, origin.x + (k * w + col) * scale + sx, origin.y + row * scale + sy, (0, 0, 0))
                        }
                    }
                }
            }
        }
    }

    static func dot(_ rgb: inout [UInt8], _ image: GrayImage, _ p: ImagePoint, _ c: (UInt8, UInt8, UInt8), _ r: Int) {
        for dy in -r...r {
            for dx in -r...r where dx * dx + dy * dy <= r * r { plot(&rgb, image, p.x + dx, p.y + dy, c) }
        }
    }

    static func plot(_ rgb: inout [UInt8], _ image: GrayImage, _ x: Int, _ y: Int, _ c: (UInt8, UInt8, UInt8)) {
        guard x >= 0, y >= 0, x < image.width, y < image.height else { return }
        let i = 3 * (y * image.width + x)
        rgb[i] = c.0
        rgb[i + 1] = c.1
        rgb[i + 2] = c.2
    }

    /// Bresenham, drawn as a square brush; points far outside the image are clamped first.
    static func line(_ rgb: inout [UInt8], _ image: GrayImage, _ a: ImagePoint, _ b: ImagePoint,
                     _ c: (UInt8, UInt8, UInt8), _ thickness: Int) {
        let limit = 4 * max(image.width, image.height)
        var x0 = max(-limit, min(limit, a.x)), y0 = max(-limit, min(limit, a.y))
        let x1 = max(-limit, min(limit, b.x)), y1 = max(-limit, min(limit, b.y))
        let dx = abs(x1 - x0), sx = x0 < x1 ? 1 : -1, dy = -abs(y1 - y0), sy = y0 < y1 ? 1 : -1
        var err = dx + dy
        let half = thickness / 2
        while true {
            for oy in -half...half { for ox in -half...half { plot(&rgb, image, x0 + ox, y0 + oy, c) } }
            if x0 == x1 && y0 == y1 { break }
            let e2 = 2 * err
            if e2 >= dy { err += dy; x0 += sx }
            if e2 <= dx { err += dx; y0 += sy }
        }
    }
}
