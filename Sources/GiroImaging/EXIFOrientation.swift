/// Finds the EXIF Orientation tag (0x0112) in a JPEG APP1, PNG eXIf or WebP EXIF chunk.
/// Phone photos are stored sideways with this tag; the barcode readers need the upright image.
/// Bounds-checked throughout: a corrupt tag only means "no orientation".
enum EXIFOrientation {
    static func find(in b: [UInt8], format: ImageFileFormat) -> Int? {
        switch format {
        case .jpeg: jpegTIFF(b).flatMap { tiffOrientation(b, $0) }
        case .png: pngTIFF(b).flatMap { tiffOrientation(b, $0) }
        case .webp: webpTIFF(b).flatMap { tiffOrientation(b, $0) }
        }
    }

    /// Start and end of the TIFF block inside the file.
    typealias Span = Range<Int>

    static func be16(_ b: [UInt8], _ i: Int) -> Int? { i >= 0 && i + 2 <= b.count ? Int(b[i]) << 8 | Int(b[i + 1]) : nil }
    static func be32(_ b: [UInt8], _ i: Int) -> Int? {
        guard let hi = be16(b, i), let lo = be16(b, i + 2) else { return nil }
        return hi << 16 | lo
    }
    static func le32(_ b: [UInt8], _ i: Int) -> Int? {
        guard i >= 0, i + 4 <= b.count else { return nil }
        return Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16 | Int(b[i + 3]) << 24
    }

    static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]

    static func skipExifHeader(_ b: [UInt8], _ span: Span) -> Span {
        if span.count >= 6, b[span.lowerBound..<(span.lowerBound + 6)].elementsEqual(exifHeader) {
            return (span.lowerBound + 6)..<span.upperBound
        }
        return span
    }

    static func jpegTIFF(_ b: [UInt8]) -> Span? {
        var i = 2
        while i + 4 <= b.count, b[i] == 0xFF {
            let marker = b[i + 1]
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            if marker == 0xDA || marker == 0xD9 { return nil }  // image data starts: no more metadata
            guard let length = be16(b, i + 2), length >= 2, i + 2 + length <= b.count else { return nil }
            let body = (i + 4)..<(i + 2 + length)
            if marker == 0xE1, body.count > 6, b[body.lowerBound..<(body.lowerBound + 6)].elementsEqual(exifHeader) {
                return skipExifHeader(b, body)
            }
            i += 2 + length
        }
        return nil
    }

    static func pngTIFF(_ b: [UInt8]) -> Span? {
        var i = 8
        while let length = be32(b, i), i + 12 + length <= b.count {
            let type = b[(i + 4)..<(i + 8)]
            if type.elementsEqual(Array("eXIf".utf8)) { return skipExifHeader(b, (i + 8)..<(i + 8 + length)) }
            if type.elementsEqual(Array("IDAT".utf8)) || type.elementsEqual(Array("IEND".utf8)) { return nil }
            i += 12 + length
        }
        return nil
    }

    static func webpTIFF(_ b: [UInt8]) -> Span? {
        var i = 12
        while let length = le32(b, i + 4), i + 8 + length <= b.count {
            if b[i..<(i + 4)].elementsEqual(Array("EXIF".utf8)) { return skipExifHeader(b, (i + 8)..<(i + 8 + length)) }
            i += 8 + length + (length & 1)
        }
        return nil
    }

    /// Reads IFD0 of a TIFF block and returns the Orientation value when it is 1…8.
    static func tiffOrientation(_ b: [UInt8], _ t: Span) -> Int? {
        guard t.count >= 8 else { return nil }
        let base = t.lowerBound
        let little: Bool
        switch (b[base], b[base + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ off: Int) -> Int? {
            let i = base + off
            guard off >= 0, i + 2 <= t.upperBound else { return nil }
            return little ? Int(b[i]) | Int(b[i + 1]) << 8 : Int(b[i]) << 8 | Int(b[i + 1])
        }
        func u32(_ off: Int) -> Int? {
            guard let a = u16(off), let c = u16(off + 2) else { return nil }
            return little ? a | c << 16 : a << 16 | c
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for k in 0..<min(count, 512) {
            let entry = ifd + 2 + 12 * k
            guard let tag = u16(entry) else { return nil }
            if tag == 0x0112 {
                guard u16(entry + 2) == 3, let value = u16(entry + 8), (1...8).contains(value) else { return nil }
                return value
            }
        }
        return nil
    }
}
