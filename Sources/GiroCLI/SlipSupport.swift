import ArgumentParser
import Foundation
import Giro

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
    static func output(_ readings: [SlipReading]) -> [ImageSlipResult] {
        readings.map(ImageSlipResult.init)
    }

    static func exitCode(_ readings: [SlipReading]) -> GiroExit {
        if readings.contains(where: { $0.record.status == .valid }) { return GiroExit.valid }
        return readings.isEmpty ? GiroExit.dataError : GiroExit.uncertain
    }

    /// The slip quad and every zone box, for `--debug-image`.
    static func outlines(_ slip: ImageSlipResult) -> [DebugImage.Outline] {
        var outlines = [DebugImage.Outline(corners: slip.corners.map { ImagePoint(x: $0.first ?? 0, y: $0.last ?? 0) },
                                           recognised: slip.record.status == .valid)]
        for e in slip.record.source.evidence ?? [] where e.box.count == 4 {
            let (x, y, w, h) = (e.box[0], e.box[1], e.box[2], e.box[3])
            outlines.append(DebugImage.Outline(corners: [ImagePoint(x: x, y: y), ImagePoint(x: x + w, y: y), ImagePoint(x: x + w, y: y + h),
                                                         ImagePoint(x: x, y: y + h)], recognised: e.text != nil,
                                               label: e.field + ": " + (e.text.map { $0.split(whereSeparator: \.isNewline).joined(separator: " / ") } ?? "-")))
        }
        return outlines
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
