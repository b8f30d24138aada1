import Foundation

/// The repository's root folder, found from this file's place in `Tests/GiroTestSupport/`: the one place tests and
/// benchmarks take it from.
public enum RepositoryRoot {
    public static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `relativePath` below the root, e.g. `fixtures/payloads`.
    public static func appending(_ relativePath: String) -> URL { url.appendingPathComponent(relativePath) }
}
