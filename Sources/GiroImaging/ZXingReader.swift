import CZXingShim
import GiroCore

/// zxing-cpp 1.4 through the `CZXingShim` C API.
package struct ZXingReader: BarcodeReader {
    package var kind: ReaderKind { .zxing }
    /// Use the global-histogram binarizer instead of zxing's default local-average one.
    package var globalHistogram: Bool

    package init(globalHistogram: Bool = false) {
        self.globalHistogram = globalHistogram
    }

    package func read(_ image: GrayImage, options: ReadOptions) throws(GiroError) -> [DetectedSymbol] {
        try SystemLibrary.zxing.require(field: "image")
        var formats: Int32 = 0
        for s in options.symbologies {
            switch s {
            case .qr: formats |= Int32(ZXS_QR)
            case .pdf417: formats |= Int32(ZXS_PDF417)
            case .code128: formats |= Int32(ZXS_CODE128)
            case .datamatrix: formats |= Int32(ZXS_DATAMATRIX)
            }
        }
        guard formats != 0 else { return [] }
        var flags: Int32 = options.tryHarder ? Int32(ZXS_TRY_HARDER | ZXS_TRY_ROTATE | ZXS_TRY_DOWNSCALE) : 0
        if globalHistogram { flags |= Int32(ZXS_GLOBAL_HISTOGRAM) }
        var message = [CChar](repeating: 0, count: 256)
        let results: OpaquePointer? = image.pixels.withUnsafeBufferPointer { px in
            message.withUnsafeMutableBufferPointer { err in
                zxs_read(px.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width),
                         formats, flags, Int32(clamping: options.maxSymbols), err.baseAddress, Int32(err.count))
            }
        }
        guard let results else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw GiroError(.readerFailed, field: "image", "zxing-cpp: \(text)")
        }
        defer { zxs_free(results) }
        var out: [DetectedSymbol] = []
        let count = zxs_count(results)
        guard count > 0 else { return [] }
        for i in 0..<count {
            var s = zxs_symbol()
            guard zxs_get(results, i, &s) == 1, let symbology = Self.symbology(s.format) else { continue }
            let length = Int(s.length)
            let bytes: [UInt8] = (s.bytes != nil && length > 0) ? Array(UnsafeBufferPointer(start: s.bytes, count: length)) : []
            let xs = [s.x.0, s.x.1, s.x.2, s.x.3], ys = [s.y.0, s.y.1, s.y.2, s.y.3]
            let corners = zip(xs, ys).map { ImagePoint(x: Int($0), y: Int($1)) }
            let ecis = withUnsafeBytes(of: s.ecis) { Array($0.bindMemory(to: Int32.self).prefix(Int(max(0, min(s.eciCount, 8))))) }
            let text: String? = (s.text != nil && s.textLength > 0)
                ? s.text.withMemoryRebound(to: UInt8.self, capacity: Int(s.textLength)) { String(decoding: UnsafeBufferPointer(start: $0, count: Int(s.textLength)), as: UTF8.self) }
                : nil
            var symbol = DetectedSymbol(symbology: symbology, bytes: bytes, eci: s.eci >= 0 ? Int(s.eci) : nil,
                                        corners: corners, reader: .zxing, ecis: ecis.map(Int.init), eciText: text)
            symbol.modeCharset = Self.modeCharset(s.qrModes)
            out.append(symbol)
        }
        return out
    }

    /// Kanji and Hanzi segments together (never seen) are named by both.
    static func modeCharset(_ modes: Int32) -> String? {
        var names: [String] = []
        if modes & Int32(ZXS_MODE_KANJI) != 0 { names.append("Shift_JIS") }
        if modes & Int32(ZXS_MODE_HANZI) != 0 { names.append("GB2312") }
        return names.isEmpty ? nil : names.joined(separator: "+")
    }

    static func symbology(_ format: Int32) -> Symbology? {
        switch format {
        case Int32(ZXS_QR): .qr
        case Int32(ZXS_PDF417): .pdf417
        case Int32(ZXS_CODE128): .code128
        case Int32(ZXS_DATAMATRIX): .datamatrix
        default: nil
        }
    }
}
