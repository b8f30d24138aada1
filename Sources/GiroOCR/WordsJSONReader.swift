import GiroCore
import GiroImaging

/// Giro's words JSON: `{"width": W, "height": H, "words": [{"text": "HR12", "x": 10, "y": 20, "w": 50, "h": 14,
/// "confidence": 0.97}, …]}`. Pixels, top-left origin; `confidence` optional (0–1 or null); unknown keys are ignored
/// so other tools can add their own. Fractional coordinates are rounded to the nearest pixel.
enum WordsJSONReader {
    static func read(_ bytes: [UInt8]) throws(GiroError) -> PageWords {
        let root: JSONValue
        do { root = try PositionedJSON.parse(bytes) } catch { throw OCRInputError.at(error.offset, in: bytes, error.message) }
        guard case .object(let members) = root else {
            throw OCRInputError.at(0, in: bytes, "the words JSON must be an object {\"width\", \"height\", \"words\"}")
        }
        var collector = WordCollector(bytes)
        let width = try number(members, "width", bytes, at: 0, field: "width")
        let height = try number(members, "height", bytes, at: 0, field: "height")
        try collector.setPage(width: width, height: height, at: 0)
        guard let entry = members.first(where: { $0.key == "words" }), case .array(let words) = entry.value else {
            throw OCRInputError.at(0, in: bytes, field: "words", "'words' must be an array")
        }
        for (index, element) in words.enumerated() {
            let field = "words[\(index)]"
            guard case .object(let word) = element.value else {
                throw OCRInputError.at(element.offset, in: bytes, field: field, "each word must be an object")
            }
            guard let textEntry = word.first(where: { $0.key == "text" }), case .string(let text) = textEntry.value else {
                throw OCRInputError.at(element.offset, in: bytes, field: field + ".text", "a word needs a 'text' string")
            }
            var confidence: Double?
            if let entry = word.first(where: { $0.key == "confidence" }) {
                switch entry.value {
                case .null: confidence = nil
                case .number(let value): confidence = value
                default: throw OCRInputError.at(entry.offset, in: bytes, field: field + ".confidence", "confidence must be a number or null")
                }
            }
            try collector.add(text: text,
                              x: number(word, "x", bytes, at: element.offset, field: field + ".x"),
                              y: number(word, "y", bytes, at: element.offset, field: field + ".y"),
                              w: number(word, "w", bytes, at: element.offset, field: field + ".w"),
                              h: number(word, "h", bytes, at: element.offset, field: field + ".h"),
                              confidence: confidence, at: element.offset)
        }
        return try collector.finished()
    }

    private static func number(_ members: [(key: String, value: JSONValue, offset: Int)], _ key: String, _ bytes: [UInt8],
                               at offset: Int, field: String) throws(GiroError) -> Double {
        guard let entry = members.first(where: { $0.key == key }) else {
            throw OCRInputError.at(offset, in: bytes, field: field, "'\(key)' is missing")
        }
        guard case .number(let value) = entry.value else {
            throw OCRInputError.at(entry.offset, in: bytes, field: field, "'\(key)' must be a number")
        }
        return value
    }
}
