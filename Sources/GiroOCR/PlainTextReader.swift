import GiroCore
import GiroImaging

/// Plain text without boxes — the degraded mode. Each line of the text is a row of a synthetic character grid:
/// a word starting at column c of line l gets the box x = c × 20, y = l × 40, w = characters × 20, h = 30 (pixels),
/// no confidence. Reading order and columns survive, real geometry does not: zones and anchors of a slip template
/// cannot match it, so readers of this page must say they worked without layout.
enum PlainTextReader {
    static let cellWidth = 20
    static let lineHeight = 40
    static let glyphHeight = 30

    static func read(_ bytes: [UInt8]) throws(GiroError) -> PageWords {
        var collector = WordCollector(bytes)
        var columns = 0
        var lineNumber = 0
        var offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while offset < bytes.count {
            let end = bytes[offset...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? bytes.count
            let line = String(decoding: bytes[offset..<end], as: UTF8.self)
            var column = 0
            var word = ""
            var wordColumn = 0
            for character in line + " " {
                if character.isWhitespace {
                    if !word.isEmpty {
                        try collector.add(text: word, x: Double(wordColumn * cellWidth), y: Double(lineNumber * lineHeight),
                                          w: Double(word.count * cellWidth), h: Double(glyphHeight), confidence: nil, at: offset)
                        word = ""
                    }
                    column += character == "\t" ? 8 - column % 8 : 1
                } else {
                    if word.isEmpty { wordColumn = column }
                    word.append(character)
                    column += 1
                }
                // Checked per character: a megabyte on one line must not be read to the end first.
                guard column * cellWidth <= CallerOCRLimits.maxPageSide + 9 * cellWidth else {
                    throw OCRInputError.at(offset, in: bytes, code: .ocrInputTooLarge, "a line is too long for one page grid")
                }
            }
            columns = max(columns, column - 1)
            lineNumber += 1
            // CRLF is one line break.
            offset = end + (end + 1 < bytes.count && bytes[end] == 0x0D && bytes[end + 1] == 0x0A ? 2 : 1)
            guard lineNumber * lineHeight <= CallerOCRLimits.maxPageSide, columns * cellWidth <= CallerOCRLimits.maxPageSide else {
                throw OCRInputError.at(offset, in: bytes, code: .ocrInputTooLarge, "the text is too long for one page grid")
            }
        }
        try collector.setPage(width: Double(max(columns, 1) * cellWidth), height: Double(max(lineNumber, 1) * lineHeight), at: 0)
        return try collector.finished()
    }
}
