import GiroCore

/// Dutch payment links — iDEAL QR (`ideal.nl`), Tikkie (`tikkie.me`) and bank "betaalverzoek" pages
/// (`betaalverzoek.<bank>.nl`): reported as a link record, status `uncertain` (see
/// `Countries/Netherlands/README.md`). Dutch banks scan EPC QR for payment data; these are proprietary URLs.
public struct DutchPaymentLink: PaymentFormat {
    public let id = "nl.payment-link"
    public let country: String? = "NL"
    public let name = "Dutch payment link (iDEAL QR, Tikkie, betaalverzoek)"
    public let symbologies: [Symbology] = [.qr]

    public init() {}

    public func matches(_ payload: Payload) -> Bool {
        guard let head = PaymentLink.head(payload.bytes),
              PaymentLink.equalsIgnoringCase(head.scheme, "https") || PaymentLink.equalsIgnoringCase(head.scheme, "http") else { return false }
        return Self.kind(host: Array(head.host).map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }) != nil
    }

    public func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        try PaymentLinkDecoder.decode(payload, rules: Self.rules) { link in
            link.scheme == "https" || link.scheme == "http" ? Self.kind(host: Array(link.host.utf8)) : nil
        }
    }

    /// The link kind of a lower-case host: `ideal`, `tikkie` or `betaalverzoek`.
    static func kind(host: [UInt8]) -> String? {
        let h = host[...]
        if PaymentLink.host(h, isWithin: "ideal.nl") { return "ideal" }
        if PaymentLink.host(h, isWithin: "tikkie.me") { return "tikkie" }
        // betaalverzoek.rabobank.nl and the like: the bank's own request-to-pay page.
        let prefix = Array("betaalverzoek.".utf8)
        if h.count > prefix.count + 3, h.starts(with: prefix), h.suffix(3).elementsEqual(".nl".utf8) { return "betaalverzoek" }
        return nil
    }

    static let rules = PaymentLinkRules(
        format: "nl.payment-link", country: "NL", fields: PaymentLinkRules.commonFields,
        classifyReference: { PaymentLinkReferences.classify($0, national: DutchBetalingskenmerk.linkReference) })
}
