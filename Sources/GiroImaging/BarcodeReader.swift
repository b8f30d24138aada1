import GiroCore
import Foundation

/// The barcode libraries Giro can read with.
public enum ReaderKind: String, Sendable, Codable, Hashable, CaseIterable {
    /// zxing-cpp 1.4 (Debian `libzxing-dev`): QR, PDF417, Code128; DataMatrix only across the image centre.
    case zxing
    /// zbar 0.23 (Debian `libzbar-dev`): QR and Code128 only, in binary mode.
    case zbar
    /// libdmtx 0.7 (Debian `libdmtx-dev`): DataMatrix anywhere in the image, slow on failure.
    case dmtx

    /// What the library can read (the readers skip requests outside it).
    package var symbologies: Set<Symbology> {
        switch self {
        case .zxing: [.qr, .pdf417, .code128, .datamatrix]
        case .zbar: [.qr, .code128]
        case .dmtx: [.datamatrix]
        }
    }

    /// A fresh reader of this kind.
    package var reader: any BarcodeReader {
        switch self {
        case .zxing: ZXingReader()
        case .zbar: ZBarReader()
        case .dmtx: DmtxReader()
        }
    }
}

/// One symbol found in an image: raw bytes, never a library's charset guess.
package struct DetectedSymbol: Sendable, Hashable, Codable {
    package var symbology: Symbology
    package var bytes: [UInt8]
    /// The first ECI designator in the symbol, when the library reports one (zbar never does).
    package var eci: Int?
    /// Every distinct ECI designator, in order (a symbol may switch charsets midway); `[eci]` or empty by default.
    package var ecis: [Int]
    /// The library's own text with each ECI segment transcoded (zxing, only for symbols with an ECI, and for QR
    /// codes with a Kanji or Hanzi segment, which zxing transcodes by its mode).
    package var eciText: String?
    /// The charset a QR code's Kanji (`Shift_JIS`) or Hanzi (`GB2312`) mode segments fix (zxing; nil otherwise).
    package var modeCharset: String?
    /// Corners in image coordinates: top-left, top-right, bottom-right, bottom-left of the symbol.
    package var corners: [ImagePoint]
    package var reader: ReaderKind
    /// Which step of the reading strategy found it (`zxing`, `zxing-rotate-8`, `dmtx`, …).
    package var pass: String

    package init(symbology: Symbology, bytes: [UInt8], eci: Int?, corners: [ImagePoint], reader: ReaderKind, pass: String? = nil,
                 ecis: [Int]? = nil, eciText: String? = nil) {
        self.symbology = symbology
        self.bytes = bytes
        self.eci = eci
        self.ecis = ecis ?? eci.map { [$0] } ?? []
        self.eciText = eciText
        self.corners = corners
        self.reader = reader
        self.pass = pass ?? reader.rawValue
    }

    /// The bytes as a core payload for the plug-ins.
    package var payload: Payload { Payload(bytes: bytes, symbology: symbology, eci: eci, kind: "image") }

    var center: (x: Double, y: Double) {
        guard !corners.isEmpty else { return (0, 0) }
        let sx = corners.reduce(0) { $0 + $1.x }, sy = corners.reduce(0) { $0 + $1.y }
        return (Double(sx) / Double(corners.count), Double(sy) / Double(corners.count))
    }

    /// Angle of the symbol's top edge against the image's x axis, folded into −45°…45° (a symbol read sideways
    /// or upside down shows the same page tilt); nil without four corners.
    var tiltDegrees: Double? {
        guard corners.count == 4 else { return nil }
        let dx = Double(corners[1].x - corners[0].x), dy = Double(corners[1].y - corners[0].y)
        guard dx != 0 || dy != 0 else { return nil }
        var a = atan2(dy, dx) * 180 / .pi
        while a > 45 { a -= 90 }
        while a <= -45 { a += 90 }
        return a
    }

    /// Longest distance between two corners: the symbol's rough size.
    var extent: Double {
        var best = 0.0
        for a in corners {
            for b in corners {
                let dx = Double(a.x - b.x), dy = Double(a.y - b.y)
                best = max(best, (dx * dx + dy * dy).squareRoot())
            }
        }
        return best
    }
}

/// What a single read may look at and how long it may take.
package struct ReadOptions: Sendable {
    package var symbologies: Set<Symbology>
    /// Spend more time (zxing tryHarder/tryRotate/tryDownscale).
    package var tryHarder: Bool
    /// Millisecond budget for libraries that search until told to stop (libdmtx).
    package var timeBudgetMilliseconds: Int
    package var maxSymbols: Int

    package init(symbologies: Set<Symbology> = Set(Symbology.allCases), tryHarder: Bool = true,
                timeBudgetMilliseconds: Int = 500, maxSymbols: Int = 16) {
        self.symbologies = symbologies
        self.tryHarder = tryHarder
        self.timeBudgetMilliseconds = timeBudgetMilliseconds
        self.maxSymbols = maxSymbols
    }
}

/// One barcode library. Implementations create their library handles per call (none of the libraries
/// promises thread safety for shared handles), free them on every path, and are safe to share.
package protocol BarcodeReader: Sendable {
    var kind: ReaderKind { get }
    /// Symbols found, in the image's coordinates. Throws `reader_failed` only for library failures;
    /// "nothing found" is an empty array.
    func read(_ image: GrayImage, options: ReadOptions) throws(GiroError) -> [DetectedSymbol]
}
