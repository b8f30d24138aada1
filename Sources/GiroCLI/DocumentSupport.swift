import ArgumentParser
import Foundation
import Giro

/// `giro decode --document` and `giro scan --documents`: one verdict per document (`DocumentResult`).
enum DocumentCLI {
    static func reader(image: ImageOptions, pdf: PDFCLIOptions, slipReader: () throws -> SlipReader) throws -> DocumentReader {
        let slips = try slipReader()
        // The standard sources (one list for the library, the service and the CLI), the print read with --templates.
        let sources: [any DocumentSource] = DocumentReader.standardSources.map { $0 is PrintDocumentSource ? PrintDocumentSource(reader: slips) : $0 }
        return DocumentReader(pdfDecoder: pdf.decoder(image, words: true),
                              imageDecoder: try image.decoder(slipReader: { slips }), sources: sources)
    }

    /// 0 valid, 2 uncertain (a source mismatch among them), 65 no payment.
    static func exitCode(_ result: DocumentResult) -> GiroExit {
        switch result.status {
        case .valid: GiroExit.valid
        case .uncertain: GiroExit.uncertain
        case .noPayment: GiroExit.dataError
        }
    }

    static func text(_ result: DocumentResult) -> String {
        var lines = ["document (\(result.kind.rawValue)): \(result.status.rawValue), \(result.payments.count) payment(s)"]
        for (i, p) in result.payments.enumerated() {
            lines.append("payment \(i + 1):")
            lines.append(Output.text(p.record))
            for field in p.sources.keys.sorted() {
                lines.append("  \(field): \(p.sources[field, default: []].map(\.rawValue).joined(separator: ", "))")
            }
        }
        for m in result.mismatches {
            let values = m.values.map { "\($0.source.rawValue) \($0.value)" }.joined(separator: " / ")
            lines.append("document_source_mismatch: payment \(m.payment + 1) \(m.field): \(values)")
        }
        return lines.joined(separator: "\n")
    }
}

extension DecodeCommand {
    func runDocument(_ bytes: [UInt8]) throws {
        let reader = try DocumentCLI.reader(image: image, pdf: pdf, slipReader: { try slips.reader() })
        let result: DocumentResult
        do {
            result = try reader.read(bytes: bytes)
        } catch {
            Output.writeOut(Output.json(["error": error], pretty: outputFormat == .pretty))
            throw GiroExit.dataError.report("decode", error.description)
        }
        switch outputFormat {
        case .pretty: Output.writeOut(Output.json(result, pretty: true))
        case .json, .ndjson: Output.writeOut(Output.json(result, pretty: false))
        case .text: Output.writeOut(DocumentCLI.text(result))
        }
        for m in result.mismatches {
            Output.writeErr("giro decode: document_source_mismatch on \(m.field): "
                            + m.values.map { "\($0.source.rawValue) says \($0.value)" }.joined(separator: ", "))
        }
        let code = DocumentCLI.exitCode(result)
        if code != GiroExit.valid { throw code }
    }
}
