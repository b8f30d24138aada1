import ArgumentParser
import Foundation
import Giro

/// Options for PDF input, shared by `decode` and `scan`.
struct PDFCLIOptions: ParsableArguments {
    @Option(help: "PDF: render resolution in dpi (36-1200; big pages are rendered lower, down to 150).")
    var dpi: Double = 300

    @Option(name: .customLong("max-pages"), help: "PDF: refuse documents with more pages than this.")
    var maxPages: Int = 100

    @Option(name: .customLong("pdf-budget-ms"), help: "PDF: time budget for the whole document in milliseconds.")
    var pdfBudgetMilliseconds: Int = 30_000

    func validate() throws {
        if !(36...1200).contains(dpi) { throw ValidationError("--dpi must be between 36 and 1200") }
        if !(1...10_000).contains(maxPages) { throw ValidationError("--max-pages must be between 1 and 10000") }
        if !(1...600_000).contains(pdfBudgetMilliseconds) { throw ValidationError("--pdf-budget-ms must be between 1 and 600000") }
    }

    func decoder(_ image: ImageOptions, words: Bool) -> PDFDecoder {
        PDFDecoder(imageDecoder: image.decoder,
                   options: PDFOptions(dpi: dpi, maxPages: maxPages, maxPixelsPerPage: image.maxPixels,
                                       budgetMilliseconds: pdfBudgetMilliseconds, extractWords: words))
    }
}

enum PDFOutput {
    /// `--words`: one line per page, `{"page", "width", "height", "words": [{"text", "x", "y", "w", "h"}]}`.
    struct WordsLine: Encodable {
        var page: Int
        var width: Int
        var height: Int
        var words: [PageWord]
    }

    static func wordsLines(_ result: PDFDecodeResult) -> [String] {
        result.pages.map { p in
            Output.json(WordsLine(page: p.page, width: p.words?.width ?? p.width, height: p.words?.height ?? p.height,
                                  words: p.words?.words ?? []), pretty: false)
        }
    }

    static func text(_ s: PDFSymbolResult) -> String { "page \(s.page): " + ImageOutput.text(s.symbol) }

    /// 0 when a valid payment was found, 2 when only uncertain ones, 65 otherwise (as for an image).
    static func exitCode(_ result: PDFDecodeResult) -> GiroExit {
        let records = result.payments
        if records.contains(where: { $0.status == .valid }) { return GiroExit.valid }
        return records.isEmpty ? GiroExit.dataError : GiroExit.uncertain
    }
}

extension DecodeCommand {
    func runPDF(_ bytes: [UInt8]) throws {
        let result: PDFDecodeResult
        do {
            var decoder = pdf.decoder(image, words: words)
            decoder.imageDecoder.decoder = asOf.paymentDecoder
            result = try decoder.decode(pdfBytes: bytes)
        } catch {
            Output.writeOut(Output.json(["error": error], pretty: outputFormat == .pretty))
            throw GiroExit.dataError.report("decode", error.description)
        }
        if debugImage != nil { Output.writeErr("giro decode: --debug-image is not supported for PDFs (ignored)") }
        if words {
            for line in PDFOutput.wordsLines(result) { Output.writeOut(line) }
            return
        }
        let symbols = result.symbols
        // E-invoices embedded in the PDF, listed after the symbols (InvoiceSupport.swift).
        let invoices = InvoiceCLI.invoices(inPDF: bytes)
        let findings = symbols.map(PDFFinding.symbol) + invoices.map(PDFFinding.invoice)
        switch outputFormat {
        case .pretty: Output.writeOut(Output.json(findings, pretty: true))
        case .json: Output.writeOut(Output.json(findings, pretty: false))
        case .ndjson: for s in findings { Output.writeOut(Output.json(s, pretty: false)) }
        case .text: Output.writeOut(findings.map(\.text).joined(separator: "\n\n"))
        }
        if symbols.isEmpty && invoices.isEmpty { Output.writeErr("giro decode: no barcode found on \(result.pageCount) page(s)") }
        let code = InvoiceCLI.exitCode(result, invoices: invoices)
        if code != GiroExit.valid { throw code }
    }
}
