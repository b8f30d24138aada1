import CPNG
import CQREncode
import GiroCore

/// A payload as a QR code PNG (`giro encode --png`): byte mode, error correction M (what EPC069-12 and the Swiss
/// QR-bill ask for), drawn by libqrencode; black modules on white with the 4-module quiet zone ISO/IEC 18004 requires.
public enum QRCodeImage {
    /// Pixels per module, and the payload bytes a version-40 M symbol holds.
    public static let defaultModulePixels = 8
    public static let maximumPayloadBytes = 2331

    public static func png(payload: [UInt8], modulePixels: Int = defaultModulePixels) throws(GiroError) -> [UInt8] {
        guard !payload.isEmpty else { throw GiroError(.emptyPayload, field: "payload", "nothing to put in a QR code") }
        guard payload.count <= maximumPayloadBytes else {
            throw GiroError(.payloadTooLarge, field: "payload", "\(payload.count) bytes; a QR code (level M) holds \(maximumPayloadBytes)")
        }
        let scale = min(max(modulePixels, 1), 32)
        try SystemLibrary.qrencode.require(field: "qr_code")
        let modules: [Bool]
        let width: Int
        guard let code = payload.withUnsafeBufferPointer({ QRcode_encodeData(Int32($0.count), $0.baseAddress, 0, QR_ECLEVEL_M) }) else {
            throw GiroError(.payloadTooLarge, field: "payload", "libqrencode could not fit \(payload.count) bytes in a QR code")
        }
        defer { QRcode_free(code) }
        width = Int(code.pointee.width)
        guard width > 0, width <= 177, let data = code.pointee.data else {
            throw GiroError(.readerFailed, field: "qr_code", "libqrencode returned no modules")
        }
        // Bit 0 of each module byte is "dark".
        modules = (0..<(width * width)).map { data[$0] & 1 == 1 }
        let quiet = 4
        let side = (width + 2 * quiet) * scale
        var gray = [UInt8](repeating: 255, count: side * side)
        for y in 0..<width {
            for x in 0..<width where modules[y * width + x] {
                for dy in 0..<scale {
                    let row = ((y + quiet) * scale + dy) * side + (x + quiet) * scale
                    for dx in 0..<scale { gray[row + dx] = 0 }
                }
            }
        }
        return try encodeGrayPNG(gray, side: side)
    }

    static func encodeGrayPNG(_ gray: [UInt8], side: Int) throws(GiroError) -> [UInt8] {
        try SystemLibrary.png.require(field: "qr_code")
        var img = png_image()
        img.version = UInt32(PNG_IMAGE_VERSION)
        img.width = UInt32(side)
        img.height = UInt32(side)
        img.format = UInt32(PNG_FORMAT_GRAY)
        defer { png_image_free(&img) }
        var size = 0
        // The first call sizes the output, the second writes it.
        let sized = gray.withUnsafeBytes { png_image_write_to_memory(&img, nil, &size, 0, $0.baseAddress, Int32(side), nil) }
        guard sized != 0, size > 0 else { throw GiroError(.imageInvalid, field: "qr_code", "png: cannot encode") }
        var out = [UInt8](repeating: 0, count: size)
        let written = out.withUnsafeMutableBytes { dst in
            gray.withUnsafeBytes { png_image_write_to_memory(&img, dst.baseAddress, &size, 0, $0.baseAddress, Int32(side), nil) }
        }
        guard written != 0 else { throw GiroError(.imageInvalid, field: "qr_code", "png: cannot encode") }
        return Array(out.prefix(size))
    }
}
