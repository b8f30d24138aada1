/// A setting an identifier kind takes: `giro check au-crn --algorithm MOD10V05 …`, `giro check se-ocr --length-digit …`,
/// `POST /v1/check/au-crn?algorithm=MOD10V05`. Most kinds take none.
public struct IdentifierOption: Sendable, Hashable, Codable {
    /// Name on the command line (`--name`) and in the query string (`algorithm`, `length-digit`).
    public var name: String
    /// One line for `giro check --list`.
    public var summary: String
    /// The values it takes (`MOD10V01`, `MOD10V05` …); empty for a switch, which takes `true` or `false`.
    public var values: [String]
    /// The value when the option is not given.
    public var defaultValue: String

    public init(name: String, summary: String, values: [String] = [], defaultValue: String = "false") {
        self.name = name
        self.summary = summary
        self.values = values
        self.defaultValue = defaultValue
    }

    /// Whether the option is a switch (`true` / `false`).
    public var isSwitch: Bool { values.isEmpty }
}

extension Identifier {
    public var options: [IdentifierOption] { [] }

    /// A kind without options takes no settings.
    public func configured(_ settings: [String: String]) throws(GiroError) -> any Identifier {
        _ = try IdentifierSettings.resolve(settings, options: options, kind: kind)
        return self
    }
}

/// Settings checked against a kind's options, defaults filled in.
package enum IdentifierSettings {
    /// Every option's value: the given one (checked) or its default. Unknown names and values not in the option's
    /// list are `input_invalid` at `option.<name>`; a switch takes `true`/`false` (also `1`/`0`, `yes`/`no`).
    package static func resolve(_ settings: [String: String], options: [IdentifierOption], kind: String) throws(GiroError) -> [String: String] {
        var resolved: [String: String] = [:]
        for option in options { resolved[option.name] = option.defaultValue }
        for name in settings.keys.sorted() {
            let raw = settings[name] ?? ""
            let shownName = IdentifierSettings.shown(name)
            guard let option = options.first(where: { $0.name == name }) else {
                let known = options.isEmpty ? "it takes none" : "it takes " + options.map { "--" + $0.name }.joined(separator: ", ")
                throw GiroError(.inputInvalid, field: "option.\(shownName)", "\(kind) has no option \(shownName) (\(known))")
            }
            if option.isSwitch {
                switch raw.lowercased() {
                case "", "true", "1", "yes": resolved[name] = "true"
                case "false", "0", "no": resolved[name] = "false"
                default: throw GiroError(.inputInvalid, field: "option.\(name)", "\(name) is a switch: true or false, not \(shown(raw))")
                }
            } else {
                guard let value = option.values.first(where: { $0.caseInsensitiveEquals(raw) }) else {
                    throw GiroError(.inputInvalid, field: "option.\(name)",
                                    "\(name) takes \(option.values.joined(separator: ", ")), not \(shown(raw))")
                }
                resolved[name] = value
            }
        }
        return resolved
    }

    /// A caller's text for a message: ASCII letters, digits and `-_.` only, at most 32 characters.
    static func shown(_ text: String) -> String {
        let kept = text.unicodeScalars.prefix(32).map { s -> Character in
            s.isASCII && (s.properties.isAlphabetic || s.properties.numericType != nil || "-_.".unicodeScalars.contains(s)) ? Character(s) : "?"
        }
        return String(kept)
    }
}

extension String {
    fileprivate func caseInsensitiveEquals(_ other: String) -> Bool {
        self.utf8.count == other.utf8.count && self.uppercased() == other.uppercased()
    }
}
