import GiroCore
import GiroImaging

/// Tesseract's TSV: a header row, then one row per page (level 1), block, paragraph, line and word (level 5) with
/// `left top width height conf text`. Words are level-5 rows; `conf` -1 means none, 0–100 becomes 0–1. The page size
/// is the level-1 row's box. Columns are found by the header names, so added columns do not break reading.
enum TSVReader {
    static let required = ["level", "page_num", "left", "top", "width", "height", "conf", "text"]

    static func read(_ bytes: [UInt8]) throws(GiroError) -> PageWords {
        var collector = WordCollector(bytes)
        var columns: [String: Int]?
        var offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while offset < bytes.count {
            let end = bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count
            var line = bytes[offset..<end]
            if line.last == 0x0D { line = line.dropLast() }
            defer { offset = end + 1 }
            guard !line.isEmpty else { continue }
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            guard let header = columns else {
                var found: [String: Int] = [:]
                for (index, name) in fields.enumerated() { found[name.trimmingBlanks()] = index }
                guard let missing = required.first(where: { found[$0] == nil }) else { columns = found; continue }
                throw OCRInputError.at(offset, in: bytes, field: "header", "the TSV header has no '\(missing)' column")
            }
            func field(_ name: String) -> String {
                guard let index = header[name] else { return "" }
                // The text column is the last: a word containing a tab keeps it.
                if name == "text" { return index < fields.count ? fields[index...].joined(separator: "\t") : "" }
                return index < fields.count ? fields[index] : ""
            }
            func number(_ name: String) throws(GiroError) -> Double {
                guard let value = Double(field(name).trimmingBlanks()), value.isFinite else {
                    throw OCRInputError.at(offset, in: bytes, field: name, "column \(name) is not a number: '\(field(name).prefix(40))'")
                }
                return value
            }
            let level = try number("level")
            guard try number("page_num") <= 1 else {
                throw OCRInputError.at(offset, in: bytes, field: "page", "more than one page: pass one page per call")
            }
            if level == 1 {
                try collector.setPage(width: number("left") + number("width"), height: number("top") + number("height"), at: offset)
            } else if level == 5 {
                let conf = try number("conf")
                guard conf == -1 || (conf >= 0 && conf <= 100) else {
                    throw OCRInputError.at(offset, in: bytes, field: "conf", "conf must be -1 or 0–100, got \(conf)")
                }
                try collector.add(text: field("text"), x: number("left"), y: number("top"), w: number("width"), h: number("height"),
                                  confidence: conf < 0 ? nil : conf / 100, at: offset)
            }
        }
        guard columns != nil else { throw OCRInputError.at(0, in: bytes, "no TSV header") }
        return try collector.finished()
    }
}
