import FuzzSupport
import Giro

/// Payload decoding through the engine: detection picks a plug-in, then every plug-in is forced on the
/// same bytes (a plug-in must reject foreign input with a typed error, never trap). A decoded record goes
/// back through its plug-in's encoder, and the encoded bytes through the decoder again (no trap either way).
private let decoder = PaymentDecoder()

private func reencode(_ record: PaymentRecord) {
    guard let encoder = decoder.formats.first(where: { $0.id == record.format }) as? any PaymentFormatEncoder,
          let encoded = try? encoder.encode(record) else { return }
    _ = try? decoder.decode(bytes: encoded)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecode(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Symbology is a hint some plug-ins read (Code 128 vs QR); the same bytes are tried without and with one.
    let symbology = Symbology.allCases[size % Symbology.allCases.count]
    if let record = try? decoder.decode(bytes: bytes) { reencode(record) }
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
