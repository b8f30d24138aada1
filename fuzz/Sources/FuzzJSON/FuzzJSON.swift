import Foundation
import FuzzSupport
import Giro

/// JSON output of every decoded record and every decode error: the hand-written `JSONWriter` output must be
/// valid UTF-8, parse back as a JSON object, and equal `JSONEncoder` byte for byte (the writer's promise).
private let decoder = PaymentDecoder()

private let referenceEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
}()

private func checkJSON<T: JSONWritable & Encodable>(_ value: T, _ what: String) {
    var writer = JSONWriter()
    value.writeJSON(to: &writer)
    let written = writer.bytes
    fuzzCheck(String(validating: written, as: UTF8.self) != nil, "\(what) JSON is not valid UTF-8")
    let parsed = try? JSONSerialization.jsonObject(with: Data(written))
    fuzzCheck(parsed is [String: Any], "\(what) JSON does not parse back: \(String(decoding: written, as: UTF8.self))")
    if let encoded = try? referenceEncoder.encode(value) {
        fuzzCheck(Array(encoded) == written, """
            \(what) JSONWriter differs from JSONEncoder
            writer:  \(String(decoding: written, as: UTF8.self))
            encoder: \(String(decoding: encoded, as: UTF8.self))
            """)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let record = try decoder.decode(bytes: bytes)
        checkJSON(record, "record")
        // The record survives a Codable round trip (what a consumer of `giro decode` output does).
        if let encoded = try? referenceEncoder.encode(record) {
            let back = try? JSONDecoder().decode(PaymentRecord.self, from: encoded)
            fuzzCheck(back != nil, "record JSON does not decode back into a PaymentRecord")
        }
    } catch {
        checkJSON(error, "error")
    }
    return 0
}

@_cdecl("FuzzJSON_main")
func fuzzJSONMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc, argv) { data, size in data.map { fuzzJSON($0, size) } ?? 0 }
}
