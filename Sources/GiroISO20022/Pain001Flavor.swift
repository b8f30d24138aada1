/// Which pain.001 a bank takes: the message version and the rule book its content follows.
public enum Pain001Flavor: String, Sendable, Codable, CaseIterable {
    /// `pain.001.001.09` under the EPC SEPA Credit Transfer C2PSP implementation guidelines (EPC132-08, 2023):
    /// euro only, service level `SEPA`, charges `SLEV`, the EPC basic Latin character set.
    case sepa
    /// `pain.001.001.09.ch.03`, the Swiss Payment Standards (SIX) rules: CHF and EUR, QR references as `QRR`.
    case ch
    /// `pain.001.001.03` (ISO 20022, 2009) for banks that have not moved on; any currency.
    case v03 = "03"

    /// The character sets the flavours allow in free text.
    enum CharacterSet: Sendable {
        /// Any XML 1.0 character except controls (ISO 20022 itself restricts nothing more).
        case unicode
        /// EPC basic Latin: `a-z A-Z 0-9 / - ? : ( ) . , ' +` and space.
        case sepaLatin
        /// SPS: Basic Latin, Latin-1 Supplement, Latin Extended-A, `Ș ș Ț ț` and `€`.
        case swiss

        var name: String {
            switch self {
            case .unicode: return "XML"
            case .sepaLatin: return "EPC basic Latin"
            case .swiss: return "Swiss Payment Standards"
            }
        }
    }

    /// The XML namespace of the document element.
    public var namespace: String {
        switch self {
        case .sepa, .ch: return "urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"
        case .v03: return "urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"
        }
    }

    /// The schema file the output is validated against (under `fixtures/iso20022/xsd/`).
    public var schemaFile: String {
        switch self {
        case .sepa: return "pain.001.001.09.epc.xsd"
        case .ch: return "pain.001.001.09.ch.03.xsd"
        case .v03: return "pain.001.001.03.xsd"
        }
    }

    var characterSet: CharacterSet {
        switch self {
        case .sepa: return .sepaLatin
        case .ch: return .swiss
        case .v03: return .unicode
        }
    }

    /// nil: any ISO 4217 code.
    var allowedCurrencies: Set<String>? {
        switch self {
        case .sepa: return ["EUR"]
        case .ch: return ["CHF", "EUR"]
        case .v03: return nil
        }
    }

    var isVersion09: Bool { self != .v03 }
    /// Party names: EPC and SPS allow 70 characters of ISO's 140.
    var nameLength: Int { self == .v03 ? 140 : 70 }
    /// Unstructured address lines a party may carry.
    var addressLines: Int { self == .v03 ? 7 : 2 }
}
