import GiroCore

/// One run over a Kos-GIRO symbol: the exact shape decides what is read; everything goes through
/// ``FieldDecoding`` so a rejection carries the raw text (`partial`).
struct KosGiroDecoder: FieldDecoding {
    let format: String
    var diagnostics: [Diagnostic] = []
    var record: PaymentRecord

    static func decode(_ payload: Payload, format: String) throws(GiroError) -> PaymentRecord {
        let bytes = payload.bytes[...]
        let record = PaymentRecord(format: format, country: "XK", formatVersion: nil,
                                   source: SourceInfo(kind: payload.kind, symbology: payload.symbology?.rawValue, charset: "US-ASCII"))
        var d = KosGiroDecoder(format: format, record: record)
        guard let shape = KosGiroShape.of(bytes) else {
            throw d.fail(.headerInvalid, field: "payload", offset: 0,
                         "not a Kos-GIRO reference (15 digits + a letter) or an XK IBAN; the barcode layout is not public")
        }
        d.record.extras[KosGiroExtrasKey.raw] = String(decoding: bytes, as: UTF8.self)
        switch shape {
        case .reference:
            d.record.reference = Reference(type: .kosovoKosGiroReference, value: String(decoding: bytes, as: UTF8.self), valid: nil)
            d.diagnostics.append(Diagnostic(.info, .kosGiroLayoutUnknown, field: "reference", uncertain: true,
                                            message: "Kos-GIRO reference read as written; its check algorithm and the rest of the barcode layout are not public"))
        case .iban:
            try d.iban(bytes)
            d.diagnostics.append(Diagnostic(.info, .kosGiroLayoutUnknown, field: "creditor.account.iban", uncertain: true,
                                            message: "an XK IBAN alone: amount, reference and payer are not in this symbol"))
        }
        return d.finished()
    }

    /// The IBAN with the XK national check (BBAN ≡ 1 mod 97); a failing national check on a correct mod 97
    /// is kept, uncertain (decoding policy).
    mutating func iban(_ bytes: ArraySlice<UInt8>) throws(GiroError) {
        let field = "creditor.account.iban"
        do {
            let (iban, _) = try IBAN.validate(bytes, field: field)
            record.creditor = Party(account: Account(iban: iban.compact))
        } catch {
            guard error.code == .ibanInvalidNationalCheck else { throw fail(error.code, field: field, offset: error.offset, error.message) }
            warn(.ibanInvalidNationalCheck, field: field, uncertain: true, error.message + "; kept (mod 97 is correct)")
            record.creditor = Party(account: Account(iban: String(decoding: bytes, as: UTF8.self)))
        }
    }
}
