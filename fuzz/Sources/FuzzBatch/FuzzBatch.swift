import Foundation
import FuzzSupport
import Giro

/// The batch line parser (strict fast path, `JSONDecoder` fallback, plain-text lines): every input line
/// yields exactly one output line, a JSON object with its line number and either a record or an error.
private let batch = BatchDecoder(jobs: 1)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBatch(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let line = Array(UnsafeBufferPointer(start: data, count: size))
    let lineNumber = 1 + size % 7
    let output = batch.decodeLine(line[...], lineNumber: lineNumber)
    fuzzCheck((output.record == nil) != (output.error == nil), "exactly one of record and error")
    fuzzCheck(output.line == lineNumber, "line number changed")
    let json = BatchDecoder.json(output)
    let parsed = try? JSONSerialization.jsonObject(with: Data(json.utf8))
    guard let object = parsed as? [String: Any] else {
        fuzzCheck(false, "output line is not a JSON object: \(json)")
        return 0
    }
    fuzzCheck((object["line"] as? Int) == lineNumber, "output line number: \(json)")
    return 0
}

@_cdecl("FuzzBatch_main")
func fuzzBatchMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc, argv) { data, size in data.map { fuzzBatch($0, size) } ?? 0 }
}
