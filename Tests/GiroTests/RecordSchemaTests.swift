import Foundation
import Giro
import Testing

/// `docs/record.schema.json` describes the JSON Giro prints. Every golden file under `fixtures/` must validate
/// against it, and the schema's objects are closed (`additionalProperties: false`), so a key that output gains
/// without being documented fails here.
@Suite struct RecordSchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func loadSchema() throws -> SchemaValidator {
        try SchemaValidator(schema: JSONValue.parse(Data(contentsOf: root.appendingPathComponent("docs/record.schema.json"))))
    }

    /// Every `*.json` under `fixtures/`, with the schema definition it must satisfy.
    static func goldenFiles() -> [(url: URL, definition: String?)] {
        let base = root.appendingPathComponent("fixtures")
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var out: [(URL, String?)] = []
        // OCR words files (fixtures/ocr-inputs, `*.words.json`) and slip cases (`slips/<class>/cases.json`) are inputs, not records.
        for case let path as String in walker where path.hasSuffix(".json") && !path.hasPrefix("ocr-inputs/") && !path.hasSuffix(".words.json")
            && !(path.hasPrefix("slips/") && path.hasSuffix("/cases.json")) {
            // Identifier checks (`giro check`) have their own shape; everything else is a record or {"error": …}.
            out.append((base.appendingPathComponent(path), path.hasPrefix("validators/") ? "identifierCheck" : nil))
        }
        return out.sorted { $0.0.path < $1.0.path }
    }

    @Test func everyGoldenFileValidates() throws {
        let validator = try Self.loadSchema()
        let files = Self.goldenFiles()
        #expect(files.count > 400, "golden files not found under \(Self.root.path)/fixtures")
        var failures: [String] = []
        for (url, definition) in files {
            let value = try JSONValue.parse(Data(contentsOf: url))
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
            let errors = validator.validate(try JSONValue.parse(Data(line.utf8)), against: "batchLine")
            #expect(errors.isEmpty, "\(line.prefix(120)): \(errors.prefix(3))")
        }
    }

    @Test func amountsAndDecimalsAreStrings() throws {
        let validator = try Self.loadSchema()
        let defs = validator.definitions
        func resolvedType(_ schema: JSONValue?) -> JSONValue? {
            guard case .object(let o)? = schema else { return nil }
            if case .string(let ref)? = o["$ref"] { return resolvedType(defs[String(ref.dropFirst("#/$defs/".count))]) }
            return o["type"]
        }
        func property(_ def: String, _ key: String) -> JSONValue? {
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
        guard case .object(var record) = try JSONValue.parse(Data(contentsOf: url)) else { Issue.record("not an object"); return }
        #expect(validator.validate(.object(record), against: nil).isEmpty)
        record["surprise"] = .string("x")
        #expect(!validator.validate(.object(record), against: nil).isEmpty)
        record["surprise"] = nil
        record["status"] = .string("maybe")
        #expect(!validator.validate(.object(record), against: nil).isEmpty)
    }
}

// MARK: - A small JSON Schema validator for the subset the schema uses

/// A parsed JSON value (integers kept apart from other numbers, booleans apart from numbers).
enum JSONValue: Decodable, Equatable, CustomStringConvertible {
    case null, bool(Bool), integer(Int), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let i = try? c.decode(Int.self) { self = .integer(i) }
        else if let d = try? c.decode(Double.self) { self = .number(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    static func parse(_ data: Data) throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: data) }

    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer: "integer"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    var description: String {
        switch self {
        case .string(let s): "\"\(s)\""
        case .integer(let i): "\(i)"
        default: typeName
        }
    }
}

/// Supports: `type` (a name or a list, `integer` ⊂ `number`), `enum`, `pattern` (strings only), `properties`,
/// `required`, `additionalProperties` (false or a schema), `items`, `oneOf`, and `$ref` to `#/$defs/…`.
/// Any other keyword in the schema is reported as unsupported, so the schema cannot silently outgrow it.
struct SchemaValidator {
    let schema: JSONValue
    let definitions: [String: JSONValue]
    static let supported: Set<String> = ["$schema", "$id", "$defs", "$ref", "title", "description", "type", "enum",
                                         "pattern", "properties", "required", "additionalProperties", "items", "oneOf"]

