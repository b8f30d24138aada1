import GiroCore
import GiroImaging

/// hOCR: words are elements whose class includes `ocrx_word`, their box and confidence in the `title` properties
/// (`bbox x0 y0 x1 y1; x_wconf 95`); the page size is the `ocr_page` element's bbox. The word's text is all text
/// inside its element (Tesseract wraps bold words in `<strong>`, other engines nest character spans).
enum HOCRReader {
    static func read(_ bytes: [UInt8]) throws(GiroError) -> PageWords {
        var markup = Markup(bytes)
        var collector = WordCollector(bytes)
        var pages = 0
        var word: (box: [Double], confidence: Double?, element: String, depth: Int, text: String, offset: Int)?
        while let event = try markup.next() {
            switch event {
            case .start(let name, let attributes, let selfClosing, let offset):
                let element = name.lowercased()
                if var open = word {
                    if element == open.element, !selfClosing { open.depth += 1 }
                    word = open
                    continue
                }
                let classes = (attributes.value("class") ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
                if classes.contains("ocr_page") {
                    pages += 1
                    guard pages == 1 else {
                        throw OCRInputError.at(offset, in: bytes, field: "page", "more than one ocr_page: pass one page per call")
                    }
                    let title = try Title(attributes.value("title") ?? "", bytes: bytes, offset: offset)
                    if let box = title.bbox { try collector.setPage(width: box[2], height: box[3], at: offset) }
                } else if classes.contains("ocrx_word") {
                    let title = try Title(attributes.value("title") ?? "", bytes: bytes, offset: offset)
                    guard let box = title.bbox else {
                        throw OCRInputError.at(offset, in: bytes, field: "words.bbox", "an ocrx_word without a bbox")
                    }
                    word = (box, title.confidence, element, 1, "", offset)
                    if selfClosing { word = nil }
                }
            case .end(let name, _):
                guard var open = word, name.lowercased() == open.element else { continue }
                open.depth -= 1
                word = open
                if open.depth == 0 {
                    try add(open.text, box: open.box, confidence: open.confidence, at: open.offset, to: &collector)
                    word = nil
                }
            case .text(let text, let offset):
                guard var open = word else { continue }
                open.text += text
                guard open.text.utf8.count <= CallerOCRLimits.maxWordBytes * 4 else {
                    throw OCRInputError.at(offset, in: bytes, code: .ocrInputTooLarge, field: "words.text", "a word's text is too long")
                }
                word = open
            }
        }
        if let open = word {
            throw OCRInputError.at(open.offset, in: bytes, "an ocrx_word element is never closed")
        }
        return try collector.finished()
    }

    private static func add(_ text: String, box: [Double], confidence: Double?, at offset: Int, to collector: inout WordCollector) throws(GiroError) {
        guard box[2] >= box[0], box[3] >= box[1] else {
            throw OCRInputError.at(offset, in: collector.bytes, field: "words.bbox", "bbox corners are out of order")
        }
        try collector.add(text: text, x: box[0], y: box[1], w: box[2] - box[0], h: box[3] - box[1], confidence: confidence, at: offset)
    }

    /// The hOCR `title` properties Giro reads: `bbox` and `x_wconf` (0–100).
    struct Title {
        var bbox: [Double]?
        var confidence: Double?

        init(_ title: String, bytes: [UInt8], offset: Int) throws(GiroError) {
            for property in title.split(separator: ";") {
                let parts = property.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
                guard let key = parts.first else { continue }
                let values = parts.dropFirst()
                switch key {
                case "bbox":
                    let numbers = values.compactMap { Double($0) }
                    guard values.count == 4, numbers.count == 4 else {
                        throw OCRInputError.at(offset, in: bytes, field: "words.bbox", "bbox needs four numbers, got '\(property)'")
                    }
                    bbox = numbers
                case "x_wconf":
                    guard values.count == 1, let value = values.first.flatMap({ Double($0) }), value >= 0, value <= 100 else {
                        throw OCRInputError.at(offset, in: bytes, field: "words.confidence", "x_wconf must be 0–100, got '\(property)'")
                    }
                    confidence = value / 100
                default: continue
                }
            }
        }
    }
}
