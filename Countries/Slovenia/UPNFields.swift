import GiroCore

/// Accounts (fields 2 and 15) and references (fields 5 and 16).
extension UPNDecoder {
    /// Recipient IBAN: mandatory and valid (any registry country; Slovenian ones are `SI56…`).
    mutating func creditorIBAN() throws(GiroError) -> Account {
        let i = UPNLayout.creditorIBAN
        let raw = lines.raw(i)
        guard !raw.isEmpty else { throw fail(.fieldMissing, line: i, "the recipient IBAN is mandatory") }
        do {
            let (iban, compaction) = try IBAN.validate(raw, field: path(i))
            noteCompaction(compaction, line: i)
            return Account(iban: iban.compact)
        } catch {
            throw fail(error.code, line: i, error.message)
        }
    }

    /// Payer IBAN (optional): an invalid one is kept as a plain account number with a warning, since the
    /// payer's data does not decide where the money goes.
    mutating func payerIBAN() -> Account? {
        let i = UPNLayout.payerIBAN
        let raw = lines.raw(i)
        guard !raw.isEmpty else { return nil }
        do {
            let (iban, compaction) = try IBAN.validate(raw, field: path(i))
            noteCompaction(compaction, line: i)
            return Account(iban: iban.compact)
        } catch {
            warn(error.code, line: i, "payer IBAN: \(error.message); kept as account number")
            return Account(number: String(decoding: raw, as: UTF8.self))
        }
    }

    mutating func noteCompaction(_ c: IBAN.Compaction, line i: Int) {
        if c.removedSpaces || c.removedOtherSeparators { warn(.ibanSpaces, line: i, "spaces or separators removed from the IBAN") }
        if c.loweredCase { warn(.ibanLowercase, line: i, "lower-case IBAN upper-cased") }
    }

    /// `SIkk` + reference (model check via ``SlovenianReferenceModel``) or an ISO 11649 `RF` reference.
    /// A failing check, an unknown model or an unclassifiable reference is a warning: the bank decides.
    mutating func reference(_ i: Int) -> Reference? {
        let raw = lines.raw(i)
        guard !raw.isEmpty else { return nil }
        var u: [UInt8] = []
        u.reserveCapacity(raw.count)
        var changed = false
        for b in raw {
            switch b {
            case 0x20: changed = true
            case 97...122: u.append(b - 32); changed = true
            default: u.append(b)
            }
        }
        if changed { warn(.referenceNotCompact, line: i, "spaces removed or letters upper-cased in the reference") }
        let value = String(decoding: u, as: UTF8.self)
        if u.count >= 4, u[0] == UInt8(ascii: "S"), u[1] == UInt8(ascii: "I"), u[2] >= 48, u[2] <= 57, u[3] >= 48, u[3] <= 57 {
            let check = SlovenianReferenceModel.check(model: String(decoding: u[0..<4], as: UTF8.self),
                                                      reference: String(decoding: u[4...], as: UTF8.self))
            if let (code, message) = check.warning(reference: check.parts.joined(separator: "-")) { warn(code, line: i, message) }
            return check.reference(type: .slovenianModel, value: value)
        }
        if u.count >= 2, u[0] == UInt8(ascii: "R"), u[1] == UInt8(ascii: "F") {
            do {
                let rf = try CreditorReference.validate(u, field: path(i))
                return Reference(type: .creditorReference, value: rf, valid: true, model: "RF")
            } catch {
                warn(error.code, line: i, error.message)
                return Reference(type: .creditorReference, value: value, valid: false, model: "RF")
            }
        }
        warn(.referenceUnclassified, line: i, "a UPN reference starts with SI and two digits, or RF; kept verbatim")
        return Reference(type: .other, value: value, valid: nil)
    }
}

