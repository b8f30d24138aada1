import ArgumentParser
import Foundation
import Giro

/// `--reader`: which barcode library to use (`auto` = the combined strategy over all of them).
enum ReaderChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, zxing, zbar, dmtx

    var readers: Set<ReaderKind> {
        switch self {
        case .auto: Set(ReaderKind.allCases)
        case .zxing: [.zxing]
        case .zbar: [.zbar]
        case .dmtx: [.dmtx]
        }
    }
}

/// `--slips`: when an image is read for printed slips (`SlipScanning.Mode`, or not at all).
enum SlipModeChoice: String, ExpressibleByArgument, CaseIterable {
    case check, fallback, off

    var mode: SlipScanning.Mode? {
        switch self {
        case .check: .crossCheck
        case .fallback: .fallback
        case .off: nil
        }
    }
}

/// Options shared by `decode` (on an image) and `scan`.
struct ImageOptions: ParsableArguments {
    @Option(help: "Barcode reader: auto (all, cheapest first), zxing, zbar or dmtx.")
    var reader: ReaderChoice = .auto

    @Option(name: .customLong("budget-ms"), help: "Time budget per image in milliseconds.")
    var budgetMilliseconds: Int = 1000

    @Option(name: .customLong("max-pixels"), help: "Refuse images with more pixels than this.")
    var maxPixels: Int = ImageLimits.maxPixels

    @Flag(help: "Keep searching after a payment was found (more symbols on multi-bill pages, slower).")
    var exhaustive = false

    @Option(name: .customLong("slips"), help: ArgumentHelp(
        "Printed slips (OCR): check (read the print of an image without a payment barcode, and around a barcode of a country with a slip template to cross-check it), fallback (only without a payment barcode) or off."))
    var slipMode: SlipModeChoice = .check

    @Option(name: .customLong("slip-budget-ms"), help: "Time budget for reading an image's printed slips, in milliseconds.")
    var slipBudgetMilliseconds: Int = 20_000

    func validate() throws {
        if budgetMilliseconds < 1 || budgetMilliseconds > 60_000 { throw ValidationError("--budget-ms must be between 1 and 60000") }
        if slipBudgetMilliseconds < 100 || slipBudgetMilliseconds > 120_000 { throw ValidationError("--slip-budget-ms must be between 100 and 120000") }
        if maxPixels < 1 || maxPixels > 400_000_000 { throw ValidationError("--max-pixels must be between 1 and 400000000") }
    }

    /// Barcodes only (PDF pages).
    var decoder: ImageDecoder {
        ImageDecoder(loader: ImageLoader(maxPixels: maxPixels),
                     strategy: ReadingStrategy(readers: reader.readers, budgetMilliseconds: budgetMilliseconds, exhaustive: exhaustive))
    }

    /// Barcodes, and printed slips with these templates unless `--slips off`.
    func decoder(slipReader: () throws -> SlipReader) rethrows -> ImageDecoder {
        var d = decoder
        if let mode = slipMode.mode {
            d.slips = SlipScanning(reader: try slipReader(), engine: TesseractEngine(),
                                   options: SlipImageOptions(budgetMilliseconds: slipBudgetMilliseconds), mode: mode)
        }
        return d
    }
}

enum ImageOutput {
    /// Loads and decodes; also writes the outlined debug PNG when asked.
    static func decode(_ bytes: [UInt8], with decoder: ImageDecoder, debugImage: String? = nil) throws(GiroError) -> ImageDecodeResult {
        let loaded = try decoder.loader.load(bytes)
        var result = decoder.decode(image: loaded.image, dropout: loaded.dropout)
        result.fileFormat = loaded.fileFormat
        result.orientation = loaded.orientation
        if let debugImage {
            var outlines = result.symbols.map { DebugImage.Outline(corners: $0.corners, recognised: $0.kind == .payment) }
            outlines += result.slips.flatMap(SlipCLI.outlines)
            let png = try DebugImage.png(loaded.image, outlines: outlines)
            guard FileManager.default.createFile(atPath: debugImage, contents: Data(png)) else {
                throw GiroError(.inputInvalid, field: "debug_image", "cannot write \(debugImage)")
            }
        }
        return result
    }

    static func text(_ s: ImageSymbolResult) -> String {
        var head = "\(s.symbology.rawValue) via \(s.reader.rawValue) (\(s.pass))\(s.eci.map { " ECI \($0)" } ?? "")"
        head += " at " + s.corners.map { "(\($0.x),\($0.y))" }.joined(separator: " ")
        switch s.kind {
        case .payment: return head + "\n" + (s.record.map(Output.text) ?? "")
        case .notAPayment: return head + "\nnot a payment: \(s.text.debugDescription)"
        case .invalid: return head + "\ninvalid: " + TerminalText.escape(s.error?.description ?? "-")
        }
    }

    /// One `giro decode IMAGE` array element in `--format text`.
    static func text(_ finding: ImageFinding) -> String {
        switch finding {
        case .symbol(let s): text(s)
        case .slip(let s): "slip \(s.slipClass) at " + s.corners.map { "(\($0.first ?? 0),\($0.last ?? 0))" }.joined(separator: " ") + "\n" + Output.text(s.record)
        }
    }

    /// Exit code for one image: 0 when a valid payment was found, 2 when only uncertain ones, 65 otherwise.
    static func exitCode(_ result: ImageDecodeResult) -> GiroExit {
        let records = result.payments
        if records.contains(where: { $0.status == .valid }) { return GiroExit.valid }
        if !records.isEmpty { return GiroExit.uncertain }
        return GiroExit.dataError
    }
}
