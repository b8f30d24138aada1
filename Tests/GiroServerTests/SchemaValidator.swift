import Foundation

/// The subset of JSON Schema 2020-12 the OpenAPI document uses: `$ref` (within the document), `type` (one
/// or a list), `enum`, `const`, `required`, `properties`, `additionalProperties`, `items`, `oneOf`, `anyOf`,
/// `allOf`, `minItems`, `minLength`, `pattern`. Returns the violations (empty: valid).
struct SchemaValidator {
    let document: JSONValue

    func validate(_ value: JSONValue, against schema: JSONValue, at path: String = "$") -> [String] {
        guard let schema = schema.object else { return [] }
        var problems: [String] = []
        if let ref = schema["$ref"]?.string {
            guard let target = resolve(ref) else { return ["\(path): unresolvable \(ref)"] }
            problems += validate(value, against: target, at: path)
        }
        if let types = schema["type"] {
            let allowed = types.array?.compactMap(\.string) ?? [types.string ?? ""]
            if !allowed.contains(where: { Self.matches(value, type: $0) }) {
                return problems + ["\(path): expected \(allowed), found \(value)"]
            }
        }
        if let options = schema["enum"]?.array, !options.contains(value) { problems.append("\(path): \(value) not in enum") }
        if let constant = schema["const"], constant != value { problems.append("\(path): not the const") }
        for s in schema["allOf"]?.array ?? [] { problems += validate(value, against: s, at: path) }
        if let any = schema["anyOf"]?.array, !any.contains(where: { validate(value, against: $0, at: path).isEmpty }) {
            problems.append("\(path): matches no anyOf branch")
        }
        if let one = schema["oneOf"]?.array {
            let passing = one.filter { validate(value, against: $0, at: path).isEmpty }.count
            if passing != 1 { problems.append("\(path): matches \(passing) oneOf branches, not 1") }
        }
        switch value {
        case .object(let object):
            for case .string(let key) in schema["required"]?.array ?? [] where object[key] == nil {
                problems.append("\(path): missing \(key)")
            }
            let properties = schema["properties"]?.object ?? [:]
            for (key, member) in object {
                if let sub = properties[key] {
                    problems += validate(member, against: sub, at: "\(path).\(key)")
                } else if let extra = schema["additionalProperties"] {
                    if extra == .bool(false) { problems.append("\(path): unexpected member \(key)") } else {
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
            if let pattern = schema["pattern"]?.string, string.range(of: pattern, options: .regularExpression) == nil {
                problems.append("\(path): \(string.debugDescription) does not match \(pattern)")
            }
        default: break
        }
        return problems
    }

    func resolve(_ ref: String) -> JSONValue? {
        guard ref.hasPrefix("#/") else { return nil }
        var node: JSONValue? = document
        for part in ref.dropFirst(2).split(separator: "/") { node = node?[String(part)] }
        return node
    }

    static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("integer", .integer), ("number", .integer), ("number", .number),
             ("string", .string), ("array", .array), ("object", .object): true
        default: false
        }
    }
}
