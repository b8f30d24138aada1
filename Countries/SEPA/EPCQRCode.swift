import GiroCore

/// EPC069-12 QR code ("GiroCode", Stuzza "Zahlen mit Code"): SEPA credit transfer payloads starting with `BCD`.
///
/// Decodes versions `001` and `002` (identification `SCT`, and `INST` unless disabled), applies
/// element 3's charset to the raw bytes, validates every element and tolerates the deviations seen in
/// the wild with a warning each (see Countries/SEPA/README.md). Also encodes records back to payloads.
public struct EPCQRCode: PaymentFormatEncoder {
    public let id = "sepa.epc-qr"
    public let country: String? = nil
    public let name = "EPC QR code (GiroCode / Stuzza, EPC069-12)"
    public let symbologies: [Symbology] = [.qr]

    /// Decoder switches.
    public struct Options: Sendable, Hashable {
        /// Accept identification `INST` (SEPA Instant, EPC069-12 v3.x, [reported]) with an info diagnostic.
        /// When `false`, `INST` is rejected with `identification_invalid`.
        public var acceptInstant: Bool

        public init(acceptInstant: Bool = true) {
            self.acceptInstant = acceptInstant
        }
    }

    public let options: Options

    public init() { options = Options() }
    public init(options: Options) { self.options = options }

    /// `BCD` as the whole first line, after an optional BOM and any NUL / space padding.
    public func matches(_ payload: Payload) -> Bool {
        let b = payload.bytes
        let n = b.count
        var i = PayloadLimits.bomLength(b)
        while i < n, b[i] == 0 || b[i] == 0x20 || b[i] == 0x09 { i += 1 }
        guard n - i >= 3, b[i] == UInt8(ascii: "B"), b[i + 1] == UInt8(ascii: "C"), b[i + 2] == UInt8(ascii: "D") else {
            return false
        }
        i += 3
        while i < n, b[i] == 0 || b[i] == 0x20 || b[i] == 0x09 { i += 1 }
        return i == n || b[i] == 0x0A || b[i] == 0x0D
    }

    public func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        try PayloadLimits.check(payload.bytes, format: id)
        var decoder = EPCDecoder(format: id, options: options, payload: payload)
        try decoder.run()
        decoder.judgeDatedRules()
        return (consume decoder).finished()
    }

    public func encode(_ record: PaymentRecord) throws(GiroError) -> [UInt8] {
        try EPCEncoder(format: id).encode(record)
    }
}
