import FuzzSupport
import Foundation
import Giro

/// The caller's OCR (words JSON, hOCR, ALTO, Tesseract TSV, plain text) → `CallerOCR` → the slip reader with every
/// built-in template. The first byte picks the format (or content detection); the words must stay inside limits,
/// every slip record must serialise to JSON that parses back.
private let formats: [CallerOCRFormat?] = [nil, .wordsJSON, .hocr, .alto, .tsv, .plainText]
private let reader = SlipReader.builtIn

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOCR(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let format = formats[Int(input.byte()) % formats.count]
    let bytes = input.rest()
    guard let page = try? CallerOCR.parse(bytes, format: format) else { return 0 }
    fuzzCheck(page.width >= 0 && page.height >= 0, "page \(page.width)×\(page.height)")
    for reading in reader.read(words: page) {
        let json = reading.record.jsonBytes()
        fuzzCheck((try? JSONSerialization.jsonObject(with: Data(json))) != nil, "slip record JSON does not parse")
        fuzzCheck(reading.record.source.kind == "slip", "slip record with source.kind \(reading.record.source.kind)")
    }
    return 0
}

@_cdecl("FuzzOCR_main")
func fuzzOCRMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc, argv) { data, size in data.map { fuzzOCR($0, size) } ?? 0 }
}
