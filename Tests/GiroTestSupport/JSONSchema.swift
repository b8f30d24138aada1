import Foundation

/// A parsed JSON value that keeps booleans, integers and numbers apart (what schema types need); named apart from
/// GiroCore's package `JSONValue`, which test targets see through `import Giro`.
public indirect enum JSONTree: Decodable, Equatable, Sendable, CustomStringConvertible {
    case null, bool(Bool), integer(Int64), number(Double), string(String), array([JSONTree]), object([String: JSONTree])

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let i = try? c.decode(Int64.self) { self = .integer(i) }
        else if let d = try? c.decode(Double.self) { self = .number(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONTree].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONTree].self)) }
    }

    public static func parse(_ data: Data) throws -> JSONTree { try JSONDecoder().decode(JSONTree.self, from: data) }
    public static func parse(_ bytes: [UInt8]) throws -> JSONTree { try parse(Data(bytes)) }

    public subscript(key: String) -> JSONTree? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    public var string: String? { if case .string(let s) = self { return s }; return nil }
    public var object: [String: JSONTree]? { if case .object(let o) = self { return o }; return nil }
    public var array: [JSONTree]? { if case .array(let a) = self { return a }; return nil }
    public var integer: Int64? { if case .integer(let i) = self { return i }; return nil }
    public var bool: Bool? { if case .bool(let b) = self { return b }; return nil }

    /// The JSON Schema type name.
    public var typeName: String {
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

    public var description: String {
        switch self {
        case .string(let s): "\"\(s)\""
        case .integer(let i): "\(i)"
        default: typeName
        }
    }
}

/// The subset of JSON Schema 2020-12 that `docs/record.schema.json` and the OpenAPI document use: `$ref` (within the
/// document), `type` (a name or a list, `integer` ⊂ `number`), `enum`, `const`, `required`, `properties`,
/// `additionalProperties` (false or a schema), `items`, `oneOf`, `anyOf`, `allOf`, `minItems`, `minLength`,
/// `pattern` (strings only). Returns the violations (empty: valid). `strict` reports any other keyword in the schema
/// as unsupported, so a schema cannot silently outgrow the validator.
public struct SchemaValidator: Sendable {
    public let document: JSONTree
    public let strict: Bool
    /// `$defs` of the document.
    public var definitions: [String: JSONTree] { document["$defs"]?.object ?? [:] }
    public static let supported: Set<String> = [
        "$schema", "$id", "$defs", "$ref", "title", "description", "type", "enum", "const", "pattern", "properties",
        "required", "additionalProperties", "items", "oneOf", "anyOf", "allOf", "minItems", "minLength",
    ]

    public init(document: JSONTree, strict: Bool = false) {
        self.document = document
        self.strict = strict
    }

    /// Violations of `value` against the document's root schema, or against `$defs/<definition>`.
    public func validate(_ value: JSONTree, against definition: String?) -> [String] {
        validate(value, against: definition.map { definitions[$0] ?? .null } ?? document)
    }

    public func validate(_ value: JSONTree, against schema: JSONTree, at path: String = "$") -> [String] {
        if schema == .bool(true) { return [] }
        guard let schema = schema.object else { return strict ? ["\(path): schema is not an object"] : [] }
        var problems: [String] = []
        if strict {
            for key in schema.keys.sorted() where !Self.supported.contains(key) { problems.append("\(path): unsupported keyword \(key)") }
        }
        if let ref = schema["$ref"]?.string {
            guard let target = resolve(ref) else { return problems + ["\(path): unresolvable \(ref)"] }
            problems += validate(value, against: target, at: path)
        }
        if let types = schema["type"] {
            let allowed = types.array?.compactMap(\.string) ?? [types.string ?? ""]
            if !allowed.contains(where: { Self.matches(value, type: $0) }) {
                return problems + ["\(path): \(value) is not \(allowed.joined(separator: "|"))"]
            }
        }
        if let options = schema["enum"]?.array, !options.contains(value) { problems.append("\(path): \(value) not in enum") }
        if let constant = schema["const"], constant != value { problems.append("\(path): not the const") }
        for s in schema["allOf"]?.array ?? [] { problems += validate(value, against: s, at: path) }
        if let any = schema["anyOf"]?.array, !any.contains(where: { validate(value, against: $0, at: path).isEmpty }) {
            problems.append("\(path): matches no anyOf branch")
        }
        if let options = schema["oneOf"]?.array { problems += oneOf(value, options, at: path) }
        switch value {
        case .object(let object):
            for case .string(let key) in schema["required"]?.array ?? [] where object[key] == nil {
                problems.append("\(path): missing \(key)")
            }
            let properties = schema["properties"]?.object ?? [:]
            for (key, member) in object.sorted(by: { $0.key < $1.key }) {
                if let sub = properties[key] {
                    problems += validate(member, against: sub, at: "\(path).\(key)")
                } else if let extra = schema["additionalProperties"] {
                    if extra == .bool(false) { problems.append("\(path): undocumented key \(key)") } else {
                        problems += validate(member, against: extra, at: "\(path).\(key)")
                    }
                }
            }
        case .array(let array):
            if let min = schema["minItems"]?.integer, array.count < min { problems.append("\(path): fewer than \(min) items") }
            if let items = schema["items"] {
                for (i, element) in array.enumerated() { problems += validate(element, against: items, at: "\(path)[\(i)]") }
            }
        case .string(let string):
            if let min = schema["minLength"]?.integer, string.count < min { problems.append("\(path): shorter than \(min)") }
            if let pattern = schema["pattern"]?.string {
                if let regex = try? NSRegularExpression(pattern: pattern) {
                    if regex.firstMatch(in: string, range: NSRange(string.startIndex..., in: string)) == nil {
                        problems.append("\(path): \(string.debugDescription) does not match \(pattern)")
                    }
                } else {
                    problems.append("\(path): bad pattern \(pattern)")
                }
            }
        default: break
        }
        return problems
    }

    /// Exactly one option must match. When not, the option that got furthest is reported: bare type mismatches (the
    /// `null` arm of a nullable reference) are skipped, then the fewest violations win.
    private func oneOf(_ value: JSONTree, _ options: [JSONTree], at path: String) -> [String] {
        var matching = 0
        var failures: [[String]] = []
        for option in options {
            let sub = validate(value, against: option, at: path)
            if sub.isEmpty { matching += 1 } else { failures.append(sub) }
        }
        guard matching != 1 else { return [] }
        let typeOnly = { (e: [String]) in e.count == 1 && e[0].hasPrefix("\(path): ") && e[0].contains(" is not ") }
        let best = (failures.filter { !typeOnly($0) }.min { $0.count < $1.count } ?? failures.first) ?? []
        return ["\(path): matches \(matching) of \(options.count) oneOf options" + (best.isEmpty ? "" : " (\(best.prefix(2).joined(separator: "; ")))")]
    }

    public func resolve(_ ref: String) -> JSONTree? {
        guard ref.hasPrefix("#/") else { return nil }
        var node: JSONTree? = document
        for part in ref.dropFirst(2).split(separator: "/") { node = node?[String(part)] }
        return node
    }

    public static func matches(_ value: JSONTree, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("integer", .integer), ("number", .integer), ("number", .number),
             ("string", .string), ("array", .array), ("object", .object): true
        default: false
        }
    }
}
