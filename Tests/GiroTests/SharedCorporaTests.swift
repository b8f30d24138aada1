import Foundation
import GiroTestSupport
import Testing

/// The corpus-dependent tests rely on `SharedCorpora` failing loudly; this pins that it does.
@Suite struct SharedCorporaTests {
    @Test func aMissingCorpusIsAnErrorThatSaysWhereItLooked() {
        let error = #expect(throws: SharedCorpora.Missing.self) { try SharedCorpora.url("no-such-corpus/file") }
        #expect(error?.path.hasSuffix("/shared/corpora/no-such-corpus/file") == true)
        #expect(error?.description.contains("../shared/corpora") == true)
    }

    @Test func theCorporaSitBesideTheRepository() throws {
        let folders = try SharedCorpora.contents(of: "")
        #expect(Set(["zxing-cpp-samples", "pcre2-testdata", "rust-regex-testdata"]).isSubset(of: Set(folders)), "\(folders)")
    }
}
