/// Names the CIUS or profile of an invoice from its specification identifier (BT-24), for `extras["invoice.profile"]`.
/// Ordered: the more specific identifier first (XRechnung and national CIUS also contain the EN 16931 one).
enum InvoiceProfiles {
    static let rules: [(contains: String, name: String)] = [
        ("xeinkauf.de:kosit:xrechnung", "de.xrechnung"),
        ("urn:fdc:nen.nl:nlcius", "nl.si-ubl"),
        ("CIUS-RO", "ro.cius-ro"),
        ("mfin.gov.rs:srbdt", "rs.sef"),
        ("mfin.gov.hr", "hr.cius"),
        ("UBL.BE", "be.ubl-be"),
        ("peppol.eu:2017:poacc:billing:3.0", "peppol.bis-billing-3"),
        ("factur-x.eu:1p0:minimum", "factur-x.minimum"),
        ("factur-x.eu:1p0:basicwl", "factur-x.basic-wl"),
        ("cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic", "factur-x.basic"),
        ("cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended", "factur-x.extended"),
        ("zugferd.de:2p0:extended", "zugferd-2.extended"),
        ("zugferd.de:2p0:minimum", "zugferd-2.minimum"),
        ("zugferd.de:2p0:basicwl", "zugferd-2.basic-wl"),
        ("zugferd.de:2p0:basic", "zugferd-2.basic"),
        ("invoice:1p0:basic", "zugferd-1.basic"),
        ("invoice:1p0:comfort", "zugferd-1.comfort"),
        ("invoice:1p0:extended", "zugferd-1.extended"),
        ("ebInterface", "at.ebinterface"),
    ]

    static func name(specification: String?, syntax: InvoiceSyntax) -> String? {
        guard let spec = specification else { return nil }
        for rule in rules where spec.contains(rule.contains) { return rule.name }
        if spec == "urn:cen.eu:en16931:2017" { return "en16931" }
        return nil
    }
}
