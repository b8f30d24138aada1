import CPopplerShim
import GiroCore

/// A file embedded in a PDF (PDF/A-3 attachment: a Factur-X, ZUGFeRD or XRechnung invoice), read through
/// poppler-cpp's embedded-files API.
public struct PDFAttachment: Sendable, Hashable {
    public var name: String
    public var mimeType: String?
    /// Nil when the file was not read: its declared size is unknown or over the limit.
    public var bytes: [UInt8]?
    /// The size the PDF declares (`/Params /Size`); nil when it declares none.
    public var declaredSize: Int?

    /// At most 16 files of at most 8 MiB each: an invoice is one small XML file.
    public static let maxCount = 16
    public static let maxBytes = 8 << 20
    /// An attachment that declares no size (ZUGFeRD 1.0 writers often omit `/Size`) is read only from a PDF of at
    /// most this many bytes: poppler inflates the whole stream, so the PDF's size bounds what a deflate bomb can
    /// expand to (about 1000 : 1).
    public static let maxUndeclaredSourceBytes = 256 << 10

    /// The embedded files of a PDF held in memory. Throws what opening the PDF throws (`pdf_invalid`, `pdf_encrypted`).
    public static func list(pdfBytes bytes: [UInt8], maxCount: Int = maxCount, maxBytes: Int = maxBytes) throws(GiroError) -> [PDFAttachment] {
        try PDFDocument(bytes).attachments(maxCount: maxCount, maxBytes: maxBytes, readUndeclared: bytes.count <= maxUndeclaredSourceBytes)
    }

    static func read(_ handle: OpaquePointer, maxCount: Int, maxBytes: Int, readUndeclared: Bool) -> [PDFAttachment] {
        guard let list = gps_attachments_read(handle, Int32(clamping: maxCount), Int32(clamping: maxBytes), readUndeclared ? 1 : 0) else { return [] }
        defer { gps_attachments_free(list) }
        var out: [PDFAttachment] = []
        for i in 0..<max(0, Int(gps_attachments_count(list))) {
            var name: UnsafePointer<CChar>?, mime: UnsafePointer<CChar>?, data: UnsafePointer<UInt8>?
            var nameLength: Int32 = 0, length: Int32 = 0, declared: Int32 = 0
            guard gps_attachments_get(list, Int32(i), &name, &nameLength, &mime, &data, &length, &declared) == 1 else { continue }
            let mimeText = mime.map { String(cString: $0) } ?? ""
            let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: max(0, Int(length)))) }
            let nameBytes = name.map { $0.withMemoryRebound(to: UInt8.self, capacity: max(0, Int(nameLength))) {
                Array(UnsafeBufferPointer(start: $0, count: max(0, Int(nameLength)))) } } ?? []
            out.append(PDFAttachment(name: pdfText(nameBytes), mimeType: mimeText.isEmpty ? nil : mimeText,
                                     bytes: bytes, declaredSize: declared >= 0 ? Int(declared) : nil))
        }
        return out
    }
}

/// A PDF text string: UTF-16BE after the FE FF mark (ZUGFeRD 1.0 writers name `ZUGFeRD-invoice.xml` so), else
/// PDFDocEncoding, read as Latin-1 (the two agree on the printable ASCII file names use).
func pdfText(_ bytes: [UInt8]) -> String {
    guard bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF else {
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
    var units: [UInt16] = []
    var i = 2
    while i + 1 < bytes.count { units.append(UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])); i += 2 }
    return String(decoding: units, as: UTF16.self)
}
