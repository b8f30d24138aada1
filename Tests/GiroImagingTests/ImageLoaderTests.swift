import Foundation
import Giro
import GiroTestSupport
import Testing

@Suite struct ImageLoaderTests {
    func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: ImageFixtures.directory.appendingPathComponent("generated/" + name)))
    }

    @Test func detectsFormatsByContent() throws {
        #expect(ImageFileFormat.detect(try fixture("epc-qr-page.png")) == .png)
        #expect(ImageFileFormat.detect(try fixture("epc-qr-photo.jpg")) == .jpeg)
        #expect(ImageFileFormat.detect(try fixture("epc-qr-webp.webp")) == .webp)
        #expect(ImageFileFormat.detect(Array("BCD\n001\n1\nSCT".utf8)) == nil)
        #expect(ImageFileFormat.detect(Array("RIFF\0\0\0\0WAVE".utf8)) == nil)
    }

    @Test(arguments: ["loader-palette.png", "loader-gray16.png", "loader-rgb16.png", "loader-rgba.png",
                      "loader-cmyk.jpg", "loader-alpha.webp", "epc-qr-page.png", "epc-qr-photo.jpg", "epc-qr-webp.webp"])
    func loadsEveryPixelLayoutToUprightGray(_ name: String) throws {
        let loaded = try ImageLoader().load(try fixture(name))
        #expect(loaded.orientation == 1)
        #expect(loaded.image.pixels.count == loaded.image.width * loaded.image.height)
        // Transparent borders and paper are white, the symbol dark: both extremes are present.
        #expect(loaded.image.pixels.min()! < 60 && loaded.image.pixels.max()! > 200)
        #expect(loaded.image.pixels.first! > 200, "the top-left corner is quiet zone or transparent → white")
    }

    @Test func appliesEXIFOrientation() throws {
        // Stored sideways (wider than high) with Orientation 6; upright it is higher than wide.
        let bytes = try fixture("loader-exif6.jpg")
        let loaded = try ImageLoader().load(bytes)
        #expect(loaded.orientation == 6)
        #expect(loaded.image.height > loaded.image.width)
        let photo = try ImageLoader().load(try fixture("two-bills-photo.jpg"))
        #expect(photo.orientation == 6 && photo.image.height > photo.image.width)
    }

    @Test func orientationsAreTheEightDihedralMaps() throws {
        // A 3×2 image with distinct pixels: each orientation must be a permutation, 5–8 swap the sides.
        let img = try #require(GrayImage(width: 3, height: 2, pixels: [1, 2, 3, 4, 5, 6]))
        let upright = try ImageLoader().load(try fixture("loader-palette.png"))
        #expect(upright.orientation == 1)
        let six = img.oriented(6)
        #expect(six.width == 2 && six.height == 3 && six.pixels == [4, 1, 5, 2, 6, 3])
        #expect(img.oriented(8).pixels == [3, 6, 2, 5, 1, 4])
        #expect(img.oriented(3).pixels == [6, 5, 4, 3, 2, 1])
        #expect(img.oriented(2).pixels == [3, 2, 1, 6, 5, 4])
        for o in 1...8 { #expect(img.oriented(o).pixels.sorted() == [1, 2, 3, 4, 5, 6]) }
    }

    @Test func refusesImagesOverThePixelLimitBeforeDecoding() throws {
        for name in ["epc-qr-page.png", "epc-qr-photo.jpg", "epc-qr-webp.webp"] {
            let bytes = try fixture(name)
            do {
                _ = try ImageLoader(maxPixels: 10_000).load(bytes)
                Issue.record("\(name) over the pixel limit was accepted")
            } catch {
                #expect(error.code == .imageTooLarge && error.message.contains("10000"), "\(name): \(error)")
            }
        }
        let page = try fixture("epc-qr-page.png")
        do {
            _ = try ImageLoader(maxFileBytes: 100).load(page)
            Issue.record("a file over the byte limit was accepted")
        } catch {
            #expect(error.code == .imageTooLarge)
        }
    }

    @Test func unsupportedBytesAreATypedError() {
        do {
            _ = try ImageLoader().load(Array("GIF89a....".utf8))
            Issue.record("GIF accepted")
        } catch {
            #expect(error.code == .imageFormatUnsupported && error.field == "image")
        }
    }

    /// Truncated and corrupted files of every format: a typed error or a picture, never a crash.
    @Test(arguments: ["epc-qr-page.png", "loader-gray16.png", "loader-palette.png", "epc-qr-photo.jpg", "loader-cmyk.jpg",
                      "epc-qr-webp.webp", "loader-exif6.jpg"])
    func hostileVariantsNeverCrash(_ name: String) throws {
        let original = try fixture(name)
        var rng = SplitMix64(seed: 0x1A6E)
        var variants: [[UInt8]] = []
        for cut in [4, 8, 12, 16, 24, 33, 64, 100, original.count / 3, original.count / 2, original.count - 1] where cut < original.count {
            variants.append(Array(original.prefix(cut)))
        }
        for _ in 0..<25 {
            var v = original
            for _ in 0..<8 {
                let i = 8 + Int(rng.next() % UInt64(max(1, v.count - 8)))
                v[i] = UInt8(truncatingIfNeeded: rng.next())
            }
            variants.append(v)
        }
        for v in variants {
            do {
                let loaded = try ImageLoader(maxPixels: 4_000_000).load(v)
                #expect(loaded.image.pixels.count == loaded.image.width * loaded.image.height)
            } catch {
                #expect([ErrorCode.imageInvalid, .imageTooLarge, .imageFormatUnsupported].contains(error.code), "\(error)")
            }
        }
    }

    @Test func grayImageValidatesItsBuffer() {
        #expect(GrayImage(width: 2, height: 2, pixels: [0, 0, 0]) == nil)
        #expect(GrayImage(width: 0, height: 0, pixels: []) == nil)
        #expect(GrayImage(width: -1, height: -4, pixels: [0, 0, 0, 0]) == nil)
        #expect(GrayImage(width: 2, height: 2, pixels: [0, 0, 0, 0]) != nil)
    }

    @Test func debugImageIsAValidPNGOfTheSameSize() throws {
        let loaded = try ImageLoader().load(try fixture("epc-qr-page.png"))
        let png = try DebugImage.png(loaded.image, outlines: [.init(corners: [.init(x: -5, y: 10), .init(x: 5000, y: 10),
                                                                            .init(x: 500, y: 600), .init(x: 10, y: 600)], recognised: true)])
        let back = try ImageLoader().load(png)
        #expect(back.fileFormat == .png && back.image.width == loaded.image.width && back.image.height == loaded.image.height)
    }

    /// A label is drawn (black glyphs on a white box beside the first corner); control characters, non-ASCII text and
    /// labels running off the picture are drawn as `?` or clipped, never trap.
    @Test func debugImageLabelsAreDrawnAndClipped() throws {
        let blank = try #require(GrayImage(width: 200, height: 100, pixels: [UInt8](repeating: 128, count: 20_000)))
        let box: [ImagePoint] = [.init(x: 20, y: 40), .init(x: 150, y: 40), .init(x: 150, y: 90), .init(x: 20, y: 90)]
        let plain = try ImageLoader().load(try DebugImage.png(blank, outlines: [.init(corners: box, recognised: true)])).image
        let labelled = try ImageLoader().load(try DebugImage.png(blank, outlines: [.init(corners: box, recognised: true, label: "IBAN: HR12")])).image
        // Above the box: white label background and black glyph pixels where the plain outline left gray.
        let region = (20..<100).flatMap { x in (24..<38).map { y in y * 200 + x } }
        #expect(region.contains { labelled.pixels[$0] >= 250 } && region.contains { labelled.pixels[$0] <= 5 })
        #expect(region.allSatisfy { plain.pixels[$0] > 5 && plain.pixels[$0] < 250 })
        let hostile = "\u{1B}[2J\u{202E}žЖ" + String(repeating: "x", count: 500)
        let edge: [ImagePoint] = [.init(x: 190, y: 2), .init(x: 5000, y: 2), .init(x: 5000, y: 5000), .init(x: -9, y: 5000)]
        _ = try DebugImage.png(blank, outlines: [.init(corners: edge, recognised: false, label: hostile), .init(corners: box, recognised: true, label: "")])
    }
}
