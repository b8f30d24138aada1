import CJPEG
import CPNG
import CWebP
import GiroCore

/// The image file formats Giro reads, recognised by their first bytes (never by file name).
public enum ImageFileFormat: String, Sendable, Codable, CaseIterable {
    case png, jpeg, webp

    package static func detect(_ bytes: [UInt8]) -> ImageFileFormat? {
        func starts(_ p: [UInt8], at i: Int = 0) -> Bool {
            bytes.count >= i + p.count && bytes[i..<(i + p.count)].elementsEqual(p)
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
        return nil
    }
}

/// A decoded image: gray pixels upright (EXIF orientation applied) and what the file said.
package struct LoadedImage: Sendable {
    package var image: GrayImage
    package var fileFormat: ImageFileFormat
    /// EXIF orientation found in the file (1 = upright), already applied to `image`.
    package var orientation: Int
    /// `image` with the form's print colour turned to paper (`FormColorDropout`); nil for a gray file, one
    /// without a dominant colour, or one over `ImageLoader.maxColorPixels`.
    package var dropout: GrayImage? = nil
}

/// Decodes PNG (8/16-bit, gray/RGB/RGBA, palette), JPEG (gray, YCbCr, CMYK) and WebP into gray pixels,
/// refusing anything over the byte or pixel limit before the pixels are decoded.
public struct ImageLoader: Sendable {
    /// Most pixels accepted (refused before decoding); negative values count as 0. May exceed the default:
    /// sides are capped at ``ImageLimits/maxSide``, so width × height cannot overflow.
    public var maxPixels: Int { didSet { maxPixels = max(0, maxPixels) } }
    /// Largest file accepted, in bytes; negative values count as 0.
    public var maxFileBytes: Int { didSet { maxFileBytes = max(0, maxFileBytes) } }

    /// Decode colour files in colour for the form-colour dropout (`LoadedImage.dropout`); off: gray only.
    package var decodesColor = true

    public init(maxPixels: Int = ImageLimits.maxPixels, maxFileBytes: Int = ImageLimits.maxFileBytes) {
        self.maxPixels = max(0, maxPixels)
        self.maxFileBytes = max(0, maxFileBytes)
    }

    package func load(_ bytes: [UInt8]) throws(GiroError) -> LoadedImage {
        guard bytes.count <= maxFileBytes else {
            throw GiroError(.imageTooLarge, field: "image", "the file has \(bytes.count) bytes; the limit is \(maxFileBytes)")
        }
        guard let format = ImageFileFormat.detect(bytes) else {
            throw GiroError(.imageFormatUnsupported, field: "image", "not a PNG, JPEG or WebP file")
        }
        let raw: (gray: GrayImage, dropout: GrayImage?)
        switch format {
        case .png: raw = try decodePNG(bytes)
        case .jpeg: raw = try decodeJPEG(bytes)
        case .webp: raw = try decodeWebP(bytes)
        }
        let orientation = EXIFOrientation.find(in: bytes, format: format) ?? 1
        return LoadedImage(image: raw.gray.oriented(orientation), fileFormat: format, orientation: orientation,
                           dropout: raw.dropout?.oriented(orientation))
    }

    /// Colour is decoded (3 bytes a pixel, for the dropout) only up to this many pixels; larger images are read
    /// gray, as before, so the pixel limit's memory bound holds.
    package static let maxColorPixels = 25_000_000

    /// Whether a colour file of this size is decoded in colour.
    private func wantsColor(_ width: Int, _ height: Int) -> Bool {
        decodesColor && width * height <= Self.maxColorPixels
    }

    private func checkSize(_ width: Int, _ height: Int, _ format: ImageFileFormat) throws(GiroError) {
        guard width > 0, height > 0, width <= ImageLimits.maxSide, height <= ImageLimits.maxSide else {
            throw GiroError(.imageInvalid, field: "image", "\(format.rawValue): invalid size \(width)×\(height)")
        }
        guard width * height <= maxPixels else {
            throw GiroError(.imageTooLarge, field: "image",
                            "\(format.rawValue) of \(width)×\(height) = \(width * height) pixels; the limit is \(maxPixels)")
        }
    }

