import Foundation
import FuzzSupport
import Giro

/// The batch line parser (strict fast path, `JSONDecoder` fallback, plain-text lines): every input line
/// yields exactly one output line, a JSON object with its line number and either a record or an error.
/// Then the same bytes as a payload inside a line (JSON string written by `JSONEncoder`, and base64) must
/// decode exactly as the bytes alone: the fast parser's unescaping agrees with Foundation's escaping.
private let batch = BatchDecoder(jobs: 1)

private func outcome(_ line: BatchDecoder.OutputLine) -> String {
    line.error.map { "error \($0.code)" } ?? "record"
}

private func checkWrappedPayload(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    let direct = outcome(batch.decodeLine(bytes[...], lineNumber: 1))
    // Bytes that a batch line would not take verbatim: JSON-looking, multi-line, blank, or ending in CR.
    let firstVisible = bytes.first { $0 != 0x20 && $0 != 0x09 }
    let takenVerbatim = firstVisible != nil && firstVisible != UInt8(ascii: "{") && !bytes.contains(0x0A)
        && bytes.last != 0x0D && bytes.count <= BatchDecoder.maxLineBytes
    let base64 = Array("{\"id\":7,\"payloadBase64\":\"\(Data(bytes).base64EncodedString())\"}".utf8)
    let viaBase64 = batch.decodeLine(base64[...], lineNumber: 1)
    fuzzCheck(viaBase64.id == .integer(7), "id of a base64 line: \(viaBase64.id)")
    if takenVerbatim {
        fuzzCheck(outcome(viaBase64) == direct, "base64 payload decodes as \(outcome(viaBase64)), the bytes as \(direct)")
    }
    guard let text = String(validating: bytes, as: UTF8.self), let encoded = try? JSONEncoder().encode(["payload": text]) else { return }
    let viaString = batch.decodeLine(Array(encoded)[...], lineNumber: 1)
    fuzzCheck(outcome(viaString) == outcome(viaBase64),
              "JSON string payload decodes as \(outcome(viaString)), base64 as \(outcome(viaBase64)): \(String(decoding: encoded, as: UTF8.self))")
}

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
    checkWrappedPayload(line)
    return 0
}

@_cdecl("FuzzBatch_main")
func fuzzBatchMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc, argv) { data, size in data.map { fuzzBatch($0, size) } ?? 0 }
}
