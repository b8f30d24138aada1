import Foundation

/// The external test corpora (zxing-cpp samples, PCRE2 and rust-lang/regex testdata …) that sit beside the
/// repository at `../shared/corpora/`. They are read in place, never copied in, and a test that needs one
/// fails when it is missing: a green run must mean the corpus was actually checked.
public enum SharedCorpora {
    /// The repository root, found from this file's place in `Sources/GiroTestSupport/`.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/corpora` relative to the repository root.
    public static let root = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpora")

    public struct Missing: Error, CustomStringConvertible {
        public let path: String
        public var description: String {
            "external corpus missing: nothing at \(path) (looked in ../shared/corpora relative to the repository root "
                + "\(SharedCorpora.repositoryRoot.path); see ../shared/corpora/README.md)"
        }
    }

    /// A file or folder of the corpora, e.g. `pcre2-testdata/testinput1`; throws ``Missing`` when absent.
    public static func url(_ relativePath: String) throws -> URL {
        let url = root.appendingPathComponent(relativePath)
        guard FileManager.default.fileExists(atPath: url.path) else { throw Missing(path: url.path) }
        return url
    }

    /// The entries of a corpus folder, sorted; throws ``Missing`` when the folder is absent or empty.
    public static func contents(of relativePath: String) throws -> [String] {
        let folder = try url(relativePath)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        guard !names.isEmpty else { throw Missing(path: folder.path + "/*") }
        return names.sorted()
    }
}
