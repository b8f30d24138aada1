import Foundation
import GiroCore

/// Accounts (fields 2 and 15), references (fields 5 and 16), amount (9) and purpose code (12).
extension UPNDecoder {
    /// Recipient IBAN: mandatory and valid (any registry country; Slovenian ones are `SI56…`). A failing
    /// national check on an IBAN whose mod 97 holds is kept (`iban_invalid_national_check`, uncertain).
    mutating func creditorIBAN() throws(GiroError) -> Account {
        let i = UPNLayout.creditorIBAN
        let raw = lines.raw(i)
        guard !raw.isEmpty else { throw fail(.fieldMissing, line: i, "the recipient IBAN is mandatory") }
        do {
            let (iban, compaction) = try IBAN.validate(raw, field: path(i))
            noteCompaction(compaction, line: i)
            return Account(iban: iban.compact)
        } catch {
            guard error.code == .ibanInvalidNationalCheck else { throw fail(error.code, line: i, error.message) }
            warn(.ibanInvalidNationalCheck, line: i, uncertain: true, error.message + "; kept (mod 97 is correct)")
            let (compact, compaction) = IBAN.compact(raw)
            noteCompaction(compaction, line: i)
            return Account(iban: String(decoding: compact, as: UTF8.self))
        }
    }

    /// Payer IBAN (optional): the payer's data does not decide where the money goes, so an invalid one is
    /// kept as a plain account number with a warning, and a failing national check keeps the IBAN.
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

    /// Field 16: `SIkk` + reference (``ReferenceModelScheme`` `si`) or an ISO 11649 `RF` reference. A failing
    /// check rejects (the reference in `partial`); a model outside the table or a reference of neither kind
    /// is kept unchecked and makes the record uncertain.
    mutating func creditorReference() throws(GiroError) -> Reference? {
        let i = UPNLayout.creditorReference
        guard let u = compactReference(i) else { return nil }
        let value = String(decoding: u, as: UTF8.self)
        if Self.isSIModel(u) {
            let check = ReferenceModelScheme.si.check(model: String(decoding: u[0..<4], as: UTF8.self),
                                                      reference: String(decoding: u[4...], as: UTF8.self))
            let reference = check.reference(type: .slovenianModel, value: value)
            if !check.known {
                warn(.referenceModelUnknown, line: i, uncertain: true, "model \(check.model) is not in the ZBS model table; not checked")
            } else if !check.valid {
                record.reference = reference
                throw fail(.referenceInvalidChecksum, line: i,
                           "\(check.model) \(check.parts.joined(separator: "-")): " + check.problems.joined(separator: "; "))
            }
            return reference
        }
        if Self.isRF(u) {
            do {
                let rf = try CreditorReference.validate(u, field: path(i))
                return Reference(type: .creditorReference, value: rf, valid: true, model: "RF")
            } catch {
                record.reference = Reference(type: .creditorReference, value: value, valid: false, model: "RF")
                throw fail(error.code, line: i, error.message)
            }
        }
        warn(.referenceUnclassified, line: i, uncertain: true, "a UPN reference starts with SI and two digits, or RF; kept verbatim")
        return Reference(type: .other, value: value, valid: nil)
    }

    /// Field 5, the payer's own reference: it does not decide the payment, so a failing or impossible check
    /// is a warning that leaves the status alone.
    mutating func payerReference() -> Reference? {
        let i = UPNLayout.payerReference
        guard let u = compactReference(i) else { return nil }
        let value = String(decoding: u, as: UTF8.self)
        if Self.isSIModel(u) {
            let check = ReferenceModelScheme.si.check(model: String(decoding: u[0..<4], as: UTF8.self),
                                                      reference: String(decoding: u[4...], as: UTF8.self))
            if let (code, message) = check.warning(reference: check.parts.joined(separator: "-")) { warn(code, line: i, message) }
            return check.reference(type: .slovenianModel, value: value)
        }
        if Self.isRF(u) {
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

    /// Line `i` without spaces and upper-cased (`reference_not_compact` when that changed it), nil when empty.
    mutating func compactReference(_ i: Int) -> [UInt8]? {
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
        return u
    }

    static func isSIModel(_ u: [UInt8]) -> Bool {
        u.count >= 4 && u[0] == UInt8(ascii: "S") && u[1] == UInt8(ascii: "I") && u[2] >= 48 && u[2] <= 57 && u[3] >= 48 && u[3] <= 57
    }

    static func isRF(_ u: [UInt8]) -> Bool { u.count >= 2 && u[0] == UInt8(ascii: "R") && u[1] == UInt8(ascii: "F") }

    mutating func amount() throws(GiroError) -> Decimal {
        try zeroPaddedCents(line: UPNLayout.amount, digits: UPNLayout.amountDigits, unpadded: .upnAmountUnpadded)
    }

    /// ISO 20022 purpose code: 4 upper-case letters (mandatory; banks do without it, so a missing one is kept).
    mutating func purpose() -> String? {
        let i = UPNLayout.purposeCode
        guard let t = text(i) else {
            warn(.fieldMissing, line: i, uncertain: true, "the purpose code is mandatory")
            return nil
        }
        return purposeCode(t, line: i)
    }
}
