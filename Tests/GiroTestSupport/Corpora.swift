import Foundation
#if GIRO_TESTING
import Testing
#endif

/// The external test corpora (zxing-cpp samples, PCRE2 and rust-lang/regex testdata, the Vocalink cases …), pinned
/// in `scripts/corpora.tsv` and fetched by `scripts/fetch-corpora.sh` into `corpora/` (git-ignored; from
/// `../shared/corpora` where it exists, else from upstream, sha256-verified). They are never committed.
///
/// A test that needs a corpus carries `.corpus("name")`: without the corpus Swift Testing skips it, by name, with the
/// command that fetches it, and `make test` lists every such test at the end. With `GIRO_REQUIRE_CORPORA=1` (as
/// `.ci/run` sets) the test runs regardless and fails on the missing files (``Missing``): CI never skips one.
public enum Corpora {
    /// Where the corpora are: `GIRO_CORPORA_DIR` (as for the fetch script), else `corpora/` in the repository.
    public static let root: URL = {
        if let dir = ProcessInfo.processInfo.environment["GIRO_CORPORA_DIR"], !dir.isEmpty {
            return URL(fileURLWithPath: dir)
        }
        return RepositoryRoot.url.appendingPathComponent("corpora")
    }()

    /// `GIRO_REQUIRE_CORPORA=1`: a missing corpus fails its tests instead of skipping them.
    public static let required = ProcessInfo.processInfo.environment["GIRO_REQUIRE_CORPORA"] == "1"

    /// The command that fetches the corpora (named in every skip).
    public static let fetchCommand = "scripts/fetch-corpora.sh"

    public struct Missing: Error, CustomStringConvertible {
        public let path: String
        public var description: String {
            "external corpus missing: nothing at \(path) (fetch the corpora with \(Corpora.fetchCommand); "
                + "scripts/corpora.tsv pins them)"
        }
    }

    /// True when `corpora/<name>` is there (or when `GIRO_REQUIRE_CORPORA=1`, so that its tests run and fail).
    public static func available(_ name: String) -> Bool {
        required || FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path)
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

#if GIRO_TESTING
extension Trait where Self == ConditionTrait {
    /// Runs the test only when the corpus `name` was fetched (`scripts/fetch-corpora.sh`); otherwise Swift Testing
    /// reports it as skipped, by name, with that command. Under `GIRO_REQUIRE_CORPORA=1` it always runs.
    public static func corpus(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        .enabled(if: Corpora.available(name), "corpus \(name) missing: run \(Corpora.fetchCommand)", sourceLocation: sourceLocation)
    }
}
#endif
