import Foundation
import GiroCore

/// IBAN (field 6), BIC (4), amount (7) and validity (8).
extension MNBDecoder {
    /// A Hungarian IBAN. A failing national (giro) check on an IBAN whose mod 97 holds is kept with
    /// `iban_invalid_national_check` (uncertain): the issuer's software computed the IBAN.
    mutating func iban() throws(GiroError) -> Account {
        let i = MNBLayout.iban
        guard !raw(i).isEmpty else { throw fail(.fieldMissing, i, "the IBAN is mandatory") }
        let compact: String
        let compaction: IBAN.Compaction
        do {
            let valid = try IBAN.validate(raw(i), field: MNBLayout.path(i))
            (compact, compaction) = (valid.iban.compact, valid.compaction)
        } catch {
            guard error.code == .ibanInvalidNationalCheck else { throw fail(error.code, i, error.message) }
            let (u, c) = IBAN.compact(raw(i))
            (compact, compaction) = (String(decoding: u, as: UTF8.self), c)
            warn(.ibanInvalidNationalCheck, i, uncertain: true, error.message + "; kept (mod 97 is correct)")
        }
        guard compact.hasPrefix("HU") else { throw fail(.ibanCountryNotAllowed, i, "the MNB QR code carries a Hungarian (HU) IBAN") }
        if compaction.removedSpaces { warn(.ibanSpaces, i, "spaces removed from the IBAN") }
        if compaction.loweredCase { warn(.ibanLowercase, i, "IBAN written in lower case") }
        if compaction.removedOtherSeparators { warn(.ibanSeparators, i, "separators removed from the IBAN") }
        var account = Account(iban: compact)
        if let giro = HungarianGiro(iban: compact) {
            account.number = giro.formatted
            account.bankCode = String(giro.digits.prefix(3))
        }
        return account
    }

    /// 11 characters (8-character BICs padded with `XXX`). A value that is no ISO 9362 BIC (`12345678901`,
    /// which generators write) is a placeholder: dropped with `placeholder_value` — the IBAN names the bank.
    mutating func bic() throws(GiroError) -> String? {
        let i = MNBLayout.bic
        let b = raw(i)
        guard !b.isEmpty else { throw fail(.fieldMissing, i, "the BIC is mandatory") }
        do {
            let bic = try BIC.validate(b, field: MNBLayout.path(i))
            if bic.utf8.count == 8 { warn(.bicNormalized, i, "8-character BIC; the field is fixed at 11 (XXX-padded)") }
            else if !b.elementsEqual(bic.utf8) { warn(.bicNormalized, i, "BIC written with spaces or lower case") }
            return bic
        } catch {
            warn(.placeholderValue, i, "'\(String(decoding: b, as: UTF8.self))' is not a BIC (\(error.message)); dropped")
            return nil
        }
    }

    /// `HUF` + 1–12 digits of whole forints.
    func amount() throws(GiroError) -> Amount? {
        let i = MNBLayout.amount
        let b = raw(i)
        guard !b.isEmpty else { return nil }
        let digits = b.dropFirst(3)
        guard b.starts(with: "HUF".utf8), !digits.isEmpty, digits.count <= 12, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }),
              let value = DecimalText.parseUnsigned(digits) else {
            throw fail(.amountInvalid, i, "the amount is HUF followed by 1–12 digits of whole forints (HUF1500)")
        }
        return Amount(value: value, currency: "HUF")
    }

    /// `YYYYMMDDhhmmss` + sign + UTC offset hours → ISO 8601 with offset; a past time is a warning.
    mutating func validity() throws(GiroError) -> String {
        let i = MNBLayout.validity
        let b = Array(raw(i))
        guard !b.isEmpty else { throw fail(.fieldMissing, i, "the validity time is mandatory") }
        guard b.count >= 16, b.count <= 17, b[0..<14].allSatisfy({ $0 >= 48 && $0 <= 57 }), b[14] == 43 || b[14] == 45,
              b[15...].allSatisfy({ $0 >= 48 && $0 <= 57 }), CompactDate.iso(b[0..<8]) != nil else {
            throw fail(.dateInvalid, i, "the validity is YYYYMMDDhhmmss followed by +h or -h (20201231235959+2)")
        }
        // All of b[0..<14] and b[15...] are digits (checked above).
        func two(_ at: Int) -> Int { Int(b[at] - 48) * 10 + Int(b[at + 1] - 48) }
        let hour = two(8), minute = two(10), second = two(12)
        let offset = b.count == 17 ? two(15) : Int(b[15] - 48)
        guard hour < 24, minute < 60, second < 60, offset <= 14 else {
            throw fail(.dateInvalid, i, "the validity time or UTC offset is out of range")
        }
        let sign = b[14] == 45 ? -1 : 1
        let iso = MNBValidity.isoTime(b, offset: offset)
        if let expiry = MNBValidity.instant(b, hour: hour, minute: minute, second: second, offsetSeconds: sign * offset * 3600),
           expiry < now {
            warn(.validityExpired, i, "the code expired at \(iso)")
        }
        return iso
    }
}
