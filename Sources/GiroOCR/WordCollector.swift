import GiroCore
import GiroImaging

/// Collects a caller's words with the shared checks: limits, non-negative boxes inside the page, confidence 0…1.
///
/// A page size the input does not state (hOCR without an `ocr_page` box) is the smallest that holds every word.
/// Formats that convert units may overshoot the page by rounding; `slack` pixels of overshoot are clamped away.
struct WordCollector {
    let bytes: [UInt8]
    var width: Int?
    var height: Int?
    var slack = 0
    private(set) var words: [PageWord] = []

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func setPage(width w: Double, height h: Double, at offset: Int) throws(GiroError) {
        width = try pixels(w, "page width", at: offset)
        height = try pixels(h, "page height", at: offset)
        guard let width, let height, width > 0, height > 0 else {
            throw OCRInputError.at(offset, in: bytes, field: "page", "the page size must be positive")
        }
    }

    /// Adds a word unless its text is blank. Coordinates are pixels (already converted).
    mutating func add(text raw: String, x: Double, y: Double, w: Double, h: Double, confidence: Double?, at offset: Int) throws(GiroError) {
        let text = raw.trimmingBlanks()
        guard !text.isEmpty else { return }
        guard text.utf8.count <= CallerOCRLimits.maxWordBytes else {
            throw OCRInputError.at(offset, in: bytes, code: .ocrInputTooLarge, field: "words.text",
                                   "a word has \(text.utf8.count) bytes; the limit is \(CallerOCRLimits.maxWordBytes)")
        }
        guard words.count < CallerOCRLimits.maxWords else {
            throw OCRInputError.at(offset, in: bytes, code: .ocrInputTooLarge, field: "words",
                                   "more than \(CallerOCRLimits.maxWords) words on one page")
        }
        if let confidence, !(confidence >= 0 && confidence <= 1) {
            throw OCRInputError.at(offset, in: bytes, field: "words.confidence", "confidence \(confidence) is outside 0…1")
        }
        let px = try pixels(x, "x", at: offset), py = try pixels(y, "y", at: offset)
        let pw = try pixels(w, "w", at: offset), ph = try pixels(h, "h", at: offset)
        words.append(PageWord(text: text, x: px, y: py, w: pw, h: ph, confidence: confidence))
    }

    /// The page, every box checked against it.
    func finished() throws(GiroError) -> PageWords {
        let pageWidth = width ?? words.map { $0.x + $0.w }.max() ?? 0
        let pageHeight = height ?? words.map { $0.y + $0.h }.max() ?? 0
        var checked = words
        for i in checked.indices {
            let word = checked[i]
            let overX = word.x + word.w - pageWidth, overY = word.y + word.h - pageHeight
            guard word.x <= pageWidth, word.y <= pageHeight, overX <= slack, overY <= slack else {
                throw GiroError(.ocrInputInvalid, field: "words[\(i)]",
                                "the box of '\(word.text)' (\(word.x),\(word.y) \(word.w)×\(word.h)) is outside the \(pageWidth)×\(pageHeight) page")
            }
            if overX > 0 { checked[i].w -= overX }
            if overY > 0 { checked[i].h -= overY }
        }
        return PageWords(width: pageWidth, height: pageHeight, words: checked)
    }

    private func pixels(_ value: Double, _ name: String, at offset: Int) throws(GiroError) -> Int {
        guard value.isFinite, value >= 0 else {
            throw OCRInputError.at(offset, in: bytes, field: name, "\(name) must be a non-negative number")
        }
        let rounded = value.rounded()
        guard rounded <= Double(CallerOCRLimits.maxPageSide) else {
            throw OCRInputError.at(offset, in: bytes, code: .ocrInputTooLarge, field: name,
                                   "\(name) \(value) exceeds \(CallerOCRLimits.maxPageSide) pixels")
        }
        return Int(rounded)
    }
}

extension String {
    /// Without leading and trailing whitespace (including no-break space).
    func trimmingBlanks() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
