import Foundation
import GiroCore

/// One credit transfer, checked and reduced to what the flavour can carry.
struct Pain001Transaction: Sendable {
    struct CreditorReference: Sendable {
        /// `SCOR` (ISO 11649 and national structured references) as a code, or `QRR` as a proprietary type.
        var code: String?
        var proprietary: String?
        var issuer: String?
        var value: String
    }
    struct PostalAddress: Sendable {
        var street: String?
        var buildingNumber: String?
        var postalCode: String?
        var town: String?
        var country: String?
        var lines: [String]
    }

    var amount: Decimal
    var currency: String
    var amountText: String
    var executionDate: String
    var creditorName: String
    var creditorAddress: PostalAddress?
    var iban: String
    var bic: String?
    var ultimateCreditorName: String?
    var purpose: String?
    var reference: CreditorReference?
    var unstructured: String?
    /// Text that goes beside a structured reference (`Strd/AddtlRmtInf`) where the flavour allows it.
    var additional: String?
}

extension Pain001Transaction {
    /// The largest amount EPC accepts (AT-04: 999 999 999.99); ISO's own limit is 18 digits.
    static let sepaMaximum = Decimal(string: "999999999.99") ?? 0
    static let isoMaximum = Decimal(string: "9999999999999") ?? 0

    /// Checks one record; `field` prefixes every error and warning (`records[2]`).
    init(record: PaymentRecord, field: String, flavor: Pain001Flavor, executionDate: String,
         text: inout TextPolicy) throws(GiroError) {
        if record.status == .invalid {
            throw GiroError(.exportNotATransfer, field: field + ".status", "record \(field) is a rejected payload, not a payment")
        }
        if record.extras.keys.contains(where: { $0.hasSuffix(".linkKind") }) {
            throw GiroError(.exportNotATransfer, field: field + ".extras",
                            "record \(field) is a payment link (\(record.format)): the bank details live behind the link")
        }
        if let authority = record.extras["de.authority"], authority.hasPrefix("contact") {
            throw GiroError(.exportNotATransfer, field: field + ".extras", "record \(field) is a contact, not a payment order")
        }
        if record.directDebit != nil {
            throw GiroError(.exportNotATransfer, field: field + ".directDebit", "record \(field) is a direct-debit mandate, not a credit transfer")
        }
        guard let amount = record.amount else {
            throw GiroError(.exportAmountMissing, field: field + ".amount",
                            "record \(field) has no amount; a credit transfer needs one (InstdAmt)")
        }
        guard amount.value > 0 else {
            throw GiroError(.exportAmountNotPositive, field: field + ".amount.value",
                            "record \(field) has the amount \(amount.formattedValue); a credit transfer needs more than zero")
        }
        let currency = amount.currency
        guard currency.utf8.count == 3, currency.utf8.allSatisfy({ $0 >= 65 && $0 <= 90 }) else {
            throw GiroError(.currencyInvalid, field: field + ".amount.currency", "\(currency) is not an ISO 4217 code")
        }
        if let allowed = flavor.allowedCurrencies, !allowed.contains(currency) {
            throw GiroError(.currencyNotAllowed, field: field + ".amount.currency",
                            "--flavor \(flavor.rawValue) carries \(allowed.sorted().joined(separator: " or ")), not \(currency)")
        }
        let maximum = flavor == .sepa ? Self.sepaMaximum : Self.isoMaximum
        let minor = Currency.minorUnits(of: currency) ?? 2
        guard amount.value <= maximum else {
            throw GiroError(.amountOutOfRange, field: field + ".amount.value", "\(amount.formattedValue) is over the flavour's limit")
        }
        var rounded = amount.value
        var exact = amount.value
        NSDecimalRound(&rounded, &exact, max(minor, 0), .plain)
        guard rounded == amount.value else {
            throw GiroError(.amountInvalid, field: field + ".amount.value",
                            "\(amount.formattedValue) has more decimals than \(currency) has minor units (\(minor))")
        }
        guard let ibanText = record.creditor?.account?.iban, !ibanText.isEmpty else {
            throw GiroError(.exportIBANMissing, field: field + ".creditor.account.iban",
                            "record \(field) has no IBAN (\(record.creditor?.account?.number.map { "national account \($0)" } ?? "no account")); pain.001 needs one")
        }
        let iban = try IBAN(ibanText, field: field + ".creditor.account.iban")
        var bic: String?
        if let bicText = record.creditor?.account?.bic, !bicText.isEmpty {
            bic = try BIC(bicText, field: field + ".creditor.account.bic").compact
        }
        guard let name = text.clean(record.creditor?.name, maxLength: flavor.nameLength, field: field + ".creditor.name") else {
            throw GiroError(.fieldMissing, field: field + ".creditor.name", "record \(field) has no creditor name")
        }

        self.amount = amount.value
        self.currency = currency
        self.amountText = DecimalText.format(amount.value, minimumFractionDigits: minor)
        self.executionDate = executionDate
        self.creditorName = name
        self.iban = iban.compact
        self.bic = bic
        self.creditorAddress = Self.address(record.creditor?.address, flavor: flavor, field: field + ".creditor.address", text: &text)
        self.ultimateCreditorName = text.clean(record.ultimateCreditor?.name, maxLength: flavor.nameLength,
                                               field: field + ".ultimateCreditor.name")
        if let purpose = record.purpose, purpose.utf8.count == 4, purpose.utf8.allSatisfy({ $0 >= 65 && $0 <= 90 }) {
            self.purpose = purpose
        }
        try mapRemittance(record, flavor: flavor, field: field, text: &text)
    }

