/// A small XML writer: elements are opened and closed in order, every text and attribute value goes through
/// ``XMLWriter/escaped(_:)``, so payload text can never become markup. Output is bounded (``maximumBytes``).
struct XMLWriter {
    /// Refuses to grow past this many bytes (a pain.001 of the record limit stays far below it).
    static let maximumBytes = 64 << 20

    private(set) var bytes: [UInt8] = []
    private var open: [String] = []
    private(set) var overflowed = false

    init() {
        append(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        append("\n")
    }

    /// Opens `<name attr="value"…>`; `name` is a constant of this module, never payload text.
    mutating func start(_ name: String, attributes: [(String, String)] = []) {
        indent()
        append("<" + name)
        for (key, value) in attributes { append(" " + key + "=\"" + Self.escaped(value) + "\"") }
        append(">\n")
        open.append(name)
    }

    mutating func end() {
        guard let name = open.popLast() else { return }
        indent()
        append("</" + name + ">\n")
    }

    /// `<name>text</name>` on one line.
    mutating func element(_ name: String, _ text: String, attributes: [(String, String)] = []) {
        indent()
        append("<" + name)
        for (key, value) in attributes { append(" " + key + "=\"" + Self.escaped(value) + "\"") }
        append(">" + Self.escaped(text) + "</" + name + ">\n")
    }

    /// Wraps `body` in `<name>…</name>`.
    mutating func group(_ name: String, _ body: (inout XMLWriter) -> Void) {
        start(name)
        body(&self)
        end()
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    private mutating func indent() {
        append(String(repeating: "  ", count: open.count))
    }

    private mutating func append(_ s: String) {
        guard !overflowed else { return }
        guard bytes.count + s.utf8.count <= Self.maximumBytes else { overflowed = true; return }
        bytes.append(contentsOf: s.utf8)
    }

    /// Escapes the five XML specials. Text reaching here has already been reduced to XML 1.0 characters
    /// (``TextPolicy``); anything else is dropped here too, as a last line of defence.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                if TextPolicy.isXMLCharacter(scalar) { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
