import GiroCore

/// Payment reference (lines 28–29) and its pairing with the account.
///
/// * `QRR`: 27 digits, mod 10 recursive, not all zeros; only with a QR-IBAN.
/// * `SCOR`: ISO 11649 creditor reference (`RF`, 5–25 characters, mod 97); only with a normal IBAN.
/// * `NON`: no reference; the reference line must be empty. The record's `reference` is nil and
///   `extras["ch.referenceType"]` says `NON`.
extension SPCDecoder {
    enum ReferenceKind: String { case qrr = "QRR", scor = "SCOR", non = "NON" }

    mutating func reference(qrIBAN: Bool) throws(GiroError) -> (kind: ReferenceKind, reference: Reference?) {
        let t = SPCLayout.referenceType
        let kind: ReferenceKind
        if line(t, is: "QRR") { kind = .qrr }
        else if line(t, is: "SCOR") { kind = .scor }
        else if line(t, is: "NON") { kind = .non }
        else if isEmpty(t) {
            throw fail(.fieldMissing, field: "reference.type", at: t, "the reference type is mandatory (QRR, SCOR or NON)")
        } else {
            throw fail(.referenceTypeInvalid, field: "reference.type", at: t, "the reference type must be QRR, SCOR or NON")
        }

        if qrIBAN, kind != .qrr {
            throw fail(.qrIBANRequiresQRReference, field: "reference.type", at: t,
                       "a QR-IBAN requires a QR reference (QRR), found \(kind.rawValue)")
        }
        if !qrIBAN, kind == .qrr {
            throw fail(.qrReferenceRequiresQRIBAN, field: "reference.type", at: t,
                       "a QR reference (QRR) requires a QR-IBAN (IID 30000–31999)")
        }

        let i = SPCLayout.reference
        let r = raw(i)
        switch kind {
        case .non:
            guard r.isEmpty else {
                throw fail(.referenceInvalid, field: "reference", at: i, "reference type NON must not carry a reference")
            }
            return (kind, nil)
        case .qrr, .scor:
            guard !r.isEmpty else {
                throw fail(.fieldMissing, field: "reference", at: i, "reference type \(kind.rawValue) requires a reference")
            }
            let value: String
            do {
                value = kind == .qrr ? try QRReference.validate(r, field: "reference")
                                     : try CreditorReference.validate(r, field: "reference")
            } catch {
                throw relocate(error, field: "reference", at: i)
            }
            if value.utf8.count != r.count || !value.utf8.elementsEqual(r) {
                warn(.referenceNotCompact, field: "reference", at: i, "spaces removed / letters upper-cased in the reference")
            }
            return (kind, Reference(type: kind == .qrr ? .qrReference : .creditorReference, value: value, valid: true))
        }
    }
}
