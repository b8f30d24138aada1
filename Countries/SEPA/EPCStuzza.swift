import GiroCore

/// Stuzza "Zahlen mit Code" (the Austrian profile of EPC069-12, Stuzza QR-code definition v2.0; formats-west
/// §4.1): what an Austrian code may do beyond EPC069-12 and what it may not.
///
/// * Beyond EPC069-12: element 10 is the Austrian *Zahlungsreferenz*, free text of up to 35 characters, not
///   necessarily RF (typed `at.zahlungsreferenz`, no `reference_unclassified`, see ``EPCReferenceClassifier``);
///   the BIC may be empty from version 2.0 (as EPC `002`).
/// * Narrower: charset `1` or `2` only (`stuzza_charset`); only one of Zahlungsreferenz (element 10) and
///   Verwendungszweck (element 11) is forwarded (`stuzza_remittance_both_forms`, uncertain).
enum EPCStuzza {
    /// A code is Austrian when the creditor's IBAN or the BIC is (an Austrian BIC on a foreign IBAN is
    /// already `bic_country_mismatch`; the Stuzza rules still apply to what the Austrian bank reads).
    static func applies(iban: String, bic: String?) -> Bool {
        if iban.utf8.starts(with: "AT".utf8) { return true }
        guard let bic else { return false }
        return bic.utf8.dropFirst(4).starts(with: "AT".utf8)
    }

    /// Element 3 as written is `1` or `2`.
    static func allowsCharset(_ code: ArraySlice<UInt8>) -> Bool { code.elementsEqual("1".utf8) || code.elementsEqual("2".utf8) }
}

extension EPCDecoder {
    /// Element 3 under the Stuzza rules (the decoding itself already happened with the declared charset).
    mutating func stuzzaCharset(code: ArraySlice<UInt8>) {
        guard !EPCStuzza.allowsCharset(code) else { return }
        warn(.stuzzaCharset, element: 3,
             "character set \(show(code)) in an Austrian code: Stuzza admits only 1 (UTF-8) and 2 (ISO-8859-1); decoded as declared")
    }
}
