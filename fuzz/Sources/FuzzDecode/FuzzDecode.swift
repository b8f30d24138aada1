import FuzzSupport
import Giro

/// Payload decoding through the engine: detection picks a plug-in, then every plug-in is forced on the
/// same bytes (a plug-in must reject foreign input with a typed error, never trap).
private let decoder = PaymentDecoder()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecode(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Symbology is a hint some plug-ins read (Code 128 vs QR); the same bytes are tried without and with one.
    let symbology = Symbology.allCases[size % Symbology.allCases.count]
    _ = try? decoder.decode(bytes: bytes)
    _ = try? decoder.decode(bytes: bytes, symbology: symbology, eci: size % 3 == 0 ? 26 : nil)
    let payload = Payload(bytes: bytes, symbology: symbology)
    for format in decoder.formats {
        _ = try? decoder.decode(payload, formatID: format.id)
    }
    return 0
}

@_cdecl("FuzzDecode_main")
func fuzzDecodeMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc, argv) { data, size in data.map { fuzzDecode($0, size) } ?? 0 }
}
