import ArgumentParser
import Foundation
import Giro

struct DecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode one payment payload and print its record.",
        discussion: """
        The payload is taken from the argument, from --file, or from standard input (`-` or no argument).
        An XML e-invoice (UBL, CII, ZUGFeRD 1.0, ebInterface; recognised by a leading `<`) prints its record         (`source.kind` `xml`); a PDF's embedded invoice (Factur-X, ZUGFeRD, XRechnung) is listed after its symbols         as `{"kind": "invoice", "attachment", "record"}` (or `"error"`).
        Files and standard input are read as raw bytes, so each format applies its own charset rules.
        Exit codes: 0 valid, 2 uncertain, 64 usage (also an unknown --as id), 65 invalid or over the size limit \
        (the error as JSON on stdout, a line on stderr), 66 no input (a missing file; a directory: use `giro scan`; \
        an empty input: the error `empty_payload`), 74 read error.
        A PNG, JPEG or WebP file (recognised by its first bytes) is searched for barcodes: every symbol is printed
        as a JSON array element (or one NDJSON line each with --format ndjson); exit 0 when a valid payment was found,
        2 when only uncertain ones, 65 when none.
        A PDF (recognised by `%PDF-`) has every page rendered (--dpi) and searched the same way; each symbol
        carries its 1-based `page`. --words prints each page's text layer instead: one JSON line per page.
        An image is also read for printed slips (--slips; Tesseract, the templates of `giro templates` plus \
        --templates DIR): each slip is an array element `{"kind": "slip", "slipClass", "corners", "record"}` after \
        the symbols. A payment barcode on a slip is the answer, cross-checked by the print (`source.crossCheck`, \
        a `slip_barcode_mismatch` warning per differing field; the slip is then not listed again).
        --ocr FILE reads slips from OCR the caller already ran (words JSON, hOCR, ALTO, Tesseract TSV).
        --document reads a PDF, an image or an XML file as one document: every source (barcodes, print) merged \
        into one record per payment with each field's sources; sources that disagree on IBAN, amount, currency, \
        reference or payee name give `document_source_mismatch` and status `uncertain` (exit 2; 65 no payment).
        """
    )

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable { case json, pretty, text, ndjson }

    @Argument(help: "The payload text, an image file (PNG, JPEG, WebP), or `-` for standard input.")
    var payload: String?

    @Option(name: .shortAndLong, help: "Read the payload bytes from a file (`-` for standard input).")
    var file: String?

    @Option(name: .customLong("format"), help: "Output: json (one line), pretty, text, or ndjson (images: one line per symbol).")
    var outputFormat: OutputFormat = .pretty

    @Option(name: .customLong("as"), help: "Skip detection and decode with this format id (see `giro formats`).")
    var formatID: String?

    @OptionGroup var image: ImageOptions

    @Option(name: .customLong("debug-image"), help: "For an image: write it with the found symbols and slips outlined (slip zones labelled with the text read) to this PNG.")
    var debugImage: String?

    @OptionGroup var pdf: PDFCLIOptions

    @OptionGroup var slips: SlipOptions

    @OptionGroup var asOf: AsOfOption

    @Flag(help: "For a PDF: print each page's words with their pixel boxes (one JSON line per page) instead of symbols.")
    var words = false

    @Flag(help: "Read the input as one document (PDF, image, XML): the merged payments, each field's sources, and every source mismatch.")
    var document = false

    func validate() throws {
        if payload != nil, file != nil, payload != "-" {
            throw ValidationError("give the payload either as an argument or with --file, not both")
        }
        if let formatID, !FormatRegistry.descriptors.contains(where: { $0.id == formatID }) {
            throw ValidationError("unknown format id '\(formatID)' for --as (see `giro formats`)")
        }
    }

    func run() throws {
        if let ocr = slips.ocrFile { return try runOCR(ocr) }
        let bytes = try readInput()
        if document { return try runDocument(bytes) }
        if PDFFile.isPDF(bytes) { return try runPDF(bytes) }
        if ImageFileFormat.detect(bytes) != nil { return try runImage(bytes) }
        if formatID == nil, InvoiceDecoder.looksLikeXML(bytes) { return try runInvoiceXML(bytes) }  // e-invoice (InvoiceSupport.swift)
        let decoder = asOf.paymentDecoder
        let payloadValue = Payload(bytes: bytes)
        let result = Result { () throws(GiroError) in
            if let formatID { return try decoder.decode(payloadValue, formatID: formatID) }
            return try decoder.decode(payloadValue)
        }
        let usageError = { (error: GiroError) in error.code == .unknownFormat && formatID != nil }
        try printOutcome(result, failure: { usageError($0) ? .usage : .dataError })
    }

    /// One decoded record (or its refusal) in the chosen output format; exit 0 valid, 2 uncertain, the failure's code.
    func printOutcome(_ result: Result<PaymentRecord, GiroError>, failure: (GiroError) -> GiroExit = { _ in .dataError }) throws {
        switch result {
        case .success(let record):
            switch outputFormat {
            case .json, .ndjson: Output.writeOut(String(decoding: record.jsonBytes(), as: UTF8.self))
            case .pretty: Output.writeOut(Output.json(record, pretty: true))
            case .text: Output.writeOut(Output.text(record))
            }
            if record.status == .uncertain { throw GiroExit.uncertain }
        case .failure(let error):
            Output.writeOut(Output.json(["error": error], pretty: outputFormat == .pretty))
            throw failure(error).report("decode", error.description)
        }
    }

    private func printSlips(_ readings: [SlipReading]) throws {
        let out = SlipCLI.output(readings)
        switch outputFormat {
        case .pretty: Output.writeOut(Output.json(out, pretty: true))
        case .json: Output.writeOut(Output.json(out, pretty: false))
        case .ndjson: for s in out { Output.writeOut(Output.json(s, pretty: false)) }
        case .text: Output.writeOut(out.map { "slip \($0.slipClass)\n" + Output.text($0.record) }.joined(separator: "\n\n"))
        }
        if readings.isEmpty { Output.writeErr("giro decode: no slip found") }
        let code = SlipCLI.exitCode(readings)
        if code != GiroExit.valid { throw code }
    }

    /// `--ocr FILE`: the caller's words (format detected by content) → slips.
    private func runOCR(_ path: String) throws {
        let reader = try slips.reader()
        guard let data = FileManager.default.contents(atPath: path) else { throw GiroExit.noInput.report("decode", "cannot read \(path)") }
        let page: PageWords
        do { page = try CallerOCR.parse([UInt8](data)) } catch {
            Output.writeOut(Output.json(["error": error], pretty: outputFormat == .pretty))
            throw GiroExit.dataError.report("decode", error.description)
        }
        try printSlips(reader.read(words: page))
    }

    private func runImage(_ bytes: [UInt8]) throws {
        let result: ImageDecodeResult
        var decoder = try image.decoder(slipReader: { try slips.reader() })
        decoder.decoder = asOf.paymentDecoder
        do {
            result = try ImageOutput.decode(bytes, with: decoder, debugImage: debugImage)
        } catch {
            Output.writeOut(Output.json(["error": error], pretty: outputFormat == .pretty))
            throw (error.field == "debug_image" ? GiroExit.ioError : GiroExit.dataError).report("decode", error.description)
        }
        let findings = result.findings
        switch outputFormat {
        case .pretty: Output.writeOut(Output.json(findings, pretty: true))
        case .json: Output.writeOut(Output.json(findings, pretty: false))
        case .ndjson: for f in findings { Output.writeOut(Output.json(f, pretty: false)) }
        case .text: Output.writeOut(findings.map(ImageOutput.text).joined(separator: "\n\n"))
        }
        if let e = result.slipError { Output.writeErr("giro decode: slip reading failed: \(e.description)") }
        if findings.isEmpty {
            Output.writeErr("giro decode: no barcode found, no slip found (passes: \(result.passes.joined(separator: ", ")))")
        }
        let code = ImageOutput.exitCode(result)
        if code != GiroExit.valid { throw code }
    }

    private func readInput() throws -> [UInt8] {
        var source = file ?? ((payload == nil || payload == "-") ? "-" : nil)
        // `giro decode slip.jpg`: an argument naming an image file is read as that file; one naming a directory or
        // an empty file is refused below for what it is.
        if source == nil, let payload, Self.isImageFile(payload) || (document && DecodeInputKind.of(payload) == .file) || [.directory, .emptyFile].contains(DecodeInputKind.of(payload)) {
            source = payload
        }
        guard let source else {
            if payload?.isEmpty ?? true { throw DecodeInputKind.refuseEmpty("the payload argument", pretty: outputFormat == .pretty) }
            return Array((payload ?? "").utf8)
        }
        if DecodeInputKind.of(source) == .directory { throw DecodeInputKind.refuseDirectory(source) }
        if source == "-" && isatty(0) == 1 {
            throw GiroExit.usage.report("decode", "no payload given (pass it as an argument, with --file, or pipe it in)")
        }
        let bytes: [UInt8]
        do {
            let reader = try InputReader(path: source)
            defer { reader.close() }
            // The cap is the image limit for an image or a PDF, the payload limit for anything else.
            bytes = try reader.readAll {
                document || ImageFileFormat.detect($0) != nil || PDFFile.isPDF($0) ? ImageLimits.maxFileBytes
                    : InvoiceDecoder.looksLikeXML($0) ? XMLLimits().maxBytes : PayloadLimits.maxBytes
            }
        } catch .tooLarge(let name, let size, let limit) {
            let message = InputError.tooLarge(name, size: size, limit: limit).message
            Output.writeOut(Output.json(["error": GiroError(.payloadTooLarge, field: "payload", message)], pretty: outputFormat == .pretty))
            throw GiroExit.dataError.report("decode", message)
        } catch {
            throw error.exit.report("decode", error.message)
        }
        if bytes.isEmpty { throw DecodeInputKind.refuseEmpty(source == "-" ? "standard input" : source, pretty: outputFormat == .pretty) }
        return bytes
    }

    static func isImageFile(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        guard path.utf8.count < 4096, FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue,
              let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 1024)) ?? Data())
        return ImageFileFormat.detect(head) != nil || PDFFile.isPDF(head) || InvoiceDecoder.looksLikeXML(head)
    }
}
