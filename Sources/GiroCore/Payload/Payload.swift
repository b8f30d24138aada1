/// A barcode symbology.
public enum Symbology: String, Sendable, Codable, Hashable, CaseIterable {
    case qr
    case pdf417
    case code128
    case datamatrix
}

/// The bytes of one barcode (or pasted text) handed to the decoder, with what is known about its origin.
///
/// Bytes are kept raw: each format applies its own charset rules (EPC's charset line,
/// HUB3's ISO-8859-2, …) instead of trusting a scanner's guess.
public struct Payload: Sendable, Hashable {
    public var bytes: [UInt8]
    public var symbology: Symbology?
    /// Extended Channel Interpretation number announced by the symbol, if any (26 = UTF-8, 4 = ISO-8859-2).
    public var eci: Int?
    /// `payload`, `image` or `ocr`; copied into ``SourceInfo/kind``.
    public var kind: String
    /// The day whose rules judge the payload (`docs/decoding-policy.md`, "Rules in force on a date"); nil: today
    /// in UTC. The engine fills it from ``PaymentDecoder``'s `asOf`.
    public var asOf: CalendarDate?

    public init(bytes: [UInt8], symbology: Symbology? = nil, eci: Int? = nil, kind: String = "payload") {
        self.bytes = bytes
        self.symbology = symbology
        self.eci = eci
        self.kind = kind
    }

    /// ``asOf``, or today in UTC.
    package var judgementDate: CalendarDate { asOf ?? CalendarDate.utc() }

    public init(text: String, symbology: Symbology? = nil) {
        self.init(bytes: Array(text.utf8), symbology: symbology)
    }

    /// `true` when the payload starts with `prefix` (ASCII), after an optional UTF-8 byte-order mark.
    @inlinable
    package func hasPrefix(_ prefix: StaticString) -> Bool {
        let start = PayloadLimits.bomLength(bytes)
        let count = prefix.utf8CodeUnitCount
        guard bytes.count - start >= count else { return false }
        return prefix.withUTF8Buffer { p in
            for i in 0..<count where bytes[start + i] != p[i] { return false }
            return true
        }
    }
}

/// Size limits applied before any decoding work.
public enum PayloadLimits {
    /// Largest payload any format accepts (the biggest QR code holds 2953 bytes; PDF417 about 1.1 KB).
    /// `PaymentDecoder(maxPayloadBytes:)` can lower it, never raise it.
    public static let maxBytes = 8 * 1024

    /// Every plug-in's first check (the engine makes it too, but plug-ins are also called directly):
    /// `empty_payload` or `payload_too_large`.
    @inlinable
    package static func check(_ bytes: [UInt8], format: String) throws(GiroError) {
        guard !bytes.isEmpty else { throw GiroError(.emptyPayload, format: format, "the payload is empty") }
        guard bytes.count <= maxBytes else {
            throw GiroError(.payloadTooLarge, format: format, "the payload has \(bytes.count) bytes; the limit is \(maxBytes)")
        }
    }

    @inlinable
    package static func bomLength(_ bytes: [UInt8]) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }
}
