import Foundation
import Giro
import GiroTestSupport

/// zxing-cpp's sample images at `corpora/zxing-cpp-samples/<folder>/` (scripts/fetch-corpora.sh): `<name>.<image>` with the
/// expected content in `<name>.txt` (zxing's text) or `<name>.bin` (bytes).
///
/// Not every image has a per-image answer: structured-append parts (`pdf417-4`, `qrcode-7`: `01-02.png` with
/// `01.txt`) and `multi-1` have none, so they are counted as images but cannot pass or fail.
/// `falsepositives-*` images must yield nothing.
enum SampleCorpus {
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "webp"]

    struct Sample: Sendable {
        var image: URL
        var expectedBytes: [UInt8]?
        var expectedText: String?
    }

    struct Folder: Sendable {
        var name: String
        /// Every image file in the folder.
        var imageCount: Int
        /// The images that can be checked: with a per-image answer, or every image of a false-positive folder.
        var samples: [Sample]
        var isFalsePositives: Bool { name.hasPrefix("falsepositives-") }
    }

    static func folders() throws -> [Folder] {
        let names = try Corpora.contents(of: "zxing-cpp-samples").filter { !$0.hasPrefix("_") && !$0.hasPrefix(".") }
        return try names.map { name in
            let url = try Corpora.url("zxing-cpp-samples/\(name)")
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
            let images = files.filter { imageExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
            var folder = Folder(name: name, imageCount: images.count, samples: [])
            folder.samples = images.compactMap { sample(url.appendingPathComponent($0), expectingNothing: folder.isFalsePositives) }
            return folder
        }
    }

    static func sample(_ image: URL, expectingNothing: Bool) -> Sample? {
        if expectingNothing { return Sample(image: image) }
        let base = image.deletingPathExtension()
        let bin = try? Data(contentsOf: base.appendingPathExtension("bin"))
        let txt = (try? Data(contentsOf: base.appendingPathExtension("txt"))).map { String(decoding: $0, as: UTF8.self) }
        guard bin != nil || txt != nil else { return nil }
        return Sample(image: image, expectedBytes: bin.map { [UInt8]($0) }, expectedText: txt)
    }

    /// Expected texts are zxing's own charset interpretation of the symbol. A read passes when its raw bytes
    /// equal the `.bin`, or equal the `.txt` read as UTF-8, as ISO-8859-1 (zxing's fallback without ECI), as
    /// the charset of the symbol's ECI, or as Shift_JIS (zxing's guess for some QR codes), or when Giro's own
    /// text of the symbol (`SymbolText`: each ECI segment in its charset) equals it.
    static func matches(_ symbol: DetectedSymbol, _ sample: Sample) -> Bool {
        if let bytes = sample.expectedBytes { return symbol.bytes == bytes }
        guard let text = sample.expectedText else { return false }
        // Giro's own reading of the symbol (every ECI segment in its charset, or the charset guess).
        if SymbolText.interpret(symbol).text == text { return true }
        let data = Data(symbol.bytes)
        var candidates: [String.Encoding] = [.utf8, .isoLatin1, .shiftJIS]
        switch symbol.eci {
        case 4?: candidates.append(.isoLatin2)
        case 20?: candidates.append(.shiftJIS)
        case 21?: candidates.append(.windowsCP1250)
        case 22?: candidates.append(.windowsCP1251)
        case 23?: candidates.append(.windowsCP1252)
        case 25?: candidates.append(.utf16BigEndian)
        default: break
        }
        return candidates.contains { String(data: data, encoding: $0) == text }
    }

    /// Backends run on the folders of symbologies they can read (zbar: QR, Code128; libdmtx: DataMatrix).
    /// Where no backend reads the symbology (MicroPDF417) or nothing may be read, only the combined strategy
    /// runs: it runs every backend itself, and a failed search is the slowest case (it keeps the test short).
    static func backends(for folder: Folder) -> [String] {
        if folder.isFalsePositives || folder.name.hasPrefix("micropdf417") { return ["combined"] }
        var out = ["zxing", "combined"]
        if folder.name.hasPrefix("qrcode") || folder.name.hasPrefix("code128") { out.append("zbar") }
        if folder.name.hasPrefix("datamatrix") { out.append("dmtx") }
        return out.sorted()
    }

    static func read(_ image: GrayImage, backend: String) -> [DetectedSymbol] {
        let options = ReadOptions(timeBudgetMilliseconds: 1000)
        switch backend {
        case "zxing": return (try? ZXingReader().read(image, options: options)) ?? []
        case "zbar": return (try? ZBarReader().read(image, options: options)) ?? []
        case "dmtx": return (try? DmtxReader().read(image, options: options)) ?? []
        // No wall-clock limit: the passes that run must not depend on load.
        default:
            return ReadingStrategy.unlimited.read(image) { _ in true }.symbols
        }
    }
}