    /// References go to `Strd/CdtrRefInf`, everything else to `Ustrd`.
    private mutating func mapRemittance(_ record: PaymentRecord, flavor: Pain001Flavor, field: String,
                                        text: inout TextPolicy) throws(GiroError) {
        var free = record.remittanceInformation
        if let ref = record.reference {
            let value = ref.value
            switch ref.type {
            case .creditorReference:
                reference = CreditorReference(code: "SCOR", issuer: "ISO", value: value)
            case .qrReference:
                guard flavor != .sepa else {
                    throw GiroError(.referenceTypeInvalid, field: field + ".reference",
                                    "a Swiss QR reference has no place in a SEPA transfer; use --flavor ch")
                }
                reference = CreditorReference(proprietary: "QRR", value: value)
            case .belgianStructured:
                // Belgian banks read the OGM/VCS as a SCOR reference issued by "BBA".
                reference = CreditorReference(code: "SCOR", issuer: "BBA", value: value)
            case .dutchPaymentReference:
                // Dutch betalingskenmerk: SCOR issued by "CUR" (Betaalvereniging Nederland).
                reference = CreditorReference(code: "SCOR", issuer: "CUR", value: value)
            default:
                // National models (HR01, SI12, 97 …) have no ISO type: written before the free text.
                let printed = [ref.model, value].compactMap { $0 }.joined(separator: " ")
                free = [printed, free].compactMap { $0 }.joined(separator: " ")
            }
            if let r = reference, r.value.unicodeScalars.count > 35 || r.value.isEmpty
                || !r.value.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) }) {
                throw GiroError(.referenceInvalid, field: field + ".reference.value",
                                "the reference must be 1–35 letters and digits to go into CdtrRefInf")
            }
        }
        if reference == nil {
            unstructured = text.clean(free, maxLength: 140, field: field + ".remittanceInformation")
        } else if flavor == .sepa {
            if let dropped = free, !dropped.isEmpty {
                text.warn(.warning(.remittanceBothForms, field: field + ".remittanceInformation",
                                   "SEPA carries either a structured reference or free text: the text was left out"))
            }
        } else {
            additional = text.clean(free, maxLength: 140, field: field + ".remittanceInformation")
        }
    }

    /// Structured when the town and country are known (as EPC and SPS require of a structured address),
    /// otherwise address lines.
    private static func address(_ a: Address?, flavor: Pain001Flavor, field: String, text: inout TextPolicy) -> PostalAddress? {
        guard let a else { return nil }
        let country = a.country.flatMap { c in c.utf8.count == 2 && c.utf8.allSatisfy({ $0 >= 65 && $0 <= 90 }) ? c : nil }
        let town = text.clean(a.town, maxLength: 35, field: field + ".town")
        if let town, country != nil {
            return PostalAddress(
                street: text.clean(a.street, maxLength: 70, field: field + ".street"),
                buildingNumber: text.clean(a.buildingNumber, maxLength: 16, field: field + ".buildingNumber"),
                postalCode: text.clean(a.postalCode, maxLength: 16, field: field + ".postalCode"),
                town: town, country: country, lines: [])
        }
        var raw = a.lines
        if raw.isEmpty {
            raw = [[a.street, a.buildingNumber].compactMap { $0 }.joined(separator: " "),
                   [a.postalCode, a.town].compactMap { $0 }.joined(separator: " ")]
        }
        var lines: [String] = []
        for (i, line) in raw.enumerated() {
            guard let l = text.clean(line, maxLength: 70, field: field + ".lines[\(i)]") else { continue }
            if lines.count == flavor.addressLines {
                text.warn(.warning(.fieldTooLong, field: field + ".lines",
                                   "only \(flavor.addressLines) address lines fit; the rest were left out"))
                break
            }
            lines.append(l)
        }
        guard !lines.isEmpty || country != nil else { return nil }
        return PostalAddress(country: country, lines: lines)
    }
}
