import GiroCore

/// The BPAY check-digit routines Giro can verify, by BPAY's names. BPAY defines more (MOD10V02, MOD09V02, the MOD11
/// family, "mix and match" `WxxMyyyFza` rules) but gives their definitions to billers only; the README says which.
enum BPAYCheckDigitRule: String, CaseIterable, Sendable {
    /// Luhn: weights 2, 1 from the right, two-digit products summed as digits. BPAY's recommended rule (`W01M101F3`).
    case mod10v01 = "MOD10V01"
    /// Position-weighted mod 10: Σ dᵢ·i mod 10, i from 1 at the left.
    case mod10v05 = "MOD10V05"

    /// The check digit for the payload digits.
    func checkDigit(_ payload: ArraySlice<UInt8>) -> Int? {
        switch self {
        case .mod10v01: Luhn.checkDigit(payload)
        case .mod10v05: PositionWeightedMod10.checkDigit(payload)
        }
    }

    static var names: [String] { allCases.map(\.rawValue) }
}
