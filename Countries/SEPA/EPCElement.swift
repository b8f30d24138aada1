import GiroCore

/// Element numbers (1-based, = payload line numbers) and their record paths.
enum EPCElement {
    static let serviceTag = 1
    static let version = 2
    static let charset = 3
    static let identification = 4
    static let bic = 5
    static let name = 6
    static let iban = 7
    static let amount = 8
    static let purpose = 9
    static let structuredReference = 10
    static let unstructuredRemittance = 11
    static let beneficiaryInformation = 12

    static let count = 12
    static let mandatoryCount = 7

    /// Record path used in errors and diagnostics for element `n` (1-based).
    static func path(_ n: Int) -> String {
        switch n {
        case 1: return "header"
        case 2: return "version"
        case 3: return "charset"
        case 4: return "identification"
        case 5: return "creditor.account.bic"
        case 6: return "creditor.name"
        case 7: return "creditor.account.iban"
        case 8: return "amount"
        case 9: return "purpose"
        case 10: return "reference"
        case 11: return "remittanceInformation"
        case 12: return "extras." + EPCExtrasKey.beneficiaryToOriginatorInformation
        default: return "payload"
        }
    }

    /// Maximum length in characters (elements 5 and 8 are checked by their own grammar).
    static let maxName = 70
    static let maxStructuredReference = 35
    static let maxUnstructuredRemittance = 140
    static let maxBeneficiaryInformation = 70
    static let maxPayloadBytes = 331
}
