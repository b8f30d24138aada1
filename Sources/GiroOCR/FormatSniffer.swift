/// Tells the caller's OCR formats apart by content: the first non-blank byte and a few marker strings near the start.
enum FormatSniffer {
    /// How far into the file markers are looked for (hOCR and ALTO name themselves in the first kilobytes).
    static let window = 8_192

    static func detect(_ bytes: [UInt8]) -> CallerOCRFormat {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, Markup.isSpace(bytes[start]) { start += 1 }
        guard start < bytes.count else { return .plainText }
        let head = Array(bytes[start..<min(bytes.count, start + window)].map(Markup.lower))
        if bytes[start] == 0x7B || bytes[start] == 0x5B { return .wordsJSON }
        if bytes[start] == 0x3C {
            if contains(head, "ocr_page") || contains(head, "ocrx_word") || contains(head, "ocr-system") { return .hocr }
            if contains(head, "<alto") || contains(head, ":alto") { return .alto }
            return contains(head, "<html") ? .hocr : .alto
        }
        if head.starts(with: Array("level\tpage_num\t".utf8)) { return .tsv }
        return .plainText
    }

    private static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
        let n = Array(needle.utf8)
        guard haystack.count >= n.count else { return false }
        for i in 0...(haystack.count - n.count) where haystack[i] == n[0] {
            if haystack[i..<(i + n.count)].elementsEqual(n) { return true }
        }
        return false
    }
}
