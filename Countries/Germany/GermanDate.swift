import GiroCore

/// Dates as BezahlCode writes them: `DDMMYYYY`.
enum GermanDate {
    /// `01032017` → `2017-03-01`; nil unless 8 digits naming a real date.
    static func iso(_ u: ArraySlice<UInt8>) -> String? {
        guard u.count == 8 else { return nil }
        let s = u.startIndex
        return CompactDate.iso([u[s + 4], u[s + 5], u[s + 6], u[s + 7], u[s + 2], u[s + 3], u[s], u[s + 1]])
    }

    /// `2017-03-01` → `01032017` (for the encoder); nil when `iso` is not `YYYY-MM-DD`.
    static func bezahlCode(_ iso: String) -> String? {
        guard let compact = CompactDate.compact(iso) else { return nil }
        let u = Array(compact.utf8)
        return String(decoding: u[6..<8] + u[4..<6] + u[0..<4], as: UTF8.self)
    }
}
