import Foundation
import Giro
import GiroTestSupport
import Testing

/// `docs/record.schema.json` describes the JSON Giro prints. Every golden file under `fixtures/` must validate
/// against it, and the schema's objects are closed (`additionalProperties: false`), so a key that output gains
/// without being documented fails here.
@Suite struct RecordSchemaTests {
    static let root = RepositoryRoot.url

    static func loadSchema() throws -> SchemaValidator {
        try SchemaValidator(document: JSONTree.parse(Data(contentsOf: root.appendingPathComponent("docs/record.schema.json"))), strict: true)
    }

    /// Every `*.json` under `fixtures/`, with the schema definition it must satisfy.
    static func goldenFiles() -> [(url: URL, definition: String?)] {
        let base = root.appendingPathComponent("fixtures")
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var out: [(URL, String?)] = []
        // OCR words files (fixtures/ocr-inputs, `*.words.json`) are inputs, not records.
        // Slip fixture specs (`slips/<class>/cases.json`, `barcodes.json`) are generator inputs too.
        // Third-party material (`third-party/`, `slips/third-party/`: vectors, truths, summaries) is data, not records;
        // so are the perturbed renders' truths and per-field outcomes (`slips-perturbed/`).
        let specs: Set<String> = ["cases.json", "barcodes.json"]
        for case let path as String in walker where path.hasSuffix(".json") && !path.hasPrefix("ocr-inputs/") && !path.hasSuffix(".words.json")
            && !(path.hasPrefix("slips/") && specs.contains((path as NSString).lastPathComponent))
            && !path.hasPrefix("third-party/") && !path.hasPrefix("slips/third-party/") && !path.hasPrefix("slips-perturbed/") {
            // Identifier checks (`giro check`) have their own shape; everything else is a record or {"error": …}.
            // Document verdicts (fixtures/documents) too.
            let definition = path.hasPrefix("validators/") ? "identifierCheck" : path.hasPrefix("documents/") ? "document" : nil
            out.append((base.appendingPathComponent(path), definition))
        }
        return out.sorted { $0.0.path < $1.0.path }
    }

    @Test func everyGoldenFileValidates() throws {
        let validator = try Self.loadSchema()
        let files = Self.goldenFiles()
        #expect(files.count > 400, "golden files not found under \(Self.root.path)/fixtures")
        var failures: [String] = []
        for (url, definition) in files {
            let value = try JSONTree.parse(Data(contentsOf: url))
            let errors = validator.validate(value, against: definition)
            if !errors.isEmpty {
                failures.append("\(url.path.dropFirst(Self.root.path.count + 1)): " + errors.prefix(3).joined(separator: "; "))
            }
        }
        #expect(failures.isEmpty, "\(failures.count) golden files do not match docs/record.schema.json:\n\(failures.prefix(20).joined(separator: "\n"))")
    }

    /// The fast writer (what the CLI prints) and the batch line wrapper, on the bundled batch sample.
    @Test func batchOutputValidates() throws {
        let validator = try Self.loadSchema()
        let input = try Data(contentsOf: Self.root.appendingPathComponent("fixtures/samples/batch.ndjson"))
        let lines = [UInt8](input).split(separator: 0x0A)
        let block = BatchDecoder(jobs: 1).decodeBlock(Array(lines), firstLineNumber: 1)
        #expect(block.lines.count == lines.count)
        for line in block.lines {
            let errors = validator.validate(try JSONTree.parse(Data(line.utf8)), against: "batchLine")
            #expect(errors.isEmpty, "\(line.prefix(120)): \(errors.prefix(3))")
        }
    }

    @Test func amountsAndDecimalsAreStrings() throws {
        let validator = try Self.loadSchema()
        let defs = validator.definitions
        func resolvedType(_ schema: JSONTree?) -> JSONTree? {
            guard case .object(let o)? = schema else { return nil }
            if case .string(let ref)? = o["$ref"] { return resolvedType(defs[String(ref.dropFirst("#/$defs/".count))]) }
            return o["type"]
        }
        func property(_ def: String, _ key: String) -> JSONTree? {
            guard case .object(let o)? = defs[def], case .object(let props)? = o["properties"] else { return nil }
            return props[key]
        }
        #expect(resolvedType(property("amount", "value")) == .string("string"))
        for (def, key) in [("invoice", "totalAmount"), ("invoice", "nonTaxableAmount"), ("invoice", "exchangeRate"),
                           ("invoiceTax", "base"), ("invoiceTax", "tax"), ("taxRate", "amount")] {
            #expect(resolvedType(property(def, key)) == .array([.string("string"), .string("null")]), "\(def).\(key)")
        }
        #expect(resolvedType(property("taxRate", "rate")) == .string("string"))
        // A number where an amount belongs is rejected.
        #expect(!validator.validate(.object(["currency": .string("EUR"), "value": .number(12.5)]), against: "amount").isEmpty)
    }

    @Test func undocumentedKeyIsRejected() throws {
        let validator = try Self.loadSchema()
        let url = Self.root.appendingPathComponent("fixtures/payloads/ch.qr-bill/valid-spc-1.json")
        guard case .object(var record) = try JSONTree.parse(Data(contentsOf: url)) else { Issue.record("not an object"); return }
        #expect(validator.validate(.object(record), against: nil).isEmpty)
        record["surprise"] = .string("x")
        #expect(!validator.validate(.object(record), against: nil).isEmpty)
        record["surprise"] = nil
        record["status"] = .string("maybe")
        #expect(!validator.validate(.object(record), against: nil).isEmpty)
    }
}
