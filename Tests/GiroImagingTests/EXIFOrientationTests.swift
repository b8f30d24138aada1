import Foundation
@testable import GiroImaging
import Testing

/// The EXIF Orientation finder on hand-built containers, including corrupt ones.
@Suite struct EXIFOrientationTests {
    /// "Exif\0\0" + a TIFF block with IFD0 = { tag 0x0112, SHORT, 1, value }.
    static func exif(_ value: UInt16, littleEndian: Bool) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: UInt32) -> [UInt8] { littleEndian ? u16(UInt16(v & 0xFFFF)) + u16(UInt16(v >> 16)) : u16(UInt16(v >> 16)) + u16(UInt16(v & 0xFFFF)) }
        let header: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        return Array("Exif".utf8) + [0, 0] + header + u16(42) + u32(8) + u16(1) + u16(0x0112) + u16(3) + u32(1) + u16(value) + u16(0) + u32(0)
    }

    static func jpeg(app1: [UInt8]) -> [UInt8] {
        let length = app1.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + app1 + [0xFF, 0xDA, 0, 2]
    }

    static func le32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)] }
    static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    @Test func jpegBothByteOrders() {
        for v in 1...8 {
            #expect(EXIFOrientation.find(in: Self.jpeg(app1: Self.exif(UInt16(v), littleEndian: true)), format: .jpeg) == v)
            #expect(EXIFOrientation.find(in: Self.jpeg(app1: Self.exif(UInt16(v), littleEndian: false)), format: .jpeg) == v)
        }
        #expect(EXIFOrientation.find(in: Self.jpeg(app1: Self.exif(9, littleEndian: true)), format: .jpeg) == nil)
    }

    @Test func pngAndWebPChunks() {
        let payload = Self.exif(6, littleEndian: false)
        let png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Self.be32(payload.count) + Array("eXIf".utf8) + payload + [0, 0, 0, 0]
        #expect(EXIFOrientation.find(in: png, format: .png) == 6)
        let chunk = Array("EXIF".utf8) + Self.le32(payload.count) + payload + (payload.count % 2 == 1 ? [0] : [])
        let webp = Array("RIFF".utf8) + Self.le32(4 + chunk.count) + Array("WEBP".utf8) + chunk
        #expect(EXIFOrientation.find(in: webp, format: .webp) == 6)
    }

    @Test func truncatedAndCorruptBlocksGiveNoOrientation() {
        let good = Self.jpeg(app1: Self.exif(6, littleEndian: true))
        for cut in 0..<good.count {
            let v = EXIFOrientation.find(in: Array(good.prefix(cut)), format: .jpeg)
            #expect(v == nil || v == 6)
        }
        var badOffset = good
        badOffset[6 + 6 + 4] = 0xFF  // IFD0 offset far outside the block
        #expect(EXIFOrientation.find(in: badOffset, format: .jpeg) == nil)
        var hugeLength = good
        hugeLength[4] = 0xFF  // APP1 length past the end of the file
        #expect(EXIFOrientation.find(in: hugeLength, format: .jpeg) == nil)
        #expect(EXIFOrientation.find(in: Array(repeating: 0xFF, count: 64), format: .jpeg) == nil)
    }
}
