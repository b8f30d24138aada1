import GiroCore

/// Codes specific to the Croatian HUB3 plug-in (the shared ones live in `GiroCore/Errors/ErrorCode.swift`).
extension ErrorCode {
    /// Warning: the amount has fewer than 15 digits (not zero-padded).
    public static let hub3AmountUnpadded: ErrorCode = "hub3_amount_unpadded"
    /// Warning: field 10 is a pre-2013 domestic account `VBDI-account`; the IBAN is derived from it.
    public static let hub3LegacyAccount: ErrorCode = "hub3_legacy_account"
    /// Warning: lines after field 14 (PhotoPay's "optional data"), kept in `extras["hr.optionalData"]`.
    public static let hub3OptionalData: ErrorCode = "hub3_optional_data"
    /// Warning: field 11 is empty; read as `HR99` (no reference) or, with a reference, left unchecked.
    public static let hub3ModelMissing: ErrorCode = "hub3_model_missing"
}

extension ReferenceType {
    /// Croatian payment reference ("poziv na broj") under a model `HR00`–`HR99` (FINA table).
    public static let croatianModel: ReferenceType = "hr.model"
}

/// `extras` keys of the HUB3 plug-in (documented in `Countries/Croatia/README.md`).
public enum HUB3ExtrasKey {
    /// Lines after field 14, joined with LF.
    public static let optionalData = "hr.optionalData"
}
