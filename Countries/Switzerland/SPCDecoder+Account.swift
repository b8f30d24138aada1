import GiroCore

/// Creditor account (line 4): a valid CH or LI IBAN; QR-IBAN when the IID is 30000–31999.
extension SPCDecoder {
    mutating func creditorAccount() throws(GiroError) -> Account {
        let i = SPCLayout.iban
        let field = "creditor.account.iban"
        let r = raw(i)
        guard !r.isEmpty else {
            throw fail(.fieldMissing, field: field, at: i, "the creditor IBAN is mandatory")
        }
        let (compact, compaction) = IBAN.compact(r)
        let removed = compaction.removedSpaces || compaction.removedOtherSeparators
        let lowered = compaction.loweredCase
        // Country first: a well-formed foreign IBAN is "not allowed" rather than "invalid".
        if compact.count >= 2, compact[0] >= 65, compact[0] <= 90, compact[1] >= 65, compact[1] <= 90,
           !((compact[0] == 67 && compact[1] == 72) || (compact[0] == 76 && compact[1] == 73)) {
            throw fail(.ibanCountryNotAllowed, field: field, at: i,
                       "only CH and LI IBANs are allowed in a QR-bill, found \(String(decoding: compact[0..<2], as: UTF8.self))")
        }
        do {
            try IBAN.validateCompact(compact, field: field)
        } catch {
            throw relocate(error, field: field, at: i)
        }
        if removed {
            warn(.ibanSpaces, field: field, at: i, "spaces or separators removed from the IBAN")
        }
        if lowered {
            warn(.ibanLowercase, field: field, at: i, "lower-case IBAN upper-cased")
        }
        // QR-IBAN: institution id (IBAN positions 5–9) in 30000–31999 (validated CH/LI IBANs have 21 characters).
        let isQR = compact.count == 21 && compact[4] == UInt8(ascii: "3") && (compact[5] == UInt8(ascii: "0") || compact[5] == UInt8(ascii: "1"))
        return Account(iban: String(decoding: compact, as: UTF8.self), bic: nil, isQRIBAN: isQR)
    }
}
