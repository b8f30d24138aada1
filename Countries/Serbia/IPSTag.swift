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
