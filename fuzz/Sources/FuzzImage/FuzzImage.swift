import FuzzSupport
import Giro

/// Image decoding: PNG/JPEG/WebP bytes through the loader, then every barcode reader. Small pixel and time
/// limits keep one execution fast; the limits are part of what is tested (refuse before decoding).
private let imageDecoder = ImageDecoder(
    loader: ImageLoader(maxPixels: 160 * 160, maxFileBytes: 256 << 10),
    strategy: ReadingStrategy(budgetMilliseconds: 20)
)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let result = try? imageDecoder.decode(imageBytes: bytes) else { return 0 }
    fuzzCheck(result.width > 0 && result.height > 0, "loaded an image of \(result.width)×\(result.height)")
    fuzzCheck(result.width * result.height <= 160 * 160, "pixel limit not enforced: \(result.width)×\(result.height)")
    return 0
}

@_cdecl("FuzzImage_main")
func fuzzImageMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc, argv) { data, size in data.map { fuzzImage($0, size) } ?? 0 }
}