    private func decodePNG(_ bytes: [UInt8]) throws(GiroError) -> (gray: GrayImage, dropout: GrayImage?) {
        try SystemLibrary.png.require(field: "image")
        // libpng's simplified API: its own error handling (no longjmp into Swift), 16-bit and palette
        // reduced to 8-bit gray, alpha composited onto the white background given below. libpng keeps
        // the input pointer between the two calls, so both run inside one `withUnsafeBytes`.
        let result = bytes.withUnsafeBytes { data -> Result<(gray: GrayImage, dropout: GrayImage?), GiroError> in
            var img = png_image()
            img.version = UInt32(PNG_IMAGE_VERSION)
            defer { png_image_free(&img) }
            guard png_image_begin_read_from_memory(&img, data.baseAddress, data.count) != 0 else {
                return .failure(GiroError(.imageInvalid, field: "image", "png: \(Self.pngMessage(img))"))
            }
            let width = Int(img.width), height = Int(img.height)
            do throws(GiroError) { try checkSize(width, height, .png) } catch { return .failure(error) }
            var white = png_color(red: 255, green: 255, blue: 255)
            let colour = img.format & UInt32(PNG_FORMAT_FLAG_COLOR) != 0 && wantsColor(width, height)
            // libpng takes 16-bit samples for linear light and brightens them into sRGB (a label's 50 % gray comes
            // out at 73 %, too faint for the labels' OCR); writers store them gamma-encoded like 8-bit ones, so
            // they are read as they are and their high byte kept.
            let wide = img.format & UInt32(PNG_FORMAT_FLAG_LINEAR) != 0
            var pixels = [UInt8](repeating: 255, count: width * height)
            if wide {
                guard let gray = Self.highBytes(&img, width: width, height: height, channels: 1) else {
                    return .failure(GiroError(.imageInvalid, field: "image", "png: \(Self.pngMessage(img))"))
                }
                pixels = gray
            } else {
                img.format = UInt32(PNG_FORMAT_GRAY)
                let ok = pixels.withUnsafeMutableBytes { png_image_finish_read(&img, &white, $0.baseAddress, Int32(width), nil) }
                guard ok != 0 else { return .failure(GiroError(.imageInvalid, field: "image", "png: \(Self.pngMessage(img))")) }
            }
            // The gray image is libpng's own conversion, as without colour; the colour is read again for the dropout.
            guard colour else { return .success((GrayImage(uncheckedWidth: width, height: height, pixels: pixels), nil)) }
            var again = png_image()
            again.version = UInt32(PNG_IMAGE_VERSION)
            defer { png_image_free(&again) }
            guard png_image_begin_read_from_memory(&again, data.baseAddress, data.count) != 0 else {
                return .success((GrayImage(uncheckedWidth: width, height: height, pixels: pixels), nil))
            }
            var rgb = [UInt8](repeating: 255, count: 3 * width * height)
            if wide {
                guard let read = Self.highBytes(&again, width: width, height: height, channels: 3) else {
                    return .success((GrayImage(uncheckedWidth: width, height: height, pixels: pixels), nil))
                }
                rgb = read
            } else {
                again.format = UInt32(PNG_FORMAT_RGB)
                let read = rgb.withUnsafeMutableBytes { png_image_finish_read(&again, &white, $0.baseAddress, Int32(3 * width), nil) }
                guard read != 0 else { return .success((GrayImage(uncheckedWidth: width, height: height, pixels: pixels), nil)) }
            }
            return .success(rgb.withUnsafeBufferPointer { FormColorDropout.split(rgb: $0, width: width, height: height, decodedGray: pixels) })
        }
        return try result.get()
    }

    /// A 16-bit PNG's samples as they are stored (libpng's linear output: no transfer curve applied), with alpha
    /// composited onto white (libpng's linear alpha is premultiplied), as 8-bit: `channels` 1 (gray) or 3 (RGB).
    private static func highBytes(_ img: inout png_image, width: Int, height: Int, channels: Int) -> [UInt8]? {
        img.format = UInt32(PNG_FORMAT_FLAG_LINEAR | PNG_FORMAT_FLAG_ALPHA | (channels == 3 ? PNG_FORMAT_FLAG_COLOR : 0))
        let stride = channels + 1
        var wide = [UInt16](repeating: 0, count: stride * width * height)
        let ok = wide.withUnsafeMutableBytes { png_image_finish_read(&img, nil, $0.baseAddress, Int32(stride * width), nil) }
        guard ok != 0 else { return nil }
        var out = [UInt8](repeating: 255, count: channels * width * height)
        for i in 0..<(width * height) {
            let transparent = 65_535 - Int(wide[stride * i + channels])
            for c in 0..<channels { out[channels * i + c] = UInt8(min(65_535, Int(wide[stride * i + c]) + transparent) >> 8) }
        }
        return out
    }

