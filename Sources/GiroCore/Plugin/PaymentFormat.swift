/// A country (or pan-European) payment format plug-in.
///
/// Every plug-in has the same small surface, so the engine, the CLI and the contract tests treat
/// them alike: an id, a country, the symbologies it expects, a cheap header sniff and a decoder.
/// Plug-ins depend on `GiroCore` only and never on each other.
public protocol PaymentFormat: Sendable {
    /// Stable identifier, `<country-or-scheme>.<format>` (`ch.qr-bill`, `sepa.epc-qr`).
    var id: String { get }
    /// ISO 3166-1 alpha-2 country, or nil for multi-country schemes (SEPA).
    var country: String? { get }
    /// Human name (`Swiss QR-bill (SPC)`).
    var name: String { get }
    /// Symbologies the format is printed in; detection itself is by payload, never by symbology.
    var symbologies: [Symbology] { get }
    /// Cheap header check (a few bytes); `true` means "this plug-in should try to decode it".
    func matches(_ payload: Payload) -> Bool
    /// Decodes and validates. Throws ``GiroError`` with a stable code for anything it must reject.
    func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord
}

/// A format that can also write payloads (record → bytes), used for round-trip tests and generators.
package protocol PaymentFormatEncoder: PaymentFormat {
    func encode(_ record: PaymentRecord) throws(GiroError) -> [UInt8]
}

extension PaymentFormat {
    /// Identity and capabilities as shown by `giro formats`.
    public var descriptor: FormatDescriptor {
        FormatDescriptor(id: id, country: country, name: name, symbologies: symbologies,
                         canEncode: self is any PaymentFormatEncoder)
    }
}

/// What `giro formats` lists about one plug-in.
public struct FormatDescriptor: Sendable, Codable, Hashable {
    public var id: String
    public var country: String?
    public var name: String
    public var symbologies: [Symbology]
    public var canEncode: Bool

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(country, forKey: .country)
        try c.encode(name, forKey: .name)
        try c.encode(symbologies, forKey: .symbologies)
        try c.encode(canEncode, forKey: .canEncode)
    }
}
