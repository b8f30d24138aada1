import GiroCore

/// Payconiq payment links (`https://payconiq.com/…`, `payconiq://…`): reported as a link record, status
/// `uncertain` (see `Countries/Belgium/README.md`). Payconiq's QR codes are proprietary; there is no
/// Belgian payment-data format of its own to decode (Belgian banks scan EPC QR).
public struct BelgianPayconiqLink: PaymentFormat {
    public let id = "be.payconiq"
    public let country: String? = "BE"
    public let name = "Payconiq payment link (Belgium)"
    public let symbologies: [Symbology] = [.qr]

    public init() {}

    public func matches(_ payload: Payload) -> Bool {
        guard let head = PaymentLink.head(payload.bytes) else { return false }
        return Self.isPayconiq(scheme: head.scheme, host: head.host)
    }

    public func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        try PaymentLinkDecoder.decode(payload, rules: Self.rules) { link in
            link.scheme == "payconiq" || ((link.scheme == "https" || link.scheme == "http") && Self.isPayconiqHost(link.host))
                ? "payconiq" : nil
        }
    }

    static func isPayconiq(scheme: ArraySlice<UInt8>, host: ArraySlice<UInt8>) -> Bool {
        if PaymentLink.equalsIgnoringCase(scheme, "payconiq") { return true }
        guard PaymentLink.equalsIgnoringCase(scheme, "https") || PaymentLink.equalsIgnoringCase(scheme, "http") else { return false }
        return PaymentLink.host(host, isWithin: "payconiq.com")
    }

    static func isPayconiqHost(_ host: String) -> Bool { host == "payconiq.com" || host.hasSuffix(".payconiq.com") }

    /// Payconiq's own short parameters (`A`, `D`, `R` …) have no public specification: they stay raw in
    /// `be.query.<name>` rather than being guessed into amount or reference; only the common names map.
    static let rules = PaymentLinkRules(
        format: "be.payconiq", country: "BE",
        fields: PaymentLinkRules.commonFields,
        classifyReference: { PaymentLinkReferences.classify($0, national: BelgianOGM.linkReference) })
}
