import Foundation

/// Counts zone parses by field while set (`SlipParseCounter.$current.withValue`): tests pin that each zone's text
/// is parsed once per reading. Unset, it costs one task-local read per zone.
package final class SlipParseCounter: @unchecked Sendable {
    @TaskLocal package static var current: SlipParseCounter?

    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    package init() {}

    func count(_ field: String) {
        lock.withLock { counts[field, default: 0] += 1 }
    }

    /// Parses so far, by zone field.
    package var byField: [String: Int] { lock.withLock { counts } }
}
