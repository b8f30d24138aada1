/// The decoding engine: finds the plug-in for a payload and returns its normalized record.
///
/// `PaymentDecoder` is a value type with no mutable state; share one across threads freely.
///
/// ```swift
/// import Giro
/// let record = try PaymentDecoder().decode(text: qrText)
/// print(record.creditor?.account?.iban ?? "-", record.amount?.formattedValue ?? "open amount")
/// ```
public struct PaymentDecoder: Sendable {
    public let formats: [any PaymentFormat]
    /// The largest payload this decoder accepts, in bytes: the value given to `init`, clamped to
    /// `1...PayloadLimits.maxBytes`. It can only lower the formats' ceiling: every plug-in refuses more than
    /// `PayloadLimits.maxBytes` on its own, so a larger value is clamped here, visibly, not ignored later.
    public let maxPayloadBytes: Int
    /// The day whose rules judge each payload (`docs/decoding-policy.md`, "Rules in force on a date"); nil: the day
    /// of each decode, from `today`. A payload's own ``Payload/asOf`` wins.
    public let asOf: CalendarDate?
    /// Today's date when `asOf` is nil; injectable so tests do not depend on the clock. Nil: the UTC clock, read
    /// only when a payload breaks a dated rule.
    public let today: (@Sendable () -> CalendarDate)?

    public init(formats: [any PaymentFormat] = FormatRegistry.all, maxPayloadBytes: Int = PayloadLimits.maxBytes,
                asOf: CalendarDate? = nil, today: (@Sendable () -> CalendarDate)? = nil) {
        self.formats = formats
        self.maxPayloadBytes = min(max(maxPayloadBytes, 1), PayloadLimits.maxBytes)
        self.asOf = asOf
        self.today = today
    }

    /// The same decoder judging by the rules in force on `date` (nil: today).
    public func judging(asOf date: CalendarDate?) -> PaymentDecoder {
        PaymentDecoder(formats: formats, maxPayloadBytes: maxPayloadBytes, asOf: date, today: today)
    }

    /// The date `payload` is judged on.
    public func judgementDate(for payload: Payload) -> CalendarDate {
        payload.asOf ?? asOf ?? today?() ?? CalendarDate.utc()
    }

    /// The payload with its judgement date filled in, for the plug-in.
    private func dated(_ payload: Payload) -> Payload {
        guard payload.asOf == nil, let date = asOf ?? today?() else { return payload }
        var p = payload
        p.asOf = date
        return p
    }

    /// The plug-in whose header sniff accepts the payload, if any.
    public func detect(_ payload: Payload) -> (any PaymentFormat)? {
        formats.first { $0.matches(payload) }
    }

    /// Decodes one payload. Throws `unknown_format` when no plug-in recognises it.
    public func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        guard !payload.bytes.isEmpty else {
            throw GiroError(.emptyPayload, "the payload is empty")
        }
        try checkSize(payload, format: nil)
        guard let format = detect(payload) else {
            throw GiroError(.unknownFormat, "no supported payment format recognises this payload")
        }
        do {
            return try format.decode(dated(payload))
        } catch {
            var e = error
            if e.format == nil { e.format = format.id }
            throw e
        }
    }

    public func decode(text: String, symbology: Symbology? = nil) throws(GiroError) -> PaymentRecord {
        try decode(Payload(text: text, symbology: symbology))
    }

    public func decode(bytes: [UInt8], symbology: Symbology? = nil, eci: Int? = nil) throws(GiroError) -> PaymentRecord {
        try decode(Payload(bytes: bytes, symbology: symbology, eci: eci))
    }

    /// Decodes with a specific plug-in, skipping detection.
    public func decode(_ payload: Payload, formatID: String) throws(GiroError) -> PaymentRecord {
        guard let format = formats.first(where: { $0.id == formatID }) else {
            throw GiroError(.unknownFormat, "no plug-in with id \(formatID)")
        }
        try checkSize(payload, format: formatID)
        return try format.decode(dated(payload))
    }

    /// The engine's limit, checked before any plug-in sees the bytes.
    private func checkSize(_ payload: Payload, format: String?) throws(GiroError) {
        guard payload.bytes.count <= maxPayloadBytes else {
            throw GiroError(.payloadTooLarge, format: format,
                            "the payload has \(payload.bytes.count) bytes; the limit is \(maxPayloadBytes)")
        }
    }
}
