import GiroCore

/// Codes specific to the Serbian NBS IPS QR plug-in (the shared ones live in `GiroCore/Errors/ErrorCode.swift`).
extension ErrorCode {
    /// Error: a tag occurs twice (`N:…|N:…`); which one counts is undefined.
    public static let ipsDuplicateTag: ErrorCode = "ips_duplicate_tag"
    /// Warning: tags are not in the order of NBS Prilog 1 (K, V, C, R, N, I, O, P, SF, S, M, JS, RO, RL, RP, RK).
    public static let ipsTagOrder: ErrorCode = "ips_tag_order"
    /// Warning: a tag the specification does not define; ignored.
    public static let ipsUnknownTag: ErrorCode = "ips_unknown_tag"
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

/// `extras` keys of the NBS IPS plug-in (documented in the README).
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
}

/// The tags of NBS Prilog 1 in their specified order, with their limits.
enum IPSTag: String, CaseIterable {
    static let count = 16

    case k = "K", v = "V", c = "C", r = "R", n = "N", i = "I", o = "O", p = "P", sf = "SF", s = "S", m = "M", js = "JS"
    case ro = "RO", rl = "RL", rp = "RP", rk = "RK"

    /// Position in the specified order (also the slot in ``IPSDecoder/segments``).
    var order: Int {
        switch self {
        case .k: return 0
        case .v: return 1
        case .c: return 2
        case .r: return 3
        case .n: return 4
        case .i: return 5
        case .o: return 6
        case .p: return 7
        case .sf: return 8
        case .s: return 9
        case .m: return 10
        case .js: return 11
        case .ro: return 12
        case .rl: return 13
        case .rp: return 14
        case .rk: return 15
        }
    }

    /// Record path for diagnostics.
    var path: String {
        switch self {
        case .k: return "extras.rs.kind"
        case .v: return "version"
        case .c: return "charset"
        case .r: return "creditor.account"
        case .n: return "creditor"
        case .i: return "amount"
        case .o: return "debtor.account"
        case .p: return "debtor"
        case .sf: return "purpose"
        case .s: return "remittanceInformation"
        case .m: return "extras.rs.mcc"
        case .js: return "extras.rs.oneTimeCode"
        case .ro: return "reference"
        case .rl: return "extras.rs.payeeReference"
        case .rp: return "extras.rs.posReference"
        case .rk: return "extras.rs.payerReference"
        }
    }

    /// The tag spelled by `bytes`, read without building a string (this runs for every segment).
    init?(bytes: ArraySlice<UInt8>) {
        guard let first = bytes.first else { return nil }
        if bytes.count == 1 {
            switch first {
            case UInt8(ascii: "K"): self = .k
            case UInt8(ascii: "V"): self = .v
            case UInt8(ascii: "C"): self = .c
            case UInt8(ascii: "R"): self = .r
            case UInt8(ascii: "N"): self = .n
            case UInt8(ascii: "I"): self = .i
            case UInt8(ascii: "O"): self = .o
            case UInt8(ascii: "P"): self = .p
            case UInt8(ascii: "S"): self = .s
            case UInt8(ascii: "M"): self = .m
            default: return nil
            }
            return
        }
        guard bytes.count == 2 else { return nil }
        switch (first, bytes[bytes.startIndex + 1]) {
        case (UInt8(ascii: "S"), UInt8(ascii: "F")): self = .sf
        case (UInt8(ascii: "J"), UInt8(ascii: "S")): self = .js
        case (UInt8(ascii: "R"), UInt8(ascii: "O")): self = .ro
        case (UInt8(ascii: "R"), UInt8(ascii: "L")): self = .rl
        case (UInt8(ascii: "R"), UInt8(ascii: "P")): self = .rp
        case (UInt8(ascii: "R"), UInt8(ascii: "K")): self = .rk
        default: return nil
        }
    }
}
