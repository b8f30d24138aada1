import Foundation
import GiroImaging
import GiroOCR
import GiroSlips
import GiroTestSupport
import Testing

/// Inputs other than a clean 300-dpi gray scan, derived in the test from the committed HUB-3A render
/// (`samples/hr.hub-3a-water-bill-scan.png`) with ImageMagick: 80 dpi, cropped at the form's edge, at the bottom
/// of an A4 bill, RGBA with transparent paper, 8-bit gray, JPEG quality 30, and comb ticks drawn between the
/// characters of the IBAN and the amount — in the form's red (dropped with the colour) and in black (whitened as
/// comb cells).
@Suite(.serialized) struct SlipImageInputTests {
    static let reader = SlipReader.builtIn
    static let source = SlipFixtures.folder.appendingPathComponent("samples/hr.hub-3a-water-bill-scan.png")
    static let expect = SlipFixtures.folder.appendingPathComponent("hr.hub-3a/water-bill.expect")

    /// Runs ImageMagick 6 (`convert`) and returns the bytes of the file it wrote.
    static func magick(_ arguments: [String], output ext: String) throws -> [UInt8] {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("giro-input-\(UUID()).\(ext)")
        defer { try? FileManager.default.removeItem(at: out) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A last argument like `PNG32:` is the output's format prefix.
        if let last = arguments.last, last.hasSuffix(":") {
            p.arguments = ["convert"] + arguments.dropLast() + [last + out.path]
        } else {
            p.arguments = ["convert"] + arguments + [out.path]
        }
        try p.run()
        p.waitUntilExit()
        try #require(p.terminationStatus == 0, "convert \(arguments)")
        return [UInt8](try Data(contentsOf: out))
    }

    /// The slip read from `bytes`: its class, and every expected field (or only `fields`) as printed.
    static func check(_ bytes: [UInt8], fields: [String]? = nil, _ comment: String) throws {
        let found = try reader.read(imageBytes: bytes, engine: TesseractEngine())
        try #require(found.count == 1, "\(comment): \(found.map(\.slipClass))")
        #expect(found[0].slipClass == "hr.hub-3a", "\(comment)")
        let e = try SlipExpectation(contentsOf: expect)
        let r = found[0].record
        if let fields {
            for f in fields { #expect(SlipExpectation.observed(f, in: r) == e.expected(f), "\(comment): \(f); \(r.diagnostics)") }
        } else {
            #expect(e.mismatches(r).isEmpty, "\(comment): \(e.mismatches(r)); \(r.diagnostics)")
        }
    }

    @Test func hundredDPI() throws {
        // 300 → 100 dpi: the page pass reads an enlarged copy, the zones are cropped at 300 dpi from the small image.
        let bytes = try Self.magick([Self.source.path, "-resize", "33.333%"], output: "png")
        try Self.check(bytes, fields: ["iban", "amount", "reference"], "100 dpi")
    }

    /// At 80 dpi the form is still found and the amount read; the IBAN's and reference's digits (7 px high) come
    /// back with 0 read as 6, which their check digits refuse: no wrong value passes as valid.
    @Test func eightyDPI() throws {
        let bytes = try Self.magick([Self.source.path, "-resize", "26.667%"], output: "png")
        let found = try Self.reader.read(imageBytes: bytes, engine: TesseractEngine())
        try #require(found.count == 1)
        let e = try SlipExpectation(contentsOf: Self.expect)
        #expect(found[0].slipClass == "hr.hub-3a")
        #expect(SlipExpectation.observed("amount", in: found[0].record) == e.expected("amount"))
        for f in ["iban", "reference"] {
            let got = SlipExpectation.observed(f, in: found[0].record)
            #expect(got == nil || got == e.expected(f) || found[0].record.status != .valid, "\(f): \(got ?? "nil")")
        }
    }

    @Test func croppedAtTheFormsEdge() throws {
        let bytes = try Self.magick([Self.source.path, "-fuzz", "20%", "-trim", "+repage"], output: "png")
        try Self.check(bytes, "cropped without margin")
    }

    @Test func atTheBottomOfABill() throws {
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        var args = ["-size", "2480x3508", "xc:white", "-font", font, "-pointsize", "46", "-fill", "black"]
        let lines = ["Vodoopskrba d.o.o., Zagreb", "Račun br. 2024-117 za isporučenu vodu", "Razdoblje: 01.09.–30.09.2024",
                     "Ukupno za platiti: 1.234,50 EUR", "Rok plaćanja: 15.10.2024"]
        for (i, line) in lines.enumerated() { args += ["-annotate", "+180+\(300 + 90 * i)", line] }
        args += [Self.source.path, "-geometry", "+0+2339", "-composite"]
        try Self.check(try Self.magick(args, output: "png"), "A4 bill, slip in the lower third")
    }

    @Test func rgbaWithTransparentPaper() throws {
        let bytes = try Self.magick([Self.source.path, "-fuzz", "6%", "-transparent", "#fbfbf6", "PNG32:"], output: "png")
        #expect(bytes[25] == 6, "PNG colour type RGBA")
        try Self.check(bytes, "RGBA")
    }

    @Test func eightBitGray() throws {
        let bytes = try Self.magick([Self.source.path, "-depth", "8", "-define", "png:color-type=0"], output: "png")
        #expect(bytes[24] == 8 && bytes[25] == 0, "8-bit gray PNG")
        try Self.check(bytes, "8-bit gray")
    }

    @Test func jpegQuality30() throws {
        let bytes = try Self.magick([Self.source.path, "-quality", "30"], output: "jpg")
        try Self.check(bytes, fields: ["iban", "amount", "reference"], "JPEG q30")
    }

    /// Comb ticks rising from the bottom edge of the creditor IBAN's and the amount's boxes, one between every two
    /// characters (the render's monospace advance, from the words file).
    static func combArguments(color: String) -> [String] {
        let s = 300 / 25.4
        // (first character's left x px, characters, box bottom mm), from water-bill-scan.words and the template.
        let fields: [(x: Double, n: Int, bottom: Double)] = [(1146, 26, 48.5 + 5), (1453, 8, 14.5 + 5)]
        var args = ["-stroke", color, "-strokewidth", "3"]
        for f in fields {
            let bottom = f.bottom * s, top = bottom - 1.6 * s
            for i in 0...f.n {
                let x = f.x + Double(i) * 91.0 / 4
                args += ["-draw", String(format: "line %.0f,%.0f %.0f,%.0f", x, top, x, bottom)]
            }
            args += ["-draw", String(format: "line %.0f,%.0f %.0f,%.0f", f.x, bottom, f.x + Double(f.n) * 91 / 4, bottom)]
        }
        return args
    }

    @Test func redCombOnPinkPaperIsDropped() throws {
        let args = [Self.source.path, "-colorspace", "sRGB", "-type", "TrueColor", "-fill", "#fbe3e0", "-fuzz", "4%",
                    "-opaque", "#fbfbf6"] + Self.combArguments(color: "#d8383a") + ["-quality", "85"]
        let bytes = try Self.magick(args, output: "jpg")
        let loaded = try ImageLoader().load(bytes)
        #expect(loaded.dropout != nil, "a red form has a dropout image")
        try Self.check(bytes, fields: ["iban", "amount", "reference", "creditor", "debtor"], "red comb")
    }

    @Test func blackCombTicksAreWhitened() throws {
        let args = [Self.source.path] + Self.combArguments(color: "#202020")
        let bytes = try Self.magick(args, output: "png")
        #expect(try ImageLoader().load(bytes).dropout == nil, "a gray image has no dropout")
        try Self.check(bytes, fields: ["iban", "amount", "reference"], "black comb")
    }
}

/// The pixel pieces of the image path on synthetic images: the form-colour dropout and the comb cells.
@Suite struct SlipImagePixelTests {
    /// Pink paper, a red rule, a black block and a short blue stroke: the red and the pink become paper, black and
    /// blue keep their gray; a gray image has no form colour.
    @Test func formColourDropout() throws {
        let w = 60, h = 40
        var rgb = [UInt8](repeating: 0, count: 3 * w * h)
        func set(_ x: Int, _ y: Int, _ c: (UInt8, UInt8, UInt8)) { rgb[3 * (y * w + x)] = c.0; rgb[3 * (y * w + x) + 1] = c.1; rgb[3 * (y * w + x) + 2] = c.2 }
        for y in 0..<h { for x in 0..<w { set(x, y, (250, 225, 222)) } }
        for y in 10..<13 { for x in 0..<w { set(x, y, (210, 40, 40)) } }
        for y in 20..<30 { for x in 30..<40 { set(x, y, (20, 20, 20)) } }
        for y in 20..<30 { for x in 45..<47 { set(x, y, (30, 40, 160)) } }
        let (gray, dropout) = rgb.withUnsafeBufferPointer { FormColorDropout.split(rgb: $0, width: w, height: h) }
        let d = try #require(dropout)
        #expect(gray.pixels[11 * w + 5] < 110 && d.pixels[11 * w + 5] >= 210, "red rule dropped")
        #expect(d.pixels[2 * w + 2] >= 240 && gray.pixels[2 * w + 2] < 235, "pink paper becomes white")
        #expect(d.pixels[25 * w + 35] < 40, "black stays")
        #expect(d.pixels[25 * w + 45] == gray.pixels[25 * w + 45], "blue keeps its gray")
        let plain = [UInt8](repeating: 128, count: 3 * w * h)
        #expect(plain.withUnsafeBufferPointer { FormColorDropout.split(rgb: $0, width: w, height: h) }.dropout == nil)
    }

    /// Eleven ticks 30 px apart rising from the bottom edge, and a glyph-like block: ten cells, the ticks whitened,
    /// the block kept; without the ticks no comb.
    @Test func combCellsAreFoundAndWhitened() throws {
        let w = 400, h = 90, border = 16
        var pixels = [UInt8](repeating: 255, count: w * h)
        for k in 0...10 { for x in (40 + 30 * k)..<(42 + 30 * k) { for y in 54..<74 { pixels[y * w + x] = 0 } } }
        for y in 25..<50 { for x in 50..<62 { pixels[y * w + x] = 0 } }
        let crop = try #require(GrayImage(width: w, height: h, pixels: pixels))
        let comb = try #require(SlipCombCells.find(in: crop, border: border))
        #expect(comb.cells.count == 10, "\(comb.cells)")
        let white = comb.whitened(crop)
        #expect(white.pixels[60 * w + 70] == 255 && white.pixels[30 * w + 55] == 0)
        var noTicks = pixels
        for i in noTicks.indices where i / w >= 54 { noTicks[i] = 255 }
        #expect(SlipCombCells.find(in: try #require(GrayImage(width: w, height: h, pixels: noTicks)), border: border) == nil)
    }
}
