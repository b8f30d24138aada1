import GiroCore

/// Dates as BezahlCode writes them: `DDMMYYYY`.
enum GermanDate {
    /// `01032017` → `2017-03-01`; nil unless 8 digits naming a real date.
    static func iso(_ text: String) -> String? {
        let u = Array(text.utf8)
        guard u.count == 8 else { return nil }
        return CompactDate.iso(u[4..<8] + u[2..<4] + u[0..<2])
    }

    /// `2017-03-01` → `01032017` (for the encoder); nil when `iso` is not `YYYY-MM-DD`.
    static func bezahlCode(_ iso: String) -> String? {
        guard let compact = CompactDate.compact(iso) else { return nil }
        let u = Array(compact.utf8)
        return String(decoding: u[6..<8] + u[4..<6] + u[0..<4], as: UTF8.self)
    }
}
