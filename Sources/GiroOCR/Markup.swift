import GiroCore

/// A forgiving scanner for the XML and HTML that OCR engines write (hOCR, ALTO): start and end tags with their
/// attributes, and the text between them. It skips comments, processing instructions, doctypes and script/style
/// bodies, decodes entities, and does not check nesting (hOCR from some engines is not well-formed XML).
/// Unterminated constructs fail with `ocr_input_invalid` at their offset.
struct Markup {
    enum Event {
        case start(name: Substring, attributes: [(name: Substring, value: String)], selfClosing: Bool, offset: Int)
        case end(name: Substring, offset: Int)
        case text(String, offset: Int)
    }

    let bytes: [UInt8]
    private var i = 0
    static let maxAttributes = 256

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    mutating func next() throws(GiroError) -> Event? {
        // A loop, not recursion: a file of a million comments must not exhaust the stack.
        while i < bytes.count {
            if let event = try step() { return event }
        }
        return nil
    }

    /// One construct; nil for one that yields no event (comment, declaration).
    private mutating func step() throws(GiroError) -> Event? {
        guard bytes[i] == 0x3C else {
            let start = i
            while i < bytes.count, bytes[i] != 0x3C { i += 1 }
            return .text(Self.decodeEntities(bytes[start..<i]), offset: start)
        }
        let start = i
        if matches("<!--") { try skip(past: "-->", from: start, what: "comment"); return nil }
        if matches("<![CDATA[") {
            let body = i + 9
            try skip(past: "]]>", from: start, what: "CDATA section")
            return .text(String(decoding: bytes[body..<(i - 3)], as: UTF8.self), offset: body)
        }
        if matches("<!") || matches("<?") { try skip(past: ">", from: start, what: "declaration"); return nil }
        if matches("</") {
            i += 2
            let name = readName()
            try skip(past: ">", from: start, what: "end tag")
            return .end(name: name, offset: start)
        }
        i += 1
        let name = readName()
        guard !name.isEmpty else { return .text("<", offset: start) }   // a lone '<' in HTML text
        var attributes: [(name: Substring, value: String)] = []
        while true {
            skipSpaces()
            guard i < bytes.count else { throw OCRInputError.at(start, in: bytes, "unterminated tag <\(name)") }
            if bytes[i] == 0x3E { i += 1; break }
            if bytes[i] == 0x2F, i + 1 < bytes.count, bytes[i + 1] == 0x3E {
                i += 2
                return .start(name: name, attributes: attributes, selfClosing: true, offset: start)
            }
            let attributeName = readName()
            if attributeName.isEmpty { i += 1; continue }   // stray character inside a tag: skip it
            skipSpaces()
            var value = ""
            if i < bytes.count, bytes[i] == 0x3D {
                i += 1
                skipSpaces()
                value = try readValue(tagStart: start)
            }
            guard attributes.count < Self.maxAttributes else {
                throw OCRInputError.at(start, in: bytes, code: .ocrInputTooLarge, "more than \(Self.maxAttributes) attributes on <\(name)>")
            }
            attributes.append((attributeName, value))
        }
        if Self.rawTextElements.contains(name.lowercased()) { try skipRawText(name, from: start) }
        return .start(name: name, attributes: attributes, selfClosing: false, offset: start)
    }

    // MARK: - Pieces

    private static let rawTextElements: Set<String> = ["script", "style"]

    private func matches(_ s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        guard i + n <= bytes.count else { return false }
        return s.withUTF8Buffer { p in (0..<n).allSatisfy { bytes[i + $0] == p[$0] } }
    }

    private mutating func skip(past terminator: StaticString, from start: Int, what: String) throws(GiroError) {
        while i < bytes.count {
            if matches(terminator) { i += terminator.utf8CodeUnitCount; return }
            i += 1
        }
        throw OCRInputError.at(start, in: bytes, "unterminated \(what)")
    }

    private mutating func skipRawText(_ name: Substring, from start: Int) throws(GiroError) {
        let closing = Array(("</" + name.lowercased()).utf8)
        while i + closing.count <= bytes.count {
            if bytes[i] == 0x3C, (0..<closing.count).allSatisfy({ Self.lower(bytes[i + $0]) == closing[$0] }) { return }
            i += 1
        }
        throw OCRInputError.at(start, in: bytes, "unterminated <\(name)> element")
    }

    private mutating func readName() -> Substring {
        let start = i
        while i < bytes.count, !Self.isSpace(bytes[i]), bytes[i] != 0x3E, bytes[i] != 0x2F, bytes[i] != 0x3D, bytes[i] != 0x3C { i += 1 }
        return Substring(decoding: bytes[start..<i], as: UTF8.self)
    }

    private mutating func readValue(tagStart: Int) throws(GiroError) -> String {
        guard i < bytes.count else { throw OCRInputError.at(tagStart, in: bytes, "unterminated tag") }
        let quote = bytes[i]
        if quote == 0x22 || quote == 0x27 {
            let start = i + 1
            guard let end = bytes[start...].firstIndex(of: quote) else {
                throw OCRInputError.at(i, in: bytes, "unterminated attribute value")
            }
            i = end + 1
            return Self.decodeEntities(bytes[start..<end])
        }
        let start = i
        while i < bytes.count, !Self.isSpace(bytes[i]), bytes[i] != 0x3E { i += 1 }
        return Self.decodeEntities(bytes[start..<i])
    }

    private mutating func skipSpaces() {
        while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }
    static func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 32 : b }

    // MARK: - Entities

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
    ]

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;` and numeric references; anything else stays as written.
    static func decodeEntities(_ raw: ArraySlice<UInt8>) -> String {
        guard raw.contains(0x26) else { return String(decoding: raw, as: UTF8.self) }
        var out = ""
        var i = raw.startIndex
        var literalStart = i
        while i < raw.endIndex {
            guard raw[i] == 0x26, let semicolon = raw[i..<min(i + 12, raw.endIndex)].firstIndex(of: 0x3B) else { i += 1; continue }
            let name = String(decoding: raw[(i + 1)..<semicolon], as: UTF8.self)
            guard let replacement = named[name] ?? numeric(name) else { i += 1; continue }
            out += String(decoding: raw[literalStart..<i], as: UTF8.self) + replacement
            i = semicolon + 1
            literalStart = i
        }
        return out + String(decoding: raw[literalStart..<raw.endIndex], as: UTF8.self)
    }

    private static func numeric(_ name: String) -> String? {
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
        return String(scalar)
    }
}

extension Array where Element == (name: Substring, value: String) {
    func value(_ name: String) -> String? { first { $0.name == name }?.value }
}
