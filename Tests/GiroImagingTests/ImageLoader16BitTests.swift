import Foundation
import Giro
import GiroImaging
import Testing

/// 16-bit PNGs (ImageMagick writes them from a 16-bit pipeline) hold gamma-encoded samples like 8-bit ones:
/// a mid gray must load as mid gray, not brightened as if it were linear light (faint labels, lost forms).
@Suite struct ImageLoader16BitTests {
    @Test(arguments: [0, 2]) func aMidGrayLoadsAsMidGray(colourType: Int) throws {
        let png = Self.png16(width: 24, height: 16, colourType: UInt8(colourType), level: 0x8080)
        let loaded = try ImageLoader().load(png)
        #expect(loaded.image.width == 24 && loaded.image.height == 16)
        #expect(loaded.image.pixels.allSatisfy { abs(Int($0) - 128) <= 1 }, "\(loaded.image.pixels.prefix(4))")
    }

    /// A PNG of one 16-bit level (colour type 0 gray or 2 RGB), its image data in one stored deflate block.
    static func png16(width: Int, height: Int, colourType: UInt8, level: UInt16) -> [UInt8] {
        let channels = colourType == 2 ? 3 : 1
        var raw: [UInt8] = []
        for _ in 0..<height {
            raw.append(0)
            for _ in 0..<(width * channels) { raw += [UInt8(level >> 8), UInt8(level & 0xFF)] }
        }
        var a: UInt32 = 1, b: UInt32 = 0
        for v in raw { a = (a + UInt32(v)) % 65_521; b = (b + a) % 65_521 }
        let n = UInt16(raw.count)
        let zlib = [0x78, 0x01, 0x01, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8)] + raw + be((b << 16) | a)
        let header = be(UInt32(width)) + be(UInt32(height)) + [16, colourType, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    static func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return be(UInt32(data.count)) + body + be(~crc)
    }
}
