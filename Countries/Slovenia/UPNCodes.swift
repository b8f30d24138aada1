import GiroCore

/// Codes specific to the Slovenian UPN QR plug-in (the shared ones live in `GiroCore/Errors/ErrorCode.swift`).
extension ErrorCode {
    /// Error: field 20 (control sum) differs from the length of fields 1–19 plus their 19 separators.
    public static let upnChecksumMismatch: ErrorCode = "upn_checksum_mismatch"
    /// Warning: the control sum matches only when counted in UTF-8 bytes (a generator that wrote UTF-8
    /// and counted its bytes); the standard counts ISO-8859-2 characters.
    public static let upnChecksumUTF8Bytes: ErrorCode = "upn_checksum_utf8_bytes"
    /// Warning: the control sum is written with fewer than 3 digits (`83` for `083`).
    public static let upnChecksumUnpadded: ErrorCode = "upn_checksum_unpadded"
    /// Warning: the amount has fewer than 11 digits (not zero-padded).
    public static let upnAmountUnpadded: ErrorCode = "upn_amount_unpadded"
    /// Warning: a flag field (deposit, withdrawal, urgent) holds something other than `X` or nothing.
    public static let upnFlagInvalid: ErrorCode = "upn_flag_invalid"
}

extension ReferenceType {
    /// Slovenian reference model `SI00`–`SI99` (ZBS rules): model + up to 22 characters in 1–3 groups.
    public static let slovenianModel: ReferenceType = "si.model"
}

/// `extras` keys of the UPN QR plug-in (documented in `Countries/Slovenia/README.md`).
public enum UPNExtrasKey {
    /// Field 3 `X`: the payment is a cash deposit (`true`).
    public static let deposit = "si.deposit"
    /// Field 4 `X`: cash withdrawal (`true`).
    public static let withdrawal = "si.withdrawal"
    /// Field 11 `X`: urgent payment (`true`).
    public static let urgent = "si.urgent"
    /// Field 10: payment (execution) date, ISO 8601.
    public static let paymentDate = "si.paymentDate"
    /// Field 5: payer's reference as written (`SI00225268-32526-222`, `RF035126080`).
    public static let payerReference = "si.payerReference"
    /// Field 20: the control sum as written.
    public static let checksum = "si.checksum"
    /// The padding after field 20 ("rezerva"), number of spaces.
    public static let reserve = "si.reserve"
    /// The line after field 20 when it holds more than spaces, as written (`reserved_field_used`).
    public static let reserved = "si.reserved"
}
