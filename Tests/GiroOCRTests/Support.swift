import Foundation
import GiroCore
import GiroOCR

enum OCRFixtures {
    static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let inputs = repoRoot.appendingPathComponent("fixtures/ocr-inputs")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: inputs.appendingPathComponent(name)))
    }
}
