import GiroCore

/// UK "pay by bank" links (formats-west §8.3): the UK has no interbank payment-QR standard, so its payment
/// QR codes wrap bank- or PISP-specific URLs. Two shapes carry payment fields and are recognised: Monzo's
/// `monzo.me/<handle>[/<amount>]` and any `http(s)` link whose query names a sort code and an account
/// number. Reported as link records, status `uncertain` (see `Countries/UnitedKingdom/README.md`).
public struct UKPayByBankLink: PaymentFormat {
    public let id = "gb.pay-by-bank"
    public let country: String? = "GB"
    public let name = "UK pay-by-bank link (monzo.me, sort code + account number links)"
    public let symbologies: [Symbology] = [.qr]

    public init() {}

    public func matches(_ payload: Payload) -> Bool {
        guard let head = PaymentLink.head(payload.bytes),
              PaymentLink.equalsIgnoringCase(head.scheme, "https") || PaymentLink.equalsIgnoringCase(head.scheme, "http") else { return false }
        if PaymentLink.host(head.host, isWithin: "monzo.me") { return UKLinkQuery.startsWithHandle(payload.bytes, at: head.host.endIndex) }
        return UKLinkQuery.namesBankDetails(payload.bytes, from: head.host.endIndex)
    }

    public func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        try PaymentLinkDecoder.decode(payload, rules: Self.rules) { link in
            guard link.scheme == "https" || link.scheme == "http" else { return nil }
            if link.host == "monzo.me" || link.host.hasSuffix(".monzo.me") {
                return UKLinkQuery.hasMonzoHandle(link.path) ? "monzo" : nil
            }
            return UKLinkQuery.sortCode(link) != nil && UKLinkQuery.accountNumber(link) != nil ? "bank-details" : nil
        }
    }

    static let rules = PaymentLinkRules(
        format: "gb.pay-by-bank", country: "GB", currency: "GBP", fields: UKLinkQuery.fields,
        classifyReference: { PaymentLinkReferences.classify($0) { _ in nil } },
        national: { d, link, kind throws(GiroError) in try UKLinkFields.read(&d, link, kind: kind) })
}
