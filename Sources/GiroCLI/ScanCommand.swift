import ArgumentParser
import Foundation
import Giro

struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Read payment barcodes and printed slips from many images: NDJSON out, one line per symbol or slip.",
        discussion: """
        Arguments are image files or directories (searched recursively for .png, .jpg, .jpeg, .webp, .pdf and .xml).
        An XML e-invoice gives {"file": …, "invoice": {"kind": "invoice", "attachment", "record" or "error"}}, and so
        does each invoice embedded in a PDF.
        Each symbol gives {"file": …, "symbol": {…}} and each printed slip {"file": …, "slip": {…}} (the elements
        `giro decode IMAGE` prints; --slips as there); an image with neither, or that cannot be read, gives
        {"file": …, "error": {…}}. A PDF's symbols also carry "page" (1-based). Lines come in completion order. A progress bar goes to stderr on a terminal.
        --documents reads each file (.xml too) as one document: one line {"file": …, "document": {…}} per file, the \
        verdict `giro decode --document` prints (payments merged across barcode and print, source mismatches).
        Exit code 0 when every file was processed, 66 when no image was found.
        """
    )

    @Argument(help: "Image files or directories.")
    var paths: [String]

    @Option(name: .shortAndLong, help: "Worker threads (default: all cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @OptionGroup var image: ImageOptions

    @OptionGroup var pdf: PDFCLIOptions

    @OptionGroup var asOf: AsOfOption

    @Option(name: .customLong("templates"), help: "A folder of slip templates (*.json) used besides the built-in ones.")
    var templatesFolder: String?

    @Flag(help: "One line per file with its document verdict (PDF, image, XML): payments merged across sources, mismatches.")
    var documents = false

    static let extensions: Set<String> = ["png", "jpg", "jpeg", "webp", "pdf", "xml"]

    func validate() throws {
        if jobs < 1 || jobs > 512 { throw ValidationError("--jobs must be between 1 and 512") }
        if paths.isEmpty { throw ValidationError("give at least one image file or directory") }
    }

    struct Line: Encodable {
        var file: String
        /// PDFs only (absent for images).
        var page: Int?
        var symbol: ImageSymbolResult?
        /// A printed slip (images only).
        var slip: ImageSlipResult?
        /// An e-invoice: an XML file, or a PDF's attachment (InvoiceSupport.swift).
        var invoice: EInvoiceFinding?
        var error: GiroError?
        /// `--documents`: the file's verdict.
        var document: DocumentResult?
    }

    func run() throws {
        let files = Self.collect(paths, xml: documents)
        guard !files.isEmpty else {
            Output.writeErr("giro scan: no .png, .jpg or .webp files under \(paths.joined(separator: " "))")
            throw GiroExit.noInput
        }
        var configured = try image.decoder(slipReader: {
            do throws(GiroError) { return try SlipReader.standard(templatesFolder: templatesFolder) } catch {
                Output.writeOut(Output.json(["error": error], pretty: false))
                throw GiroExit.dataError.report("scan", error.description)
            }
        })
        configured.decoder = asOf.paymentDecoder
        let decoder = configured
        var configuredPDF = pdf.decoder(image, words: false)
        configuredPDF.imageDecoder.decoder = asOf.paymentDecoder
        let pdfDecoder = configuredPDF
        let documentReader = try documents ? DocumentCLI.reader(image: image, pdf: pdf, slipReader: { () throws -> SlipReader in
            do throws(GiroError) { return try SlipReader.standard(templatesFolder: templatesFolder) } catch {
                throw GiroExit.dataError.report("scan", error.description)
            }
        }) : nil
        let state = ScanState(total: files.count, progress: isatty(2) == 1)
        let workers = min(jobs, files.count)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = state.next() {
                let file = files[index]
                var lines: [Line] = []
                let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? nil
                if let size, size <= ImageLimits.maxFileBytes, let data = FileManager.default.contents(atPath: file) {
                    do throws(GiroError) {
                        let bytes = [UInt8](data)
                        if let documentReader {
                            lines = [Line(file: file, document: try documentReader.read(bytes: bytes))]
                        } else if PDFFile.isPDF(bytes) {
                            lines = try pdfDecoder.decode(pdfBytes: bytes).symbols.map { Line(file: file, page: $0.page, symbol: $0.symbol) }
                            lines += InvoiceCLI.invoices(inPDF: bytes).map { Line(file: file, invoice: $0) }
                        } else if InvoiceDecoder.looksLikeXML(bytes) {
                            lines = [Line(file: file, invoice: EInvoiceReader().read(xml: bytes))]
                        } else {
                            let result = try ImageOutput.decode(bytes, with: decoder)
                            lines = result.symbols.map { Line(file: file, symbol: $0) } + result.slips.map { Line(file: file, slip: $0) }
                            if lines.isEmpty, let e = result.slipError { lines = [Line(file: file, error: e)] }
                        }
                        if lines.isEmpty {
                            lines = [Line(file: file, error: GiroError(.noBarcodeFound, field: "image", "no barcode or slip found"))]
                        }
                    } catch {
                        lines = [Line(file: file, error: error)]
                    }
                } else {
                    lines = [Line(file: file, error: GiroError(.inputInvalid, field: "file", "cannot read the file, or it is over the size limit"))]
                }
                let found = lines.filter { $0.symbol != nil || $0.slip != nil || $0.invoice?.record != nil }.count
                    + lines.reduce(0) { $0 + ($1.document?.payments.count ?? 0) }
                state.finish(lines.map { Output.json($0, pretty: false) }, symbols: found)
            }
        }
        state.done()
    }

    /// Files in argument order; directories expanded recursively and sorted.
    static func collect(_ paths: [String], xml: Bool = false) -> [String] {
        var out: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDir) else {
                Output.writeErr("giro scan: no such file: \(path)")
                continue
            }
            if !isDir.boolValue { out.append(path); continue }
            let found = (fm.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                .filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) || (xml && ($0 as NSString).pathExtension.lowercased() == "xml") }
                .sorted()
                .map { (path as NSString).appendingPathComponent($0) }
            out += found
        }
        return out
    }
}

/// Work queue, output and progress shared by the scan workers (all under one lock).
final class ScanState: @unchecked Sendable {
    private let lock = NSLock()
    private var nextIndex = 0
    private var finished = 0
    private var symbols = 0
    private let total: Int
    private let progress: Bool

    init(total: Int, progress: Bool) {
        self.total = total
        self.progress = progress
    }

    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard nextIndex < total else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }

    func finish(_ lines: [String], symbols found: Int) {
        lock.lock()
        defer { lock.unlock() }
        for line in lines { Output.writeOut(line) }
        finished += 1
        symbols += found
        if progress {
            let width = 30, filled = width * finished / max(1, total)
            let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
            FileHandle.standardError.write(Data("\r[\(bar)] \(finished)/\(total) images, \(symbols) symbols".utf8))
        }
    }

    func done() {
        lock.lock()
        defer { lock.unlock() }
        if progress { FileHandle.standardError.write(Data("\n".utf8)) }
        Output.writeErr("giro scan: \(finished) images, \(symbols) symbols")
    }
}
