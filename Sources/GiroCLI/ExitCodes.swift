import ArgumentParser
import Foundation

/// The one exit-code contract of every `giro` subcommand (BSD sysexits where one fits).
/// One meaning per number; docs/cli.md has the same table.
///
/// | code | meaning |
/// |---|---|
/// | 0  | success: valid record / match found / every value valid |
/// | 1  | nothing found: `grep` no matching line, `parse` no valid candidate |
/// | 2  | decoded, but uncertain (`decode`, image with only uncertain payments) |
/// | 64 | usage error: bad option, bad pattern, unknown `--as` format id |
/// | 65 | invalid data: invalid payload, invalid value (`check`), input over the size limit |
/// | 66 | no input: file missing or unreadable, a directory to `decode` (use `scan`), empty input (`empty_payload`), no images found |
/// | 74 | I/O error: a read or write failed mid-stream |
enum GiroExit: Int32, Error, CaseIterable {
    case success = 0
    case nothingFound = 1
    case uncertain = 2
    case usage = 64
    case dataError = 65
    case noInput = 66
    case ioError = 74

    static let valid = GiroExit.success

    /// Writes `giro <command>: <message>` (control characters escaped) to stderr and returns self, to throw.
    func report(_ command: String, _ message: String) -> GiroExit {
        Output.writeErr("giro \(command): \(message)")
        return self
    }
}
