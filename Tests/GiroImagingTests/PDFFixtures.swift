import Foundation
import Giro

/// The PDF fixtures (`fixtures/pdf/manifest.tsv`, written by `fixtures/pdf/generate.sh`): per page, the
/// symbologies and payloads of its bills in reading order.
enum PDFFixtures {
    static let directory = ImageFixtures.repoRoot.appendingPathComponent("fixtures/pdf")

    struct Page: CustomStringConvertible, Sendable {
        var pdf: String
        var page: Int
        var symbologies: [Symbology]
        var payloads: [String]
        var description: String { "\(pdf) p\(page)" }
    }

    static let pages: [Page] = {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("manifest.tsv"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line -> Page? in
            guard !line.hasPrefix("#") else { return nil }
            let f = line.split(separator: "\t").map(String.init)
            guard f.count == 4, let page = Int(f[1]) else { return nil }
            return Page(pdf: f[0], page: page, symbologies: f[2].split(separator: ",").compactMap { Symbology(rawValue: String($0)) },
                        payloads: f[3].split(separator: ",").map(String.init))
        }
    }()

    static var documents: [String] { Array(Set(pages.map(\.pdf))).sorted() }

    static func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: directory.appendingPathComponent(name))) }

    /// Decoding options for tests: a generous reading budget, so which passes run does not depend on the load.
    static let decoder = PDFDecoder(imageDecoder: ImageDecoder(strategy: .unlimited))

    /// A minimal PDF written by hand: catalog, page tree, `pages` (each `[kid…]` of the page tree) and one content
    /// stream. poppler repairs the cross-reference table, so offsets need not be exact.
    static func handMade(mediaBox: String = "0 0 595 842", kids: String = "3 0 R", count: Int = 1, content: String = "0 0 m 100 100 l S") -> [UInt8] {
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [\(kids)] /Count \(count) >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [\(mediaBox)] /Contents 4 0 R >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
        ]
        var out = "%PDF-1.4\n", offsets: [Int] = []
        for (i, o) in objects.enumerated() {
            offsets.append(out.utf8.count)
            out += "\(i + 1) 0 obj\n\(o)\nendobj\n"
        }
        let xref = out.utf8.count
        out += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for o in offsets { out += String(repeating: "0", count: 10 - String(o).count) + "\(o) 00000 n \n" }
        out += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Array(out.utf8)
    }
}