    init(schema: JSONValue) {
        self.schema = schema
        if case .object(let o) = schema, case .object(let defs)? = o["$defs"] { definitions = defs } else { definitions = [:] }
    }

    /// Errors (empty when valid) of `value` against the root schema, or against `$defs/<definition>`.
    func validate(_ value: JSONValue, against definition: String? = nil) -> [String] {
        var errors: [String] = []
        let target = definition.map { definitions[$0] ?? .null } ?? schema
        check(value, target, path: "$", errors: &errors)
        return errors
    }

    private func check(_ value: JSONValue, _ schema: JSONValue, path: String, errors: inout [String]) {
        guard case .object(let s) = schema else { errors.append("\(path): schema is not an object"); return }
        for key in s.keys where !Self.supported.contains(key) { errors.append("\(path): unsupported keyword \(key)") }
        if case .string(let ref)? = s["$ref"] {
            guard ref.hasPrefix("#/$defs/"), let target = definitions[String(ref.dropFirst(8))] else {
                errors.append("\(path): unresolved $ref \(ref)"); return
            }
            check(value, target, path: path, errors: &errors)
        }
        if let type = s["type"] {
            let allowed: [String] = switch type {
            case .string(let t): [t]
            case .array(let ts): ts.compactMap { if case .string(let t) = $0 { t } else { nil } }
            default: []
            }
            let actual = value.typeName
            if !allowed.contains(actual) && !(actual == "integer" && allowed.contains("number")) {
                errors.append("\(path): \(value) is not \(allowed.joined(separator: "|"))"); return
            }
        }
        if case .array(let options)? = s["enum"], !options.contains(value) {
            errors.append("\(path): \(value) not in enum")
        }
        if case .string(let pattern)? = s["pattern"], case .string(let text) = value {
            if let regex = try? NSRegularExpression(pattern: pattern) {
                if regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil {
                    errors.append("\(path): \"\(text)\" does not match \(pattern)")
                }
            } else {
                errors.append("\(path): bad pattern \(pattern)")
            }
        }
        if case .object(let members) = value {
            let properties: [String: JSONValue]
            if case .object(let p)? = s["properties"] { properties = p } else { properties = [:] }
            if case .array(let required)? = s["required"] {
                for case .string(let key) in required where members[key] == nil { errors.append("\(path): missing \(key)") }
            }
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                if let sub = properties[key] {
                    check(member, sub, path: "\(path).\(key)", errors: &errors)
                } else if let extra = s["additionalProperties"] {
                    if extra == .bool(false) { errors.append("\(path): undocumented key \(key)") }
                    else if case .object = extra { check(member, extra, path: "\(path).\(key)", errors: &errors) }
                }
            }
        }
        if case .array(let elements) = value, let items = s["items"] {
            for (i, element) in elements.enumerated() { check(element, items, path: "\(path)[\(i)]", errors: &errors) }
        }
        if case .array(let options)? = s["oneOf"] {
            var matching = 0
            var firstErrors: [[String]] = []
            for option in options {
                var sub: [String] = []
                check(value, option, path: path, errors: &sub)
                if sub.isEmpty { matching += 1 } else { firstErrors.append(sub) }
            }
            if matching != 1 {
                // Report the option that got furthest: skip bare type mismatches (the `null` arm of a nullable
                // reference), then take the fewest errors.
                let typeOnly = { (e: [String]) in e.count == 1 && e[0].hasPrefix("\(path): ") && e[0].contains(" is not ") }
                let best = (firstErrors.filter { !typeOnly($0) }.min { $0.count < $1.count } ?? firstErrors.first) ?? []
                errors.append("\(path): matches \(matching) of \(options.count) oneOf options" + (best.isEmpty ? "" : " (\(best.prefix(2).joined(separator: "; ")))"))
            }
        }
    }
}
