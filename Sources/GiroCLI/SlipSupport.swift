import ArgumentParser
import Foundation
import Giro

/// One printed slip in `giro decode` output: the class, where the form lies, and its record.
struct SlipOutput: Encodable {
    var kind = "slip"
    var slipClass: String
    /// Form corners in image pixels, clockwise from top-left.
    var corners: [[Int]]
    var record: PaymentRecord
}

struct SlipOptions: ParsableArguments {
    @Option(name: .customLong("templates"), help: "A folder of slip templates (*.json) used besides the built-in ones.")
    var templatesFolder: String?

    @Option(name: .customLong("ocr"), help: "Read slips from OCR the caller already ran: words JSON, hOCR, ALTO or Tesseract TSV (detected by content).")
    var ocrFile: String?

    @Option(name: .customLong("slip"), help: "Read every slip as this class (see `giro templates`): no classification, the template's labels only place the form (none found: the whole page is the form).")
    var slipClass: String?

    func reader() throws -> SlipReader {
        do {
            let reader = try SlipReader.standard(templatesFolder: templatesFolder)
            return try slipClass.map { c throws(GiroError) in try reader.fixed(to: c) } ?? reader
        } catch {
            Output.writeOut(Output.json(["error": error], pretty: true))
            throw (error.code == .slipClassNotFound ? GiroExit.usage : GiroExit.dataError).report("decode", error.description)
        }
    }
}

enum SlipCLI {
    static func output(_ readings: [SlipReading]) -> [SlipOutput] {
        readings.map { SlipOutput(slipClass: $0.slipClass, corners: $0.corners, record: $0.record) }
    }

    static func exitCode(_ readings: [SlipReading]) -> GiroExit {
        if readings.contains(where: { $0.record.status == .valid }) { return GiroExit.valid }
        return readings.isEmpty ? GiroExit.dataError : GiroExit.uncertain
    }

    /// The slip quad and every zone box, for `--debug-image`.
    static func writeDebugImage(_ bytes: [UInt8], readings: [SlipReading], to path: String) throws(GiroError) {
        let loaded = try ImageLoader().load(bytes)
        var outlines: [DebugImage.Outline] = []
        for r in readings {
            outlines.append(DebugImage.Outline(corners: r.corners.map { ImagePoint(x: $0[0], y: $0[1]) }, recognised: r.record.status == .valid))
            for e in r.record.source.evidence ?? [] where e.box.count == 4 {
                let (x, y, w, h) = (e.box[0], e.box[1], e.box[2], e.box[3])
                outlines.append(DebugImage.Outline(corners: [ImagePoint(x: x, y: y), ImagePoint(x: x + w, y: y), ImagePoint(x: x + w, y: y + h),
                                                             ImagePoint(x: x, y: y + h)], recognised: e.text != nil))
            }
        }
        let png = try DebugImage.png(loaded.image, outlines: outlines)
        guard FileManager.default.createFile(atPath: path, contents: Data(png)) else {
            throw GiroError(.inputInvalid, field: "debug_image", "cannot write \(path)")
        }
    }
}

/// `giro templates`: the slip classes the engine knows.
struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "List the printed-slip classes (templates) and where they come from.")

    @Flag(help: "Print JSON (one object per template) instead of a table.")
    var json = false

    @Option(name: .customLong("templates"), help: "Also load the templates in this folder (and report its errors).")
    var templatesFolder: String?

    struct Row: Encodable {
        var id, country, name, file: String
        var width, height: Double
        var zones: Int
        var required: [String]
        var anchors: Int
        var minAnchors: Int
    }

    func run() throws {
        let reader: SlipReader
        do { reader = try SlipReader.standard(templatesFolder: templatesFolder) } catch {
            Output.writeOut(Output.json(["error": error], pretty: true))
            throw GiroExit.dataError.report("templates", error.description)
        }
        let rows = reader.templates.map {
            Row(id: $0.id, country: $0.country, name: $0.name, file: $0.file, width: $0.width, height: $0.height, zones: $0.zones.count,
                required: $0.zones.filter(\.required).map(\.field), anchors: $0.anchors.count, minAnchors: $0.minAnchors)
        }
        if json { return Output.writeOut(Output.json(rows, pretty: true)) }
        Output.writeText(rows.map { "\($0.id.padding(toLength: 22, withPad: " ", startingAt: 0)) \($0.country)  \(Int($0.width))×\(Int($0.height)) mm  \($0.zones) zones  \($0.name)" })
    }
}
