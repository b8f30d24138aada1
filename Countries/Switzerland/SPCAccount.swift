import GiroCore

/// Creditor account (line 4): a valid CH or LI IBAN; QR-IBAN when the IID is 30000–31999.
extension SPCDecoder {
    mutating func creditorAccount() throws(GiroError) -> Account {
        let i = SPCLayout.iban
        let field = "creditor.account.iban"
        let r = raw(i)
        guard !r.isEmpty else {
            throw fail(.fieldMissing, field: field, line: i, "the creditor IBAN is mandatory")
        }
        // Compact here (spaces, `-`, `.` removed, upper-cased) on the concrete slice type, then run
        // the core's registry/mod-97 validation on the compact bytes.
        var compact: [UInt8] = []
        compact.reserveCapacity(21)
        var removed = false
        var lowered = false
        var i2 = r.startIndex
        while i2 < r.endIndex {
            let b = r[i2]
            switch b {
            case 0x20, 0x09, UInt8(ascii: "-"), UInt8(ascii: "."): removed = true
            case 97...122: compact.append(b - 32); lowered = true
            case 0xC2 where i2 + 1 < r.endIndex && r[i2 + 1] == 0xA0: removed = true; i2 += 1
            default: compact.append(b)
            }
            i2 += 1
        }
        // Country first: a well-formed foreign IBAN is "not allowed" rather than "invalid".
        if compact.count >= 2, compact[0] >= 65, compact[0] <= 90, compact[1] >= 65, compact[1] <= 90,
           !((compact[0] == 67 && compact[1] == 72) || (compact[0] == 76 && compact[1] == 73)) {
            throw fail(.ibanCountryNotAllowed, field: field, line: i,
                       "only CH and LI IBANs are allowed in a QR-bill, found \(String(decoding: compact[0..<2], as: UTF8.self))")
        }
        do {
            try IBAN.validateCompact(compact, field: field)
        } catch {
            throw relocate(error, field: field, line: i)
        }
        if removed {
            warn(.ibanSpaces, field: field, line: i, "spaces or separators removed from the IBAN")
        }
        if lowered {
            warn(.ibanLowercase, field: field, line: i, "lower-case IBAN upper-cased")
        }
        // QR-IBAN: institution id (IBAN positions 5–9) in 30000–31999 (validated CH/LI IBANs have 21 characters).
        let isQR = compact.count == 21 && compact[4] == UInt8(ascii: "3") && (compact[5] == UInt8(ascii: "0") || compact[5] == UInt8(ascii: "1"))
        return Account(iban: String(decoding: compact, as: UTF8.self), bic: nil, isQRIBAN: isQR)
    }
}
