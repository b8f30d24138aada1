import Foundation
import GiroCore

/// The day a payload fixture is judged on (dated rules, docs/decoding-policy.md): `-asof-YYYY-MM-DD` at the end of
/// its name, or the date in a `<case>.as-of` file beside it (shared vectors keep their names), otherwise ``pinned``,
/// so no fixture's verdict depends on the day the tests run.
public enum FixtureDate {
    /// The day the dated rules were added.
    public static let pinned = CalendarDate(year: 2026, month: 11, day: 28) ?? CalendarDate.utc()

    public static func judgementDate(for payload: URL) -> CalendarDate {
        let name = payload.deletingPathExtension().lastPathComponent
        if let r = name.range(of: "-asof-"), let date = CalendarDate(iso: String(name[r.upperBound...])) { return date }
        let file = payload.deletingPathExtension().appendingPathExtension("as-of")
        if let text = try? String(contentsOf: file, encoding: .utf8),
           let date = CalendarDate(iso: text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            return date
        }
        return pinned
    }
}
