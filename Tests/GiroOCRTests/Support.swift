import Foundation
import GiroCore
import GiroOCR
import GiroTestSupport

enum OCRFixtures {
    static let repoRoot = RepositoryRoot.url
    static let inputs = repoRoot.appendingPathComponent("fixtures/ocr-inputs")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: inputs.appendingPathComponent(name)))
    }
}
