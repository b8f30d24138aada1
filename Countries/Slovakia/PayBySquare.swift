import GiroCore

/// Slovak PAY by square (SBA, versions 1.0.0–1.2.0): base32hex → header → raw LZMA1 (liblzma) → CRC-32 →
/// TAB-separated payments with several bank accounts, standing-order and direct-debit extensions and the
/// beneficiary of v1.1+. INVOICE by square documents are recognised and refused as `not_a_payment`.
/// See the README section "Slovakia" for the rules, tolerances and `extras` keys.
public struct PayBySquare: PaymentFormatEncoder {
    public let id = "sk.pay-by-square"
    public let country: String? = "SK"
    public let name = "Slovak PAY by square"
    public let symbologies: [Symbology] = [.qr]

    public init() {}

    /// PAY strings start with `0` (type 0), INVOICE strings with `2`; the rest must be base32hex.
    public func matches(_ payload: Payload) -> Bool {
        let b = payload.bytes
        let start = PayloadLimits.bomLength(b)
        guard b.count - start >= 20, b[start] == 48 || b[start] == 50 else { return false }
        // Compressed data always shows letters; an all-digit string is a numeric barcode (Code128), not PAY by square.
        var letters = false
        for c in b[start..<min(b.count, start + 64)] {
            let letter = (c >= 65 && c <= 86) || (c >= 97 && c <= 118)
            guard letter || (c >= 48 && c <= 57) || c == 0x0A || c == 0x0D else { return false }
            letters = letters || letter
        }
        return letters
    }

    public func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        guard payload.bytes.count <= PayloadLimits.maxBytes else {
            throw GiroError(.payloadTooLarge, format: id, "the payload has \(payload.bytes.count) bytes; the limit is \(PayloadLimits.maxBytes)")
        }
        let envelope = try BySquareEnvelope.open(payload.bytes, format: id)
        guard UTF8Validation.isValid(envelope.text[...]) else {
            throw GiroError(.charsetInvalid, field: "payload", format: id, diagnostics: envelope.diagnostics,
                            "the decompressed text is not valid UTF-8")
        }
        if envelope.bySquareType == 1 {
            let kind = envelope.documentType < PayBySquareTables.invoiceDocuments.count
                ? PayBySquareTables.invoiceDocuments[envelope.documentType] : "document type \(envelope.documentType)"
            throw GiroError(.notAPayment, field: "header.bySquareType", offset: 0, format: id, diagnostics: envelope.diagnostics,
                            "an INVOICE by square (\(kind)): an invoice descriptor without payment data, not a payment order")
        }
        guard envelope.documentType == 0 else {
            throw GiroError(.headerInvalid, field: "header.documentType", offset: 1, format: id, diagnostics: envelope.diagnostics,
                            "PAY by square document type must be 0 (payment), found \(envelope.documentType)")
        }
        let version = PayBySquareTables.versions[envelope.version]
        let base = PaymentRecord(format: id, country: "SK", formatVersion: version,
                                 source: SourceInfo(kind: payload.kind, symbology: payload.symbology?.rawValue, charset: "UTF-8"))
        var decoder = PayBySquareDecoder(format: id, version: version, fields: TabFields(envelope.text),
                                         diagnostics: envelope.diagnostics)
        return try decoder.decode(base: base)
    }

    public func encode(_ record: PaymentRecord) throws(GiroError) -> [UInt8] {
        try PayBySquareEncoder(format: id).encode(record)
    }
}
