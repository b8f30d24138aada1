import CZBar
import GiroCore

/// zbar 0.23 in binary mode (`ZBAR_CFG_BINARY`): QR bytes come out unconverted instead of charset-guessed.
/// Debian's zbar has no PDF417 and zbar never had DataMatrix, so those symbologies are never found here.
package struct ZBarReader: BarcodeReader {
    package var kind: ReaderKind { .zbar }

    package init() {}

    package func read(_ image: GrayImage, options: ReadOptions) throws(GiroError) -> [DetectedSymbol] {
        let wanted = options.symbologies.intersection(ReaderKind.zbar.symbologies)
        guard !wanted.isEmpty else { return [] }
        try SystemLibrary.zbar.require(field: "image")
        guard let scanner = zbar_image_scanner_create() else {
            throw GiroError(.readerFailed, field: "image", "zbar: cannot create a scanner")
        }
        defer { zbar_image_scanner_destroy(scanner) }
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        if wanted.contains(.qr) {
            zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1)
            zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_BINARY, 1)
        }
        if wanted.contains(.code128) {
            zbar_image_scanner_set_config(scanner, ZBAR_CODE128, ZBAR_CFG_ENABLE, 1)
        }
        guard let zimage = zbar_image_create() else {
            throw GiroError(.readerFailed, field: "image", "zbar: cannot create an image")
        }
        defer { zbar_image_destroy(zimage) }
        zbar_image_set_format(zimage, 0x3030_3859)  // fourcc "Y800": 8-bit gray
        zbar_image_set_size(zimage, UInt32(image.width), UInt32(image.height))

        return image.pixels.withUnsafeBufferPointer { px -> [DetectedSymbol] in
            // zbar only reads the buffer; no cleanup handler, so destroying the image leaves our array alone.
            zbar_image_set_data(zimage, px.baseAddress, UInt(px.count), nil)
            defer { zbar_image_set_data(zimage, nil, 0, nil) }
            guard zbar_scan_image(scanner, zimage) > 0 else { return [] }
            var out: [DetectedSymbol] = []
            var sym = zbar_image_first_symbol(zimage)
            while let s = sym {
                defer { sym = zbar_symbol_next(s) }
                let type = zbar_symbol_get_type(s)
                let symbology: Symbology
                if type == ZBAR_QRCODE { symbology = .qr } else if type == ZBAR_CODE128 { symbology = .code128 } else { continue }
                let length = Int(zbar_symbol_get_data_length(s))
                guard let data = zbar_symbol_get_data(s) else { continue }
                let bytes = UnsafeRawBufferPointer(start: data, count: length).map { $0 }
                out.append(DetectedSymbol(symbology: symbology, bytes: bytes, eci: nil, corners: Self.corners(s), reader: .zbar))
            }
            return out
        }
    }

    /// zbar gives a polygon (4 points for QR, a scan-line trace for 1D codes); keep the 4 corners, reduce a trace to its bounding box.
    static func corners(_ s: OpaquePointer) -> [ImagePoint] {
        let n = Int(zbar_symbol_get_loc_size(s))
        guard n > 0 else { return [] }
        var pts: [ImagePoint] = []
        for i in 0..<min(n, 4096) {
            pts.append(ImagePoint(x: Int(zbar_symbol_get_loc_x(s, UInt32(i))), y: Int(zbar_symbol_get_loc_y(s, UInt32(i)))))
        }
        return pts.count == 4 ? pts : boundingBox(pts)
    }

    static func boundingBox(_ pts: [ImagePoint]) -> [ImagePoint] {
        let xs = pts.map(\.x), ys = pts.map(\.y)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return [] }
        return [ImagePoint(x: x0, y: y0), ImagePoint(x: x1, y: y0), ImagePoint(x: x1, y: y1), ImagePoint(x: x0, y: y1)]
    }
}
