/// Record → payload of any format a plug-in can write (`giro encode --as FORMAT`). A record decoded from one
/// format can be re-issued as another; what the target cannot carry is refused by its encoder with a typed error.
public enum PaymentEncoding {
    /// Ids of the formats that encode (`giro formats` shows them with `canEncode`), in registry order.
    public static var formatIDs: [String] {
        FormatRegistry.all.filter { $0 is any PaymentFormatEncoder }.map(\.id)
    }

    /// The payload bytes of `record` in format `formatID`.
    public static func encode(_ record: PaymentRecord, as formatID: String) throws(GiroError) -> [UInt8] {
        guard let format = FormatRegistry.format(id: formatID) else {
            throw GiroError(.encodeNotSupported, field: "format", "\(formatID) is not a format id (giro formats lists them)")
        }
        guard let encoder = format as? any PaymentFormatEncoder else {
            throw GiroError(.encodeNotSupported, field: "format", format: formatID, "\(formatID) can be read but not written")
        }
        return try encoder.encode(adapted(record, to: format))
    }

    /// A record re-issued in another country's format: a national reference model (HR01, SI12, Serbian 97 …) means
    /// nothing there, so model and reference go in front of the remittance text instead of into the target's
    /// structured-reference field (`HR01 102-3057-89016 Racun 12/2024` in an EPC QR's text).
    static func adapted(_ record: PaymentRecord, to format: any PaymentFormat) -> PaymentRecord {
        guard let reference = record.reference, let model = reference.model,
              reference.type != .creditorReference, reference.type != .qrReference,
              let source = FormatRegistry.format(id: record.format), source.country != format.country else { return record }
        var copy = record
        copy.reference = nil
        copy.remittanceInformation = [model + " " + reference.value, record.remittanceInformation]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        return copy
    }
}

extension ErrorCode {
    /// `giro encode --as` names a format that does not exist or that Giro only reads.
    public static let encodeNotSupported: ErrorCode = "encode_not_supported"
}
