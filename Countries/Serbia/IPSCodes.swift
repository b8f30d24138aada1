import GiroCore

/// Codes specific to the Serbian NBS IPS QR plug-in (the shared ones live in `GiroCore/Errors/ErrorCode.swift`).
extension ErrorCode {
    /// Error: a tag occurs twice (`N:…|N:…`); which one counts is undefined.
    public static let ipsDuplicateTag: ErrorCode = "ips_duplicate_tag"
    /// Warning: tags are not in the order of NBS Prilog 1 (K, V, C, R, N, I, O, P, SF, S, M, JS, RO, RL, RP, RK).
    public static let ipsTagOrder: ErrorCode = "ips_tag_order"
    /// Warning: an optional tag written with no value (`|S:|`), which the specification forbids; ignored.
    public static let ipsEmptyTag: ErrorCode = "ips_empty_tag"
    /// Warning: an empty segment (`||`, or `|` at the end of the payload); ignored.
    public static let ipsEmptySegment: ErrorCode = "ips_empty_segment"
    /// Warning: amount without the decimal comma (`RSD100`), read as whole dinars.
    public static let ipsAmountNoComma: ErrorCode = "ips_amount_no_comma"
    /// Error (R) / warning (O): the 18-digit account fails its mod-97 control digits or its syntax.
    public static let ipsAccountInvalid: ErrorCode = "ips_account_invalid"
    /// Warning: the account was written `bbb-n…-kk` instead of 18 digits.
    public static let ipsAccountNotCompact: ErrorCode = "ips_account_not_compact"
    /// Warning: payment code (SF) is not 3 digits with form 1/2 and a known basis.
    public static let ipsPaymentCodeInvalid: ErrorCode = "ips_payment_code_invalid"
    /// Warning: a payer-presented code (K:PK), shown by a buyer to a merchant terminal; decoded for
    /// information, it is not a payment order for the scanning app to execute.
    public static let ipsPayerPresented: ErrorCode = "ips_payer_presented"
}

extension ReferenceType {
    /// Serbian "poziv na broj odobrenja" (RO tag): two-digit model (97, 22, 11, 00…) + reference.
    public static let serbianModel: ReferenceType = "rs.model"
}

/// `extras` keys of the NBS IPS plug-in (documented in `Countries/Serbia/README.md`).
public enum IPSExtrasKey {
    /// K: `PR` (printed bill), `PT` (merchant at POS), `PK` (payer at POS), `EK` (e-commerce).
    public static let kind = "rs.kind"
    /// M: merchant category code (ISO 18245).
    public static let mcc = "rs.mcc"
    /// JS: one-time payer code.
    public static let oneTimeCode = "rs.oneTimeCode"
    /// RL: payee's free-form reference.
    public static let payeeReference = "rs.payeeReference"
    /// RP: POS transaction reference (TID + YY + Julian day + sequence).
    public static let posReference = "rs.posReference"
    /// RK: payer's reference (assigned by the payer's PSP).
    public static let payerReference = "rs.payerReference"
    /// A tag Prilog 1 does not define, kept as written: `rs.unknown.<TAG>`.
    public static let unknownPrefix = "rs.unknown."
}
