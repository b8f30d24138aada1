import GiroCore

/// The authority of a `bank://` URI: what the code asks the payer's bank to do.
enum BezahlCodeAuthority: String, CaseIterable, Sendable {
    case singlePayment = "singlepayment"
    case singlePaymentSEPA = "singlepaymentsepa"
    case singleDirectDebit = "singledirectdebit"
    case singleDirectDebitSEPA = "singledirectdebitsepa"
    case periodicSinglePayment = "periodicsinglepayment"
    case periodicSinglePaymentSEPA = "periodicsinglepaymentsepa"
    case contact = "contact"
    case contactV2 = "contact_v2"

    /// Lower-case names as bytes, built once: the sniff and the decoder compare against them.
    static let names: [(authority: BezahlCodeAuthority, bytes: [UInt8])] = allCases.map { ($0, Array($0.rawValue.utf8)) }
    static let longestName = names.map(\.bytes.count).max() ?? 0

    /// The authority whose name equals `bytes` ignoring ASCII case; `exactCase` is false when it differed.
    static func match(_ bytes: ArraySlice<UInt8>) -> (authority: BezahlCodeAuthority, exactCase: Bool)? {
        for (authority, name) in names {
            if let exact = ASCIICase.equal(lowercase: name, bytes) { return (authority, exact) }
        }
        return nil
    }

    var isPayment: Bool { self != .contact && self != .contactV2 }
    var isDirectDebit: Bool { self == .singleDirectDebit || self == .singleDirectDebitSEPA }
    var isPeriodic: Bool { self == .periodicSinglePayment || self == .periodicSinglePaymentSEPA }
    /// The pre-SEPA authorities (account number + BLZ); their reason is limited to 27 characters.
    var isLegacy: Bool { self == .singlePayment || self == .singleDirectDebit || self == .periodicSinglePayment || self == .contact }

    /// Whether `parameter` belongs to this authority; others are kept as unknown.
    func uses(_ parameter: BezahlCodeParameter) -> Bool {
        switch parameter {
        case .name, .reason, .account, .bnc, .iban, .bic: return true
        case .amount, .currency, .executionDate, .postingKey, .sepaReference: return isPayment
        case .creditorID, .mandateID, .dateOfSignature: return self == .singleDirectDebitSEPA
        case .periodicTimeUnit, .periodicTimeUnitRotation, .periodicFirstExecutionDate, .periodicLastExecutionDate:
            return isPeriodic
        }
    }
}

/// The query parameters BezahlCode defines (names are lower case in the spec; matched ignoring case).
enum BezahlCodeParameter: Int, CaseIterable, Sendable {
    case name, reason, account, bnc, iban, bic, amount, currency, executionDate, postingKey, sepaReference
    case creditorID, mandateID, dateOfSignature
    case periodicTimeUnit, periodicTimeUnitRotation, periodicFirstExecutionDate, periodicLastExecutionDate

    var key: String {
        switch self {
        case .name: "name"
        case .reason: "reason"
        case .account: "account"
        case .bnc: "bnc"
        case .iban: "iban"
        case .bic: "bic"
        case .amount: "amount"
        case .currency: "currency"
        case .executionDate: "executiondate"
        case .postingKey: "postingkey"
        case .sepaReference: "separeference"
        case .creditorID: "creditorid"
        case .mandateID: "mandateid"
        case .dateOfSignature: "dateofsignature"
        case .periodicTimeUnit: "periodictimeunit"
        case .periodicTimeUnitRotation: "periodictimeunitrotation"
        case .periodicFirstExecutionDate: "periodicfirstexecutiondate"
        case .periodicLastExecutionDate: "periodiclastexecutiondate"
        }
    }

    /// Dotted record path a diagnostic about this parameter names.
    var path: String {
        switch self {
        case .name: "creditor.name"
        case .reason: "remittanceInformation"
        case .account: "creditor.account.number"
        case .bnc: "creditor.account.bankCode"
        case .iban: "creditor.account.iban"
        case .bic: "creditor.account.bic"
        case .amount: "amount"
        case .currency: "amount.currency"
        case .executionDate: "dueDate"
        case .postingKey: "extras.de.postingKey"
        case .sepaReference: "reference"
        case .creditorID: "directDebit.creditorID"
        case .mandateID: "directDebit.mandateID"
        case .dateOfSignature: "directDebit.validFrom"
        case .periodicTimeUnit, .periodicTimeUnitRotation: "standingOrder.frequencyCode"
        case .periodicFirstExecutionDate: "standingOrder.firstDate"
        case .periodicLastExecutionDate: "standingOrder.lastDate"
        }
    }

    /// The parameter named `bytes` ignoring ASCII case; `exactCase` is false when the case differed.
    /// Dispatches on the first letter, then compares with literals: this runs for every pair of every payload.
    static func match(_ bytes: ArraySlice<UInt8>) -> (parameter: BezahlCodeParameter, exactCase: Bool)? {
        guard let first = bytes.first else { return nil }
        let candidates: (BezahlCodeParameter, StaticString, BezahlCodeParameter?, StaticString)
        switch first | 0x20 {
        case UInt8(ascii: "n"): candidates = (.name, "name", nil, "")
        case UInt8(ascii: "r"): candidates = (.reason, "reason", nil, "")
        case UInt8(ascii: "a"): candidates = (.amount, "amount", .account, "account")
        case UInt8(ascii: "b"): candidates = (.bic, "bic", .bnc, "bnc")
        case UInt8(ascii: "i"): candidates = (.iban, "iban", nil, "")
        case UInt8(ascii: "c"): candidates = (.currency, "currency", .creditorID, "creditorid")
        case UInt8(ascii: "e"): candidates = (.executionDate, "executiondate", nil, "")
        case UInt8(ascii: "s"): candidates = (.sepaReference, "separeference", nil, "")
        case UInt8(ascii: "m"): candidates = (.mandateID, "mandateid", nil, "")
        case UInt8(ascii: "d"): candidates = (.dateOfSignature, "dateofsignature", nil, "")
        case UInt8(ascii: "p"): return matchP(bytes)
        default: return nil
        }
        if let exact = ASCIICase.equal(lowercase: candidates.1, bytes) { return (candidates.0, exact) }
        if let second = candidates.2, let exact = ASCIICase.equal(lowercase: candidates.3, bytes) { return (second, exact) }
        return nil
    }

    /// `postingkey` and the four `periodic…` parameters.
    private static func matchP(_ bytes: ArraySlice<UInt8>) -> (parameter: BezahlCodeParameter, exactCase: Bool)? {
        if let exact = ASCIICase.equal(lowercase: "postingkey", bytes) { return (.postingKey, exact) }
        if let exact = ASCIICase.equal(lowercase: "periodictimeunit", bytes) { return (.periodicTimeUnit, exact) }
        if let exact = ASCIICase.equal(lowercase: "periodictimeunitrotation", bytes) { return (.periodicTimeUnitRotation, exact) }
        if let exact = ASCIICase.equal(lowercase: "periodicfirstexecutiondate", bytes) { return (.periodicFirstExecutionDate, exact) }
        if let exact = ASCIICase.equal(lowercase: "periodiclastexecutiondate", bytes) { return (.periodicLastExecutionDate, exact) }
        return nil
    }
}
