import GiroCore

/// Austrian eps e-payment links (`epspayment://…`, formats-west §4.3): reported as a link record, status
/// `uncertain` (see `Countries/Austria/README.md`). Austrian payment data is EPC QR ("Zahlen mit Code").
public struct AustrianEPSLink: PaymentFormat {
    public let id = "at.eps"
    public let country: String? = "AT"
    public let name = "eps payment link (Austria)"
    public let symbologies: [Symbology] = [.qr]

    public init() {}

    public func matches(_ payload: Payload) -> Bool {
        guard let head = PaymentLink.head(payload.bytes) else { return false }
        return PaymentLink.equalsIgnoringCase(head.scheme, "epspayment")
    }

    public func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        try PaymentLinkDecoder.decode(payload, rules: Self.rules) { $0.scheme == "epspayment" ? "eps" : nil }
    }

    static let rules = PaymentLinkRules(
        format: "at.eps", country: "AT", fields: PaymentLinkRules.commonFields,
        classifyReference: { PaymentLinkReferences.classify($0) { _ in nil } })
}