    private static func pngMessage(_ img: png_image) -> String {
        withUnsafeBytes(of: img.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    private func decodeJPEG(_ bytes: [UInt8]) throws(GiroError) -> (gray: GrayImage, dropout: GrayImage?) {
        try SystemLibrary.jpeg.require(field: "image")
        var message = [CChar](repeating: 0, count: 256)
        var width: Int32 = 0, height: Int32 = 0, components: Int32 = 1
        var out: UnsafeMutablePointer<UInt8>?
        // Colour only below the colour pixel limit (the header says the size before any pixel is decoded).
        var w0: Int32 = 0, h0: Int32 = 0
        let color = bytes.withUnsafeBufferPointer { giro_jpeg_dimensions($0.baseAddress, $0.count, &w0, &h0, nil, 0) } == 0
            && wantsColor(Int(w0), Int(h0))
        // The gray image is libjpeg's own luma, as without colour (barcode readers see the same pixels); a colour
        // file is decoded a second time in colour for the dropout.
        let rc = bytes.withUnsafeBufferPointer { data in
            message.withUnsafeMutableBufferPointer { err in
                giro_jpeg_decode_gray(data.baseAddress, data.count, Int64(maxPixels), &out, &width, &height,
                                      err.baseAddress, Int32(err.count))
            }
        }
        defer { giro_jpeg_free(out) }
        var rgbOut: UnsafeMutablePointer<UInt8>?
        defer { giro_jpeg_free(rgbOut) }
        if rc == 0, color {
            var cw: Int32 = 0, ch: Int32 = 0
            let crc = bytes.withUnsafeBufferPointer { data in
                message.withUnsafeMutableBufferPointer { err in
                    giro_jpeg_decode_color(data.baseAddress, data.count, Int64(maxPixels), &rgbOut, &cw, &ch,
                                           &components, err.baseAddress, Int32(err.count))
                }
            }
            if crc != 0 || cw != width || ch != height { components = 1 }
        }
        if rc == 2 {
            var w: Int32 = 0, h: Int32 = 0
            _ = bytes.withUnsafeBufferPointer { giro_jpeg_dimensions($0.baseAddress, $0.count, &w, &h, nil, 0) }
            try checkSize(Int(w), Int(h), .jpeg)
        }
        guard rc == 0, let out else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw GiroError(.imageInvalid, field: "image", "jpeg: \(text)")
        }
        try checkSize(Int(width), Int(height), .jpeg)
        let pixels = Array(UnsafeBufferPointer(start: out, count: Int(width) * Int(height)))
        if components == 3, let rgbOut {
            return FormColorDropout.split(rgb: UnsafeBufferPointer(start: rgbOut, count: 3 * Int(width) * Int(height)),
                                          width: Int(width), height: Int(height), decodedGray: pixels)
        }
        return (GrayImage(uncheckedWidth: Int(width), height: Int(height), pixels: pixels), nil)
    }

    private func decodeWebP(_ bytes: [UInt8]) throws(GiroError) -> (gray: GrayImage, dropout: GrayImage?) {
        try SystemLibrary.webp.require(field: "image")
        var w: Int32 = 0, h: Int32 = 0
        let info = bytes.withUnsafeBufferPointer { WebPGetInfo($0.baseAddress, $0.count, &w, &h) }
        guard info != 0 else { throw GiroError(.imageInvalid, field: "image", "webp: invalid header") }
        let width = Int(w), height = Int(h)
        try checkSize(width, height, .webp)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let decoded = rgba.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { data in
                WebPDecodeRGBAInto(data.baseAddress, data.count, out.baseAddress, out.count, Int32(width * 4))
            }
        }
        guard decoded != nil else { throw GiroError(.imageInvalid, field: "image", "webp: cannot decode the bitstream") }
        var gray = [UInt8](repeating: 255, count: width * height)
        for i in 0..<(width * height) {
            let r = Int(rgba[4 * i]), g = Int(rgba[4 * i + 1]), b = Int(rgba[4 * i + 2]), a = Int(rgba[4 * i + 3])
            let luma = (r * 77 + g * 150 + b * 29) >> 8
            gray[i] = UInt8((luma * a + 255 * (255 - a)) / 255)  // transparent areas become white paper
        }
        if wantsColor(width, height) {
            // Transparent areas become white paper, then the colour gives the dropout (the gray stays as above).
            var rgb = [UInt8](repeating: 255, count: 3 * width * height)
            for i in 0..<(width * height) {
                let a = Int(rgba[4 * i + 3])
                for c in 0..<3 { rgb[3 * i + c] = UInt8((Int(rgba[4 * i + c]) * a + 255 * (255 - a)) / 255) }
            }
            rgba = []
            return rgb.withUnsafeBufferPointer { FormColorDropout.split(rgb: $0, width: width, height: height, decodedGray: gray) }
        }
        return (GrayImage(uncheckedWidth: width, height: height, pixels: gray), nil)
    }
}
