import GiroCore

/// An 8-bit gray image, rows top to bottom, no padding (`pixels.count == width * height`).
///
/// Every backend reads this one layout, so a buffer is validated once here instead of in each library call.
package struct GrayImage: Sendable, Hashable {
    package let width: Int
    package let height: Int
    package let pixels: [UInt8]

    /// Nil unless the dimensions are positive and match the buffer exactly.
    package init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width > 0, height > 0, width <= ImageLimits.maxSide, height <= ImageLimits.maxSide,
              pixels.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A blank (white) image.
    init(width: Int, height: Int, fill: UInt8 = 255) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.pixels = [UInt8](repeating: fill, count: self.width * self.height)
    }

    init(uncheckedWidth width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    package var pixelCount: Int { width * height }
}

/// Limits applied before any pixel is decoded.
public enum ImageLimits {
    /// Default pixel limit: 50 megapixels covers every phone camera in use and scans at 600 dpi of A3.
    public static let maxPixels = 50_000_000
    /// Largest accepted file (bytes).
    public static let maxFileBytes = 64 * 1024 * 1024
    /// Largest side in pixels (keeps width * height and strides far from integer overflow).
    public static let maxSide = 65_535
}

/// A pixel position in the original image (after EXIF orientation).
public struct ImagePoint: Sendable, Codable, Hashable {
    public var x: Int
    public var y: Int
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}
