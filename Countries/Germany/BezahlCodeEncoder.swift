import Foundation
import GiroCore

/// Record → `bank://` URI, for round-trip tests and generators: UTF-8 percent-encoding of everything but
/// RFC 3986 unreserved characters, the amount with a decimal comma and always a currency. The authority is
/// `extras["de.authority"]`, else derived from the record (standing order, direct debit, classic account).
struct BezahlCodeEncoder {
    let format: String

    func fail(_ code: ErrorCode, _ field: String, _ message: String) -> GiroError {
        GiroError(code, field: field, format: format, message)
    }

    func encode(_ record: PaymentRecord) throws(GiroError) -> [UInt8] {
        let authority = try authority(of: record)
        var query: [(String, String)] = []
        func add(_ p: BezahlCodeParameter, _ value: String?) { if let value { query.append((p.key, value)) } }

        add(.name, record.creditor?.name)
        let account = record.creditor?.account
        if let number = account?.number, let bankCode = account?.bankCode {
            // An IBAN that is not the classic account's own was given beside it: keep both.
            let derived = GermanAccount(bankCode: bankCode, number: number).iban
            if let iban = account?.iban, iban != derived { add(.iban, iban) }
            add(.account, number)
            add(.bnc, bankCode)
        } else {
            guard let iban = account?.iban else { throw fail(.fieldMissing, "creditor.account.iban", "the record has no account") }
            add(.iban, iban)
        }
        add(.bic, account?.bic)
        if let amount = record.amount, authority.isPayment {
            let text = DecimalText.format(amount.value, minimumFractionDigits: 2)
            guard amount.value >= 0, case .value = BezahlCodeAmount.parse(text.utf8) else {
                throw fail(.amountInvalid, "amount", "\(text) is not a BezahlCode amount (≥ 0, 2 decimals, ≤ 999 999 999,99)")
            }
            add(.amount, text.replacingOccurrences(of: ".", with: ","))
            add(.currency, amount.currency)
        }
        add(.reason, record.remittanceInformation)
        add(.sepaReference, record.reference?.value)
        add(.executionDate, try record.dueDate.map { iso throws(GiroError) in try date(iso, "dueDate") })
        add(.postingKey, record.extras[BezahlCodeExtrasKey.postingKey])
        if let debit = record.directDebit, authority == .singleDirectDebitSEPA {
            add(.creditorID, debit.creditorID)
            add(.mandateID, debit.mandateID)
            add(.dateOfSignature, try debit.validFrom.map { iso throws(GiroError) in try date(iso, "directDebit.validFrom") })
        }
        if let order = record.standingOrder, authority.isPeriodic {
            let (unit, rotation) = try period(order)
            add(.periodicTimeUnit, unit)
            add(.periodicTimeUnitRotation, String(rotation))
            add(.periodicFirstExecutionDate, try order.firstDate.map { iso throws(GiroError) in try date(iso, "standingOrder.firstDate") })
            add(.periodicLastExecutionDate, try order.lastDate.map { iso throws(GiroError) in try date(iso, "standingOrder.lastDate") })
        }
        for (key, value) in record.extras.sorted(by: { $0.key < $1.key }) where key.hasPrefix(BezahlCodeExtrasKey.unknownPrefix) {
            query.append((String(key.dropFirst(BezahlCodeExtrasKey.unknownPrefix.count)), value))
        }

        var out = Array("bank://\(authority.rawValue)".utf8)
        for (i, (key, value)) in query.enumerated() {
            out.append(i == 0 ? UInt8(ascii: "?") : UInt8(ascii: "&"))
            Self.percentEncode(key, into: &out)
            out.append(UInt8(ascii: "="))
            Self.percentEncode(value, into: &out)
        }
        return out
    }

    func authority(of record: PaymentRecord) throws(GiroError) -> BezahlCodeAuthority {
        if let written = record.extras[BezahlCodeExtrasKey.authority] {
            guard let authority = BezahlCodeAuthority(rawValue: written) else {
                throw fail(.fieldInvalid, "extras.de.authority", "'\(written)' is not a BezahlCode authority")
            }
            return authority
        }
        let classic = record.creditor?.account?.number != nil
        if record.standingOrder != nil { return classic ? .periodicSinglePayment : .periodicSinglePaymentSEPA }
        if record.directDebit != nil { return classic ? .singleDirectDebit : .singleDirectDebitSEPA }
        return classic ? .singlePayment : .singlePaymentSEPA
    }

    func date(_ iso: String, _ field: String) throws(GiroError) -> String {
        guard let text = GermanDate.bezahlCode(iso) else { throw fail(.dateInvalid, field, "'\(iso)' is not an ISO date") }
        return text
    }

    /// Time unit and rotation from `frequencyCode` (`2W`) or, failing that, the normalized frequency.
    func period(_ order: StandingOrder) throws(GiroError) -> (String, Int) {
        if let code = order.frequencyCode, let unit = code.last, unit == "M" || unit == "W",
           let rotation = Int(code.dropLast()), (1...52).contains(rotation) {
            return (String(unit), rotation)
        }
        switch order.frequency {
        case "weekly": return ("W", 1)
        case "biweekly": return ("W", 2)
        case "monthly": return ("M", 1)
        case "bimonthly": return ("M", 2)
        case "quarterly": return ("M", 3)
        case "semiannually": return ("M", 6)
        case "annually": return ("M", 12)
        default: throw fail(.fieldInvalid, "standingOrder.frequency", "BezahlCode has no period for \(order.frequency ?? "nil")")
        }
    }

    /// RFC 3986 unreserved characters and `,` (the decimal comma) stay; every other UTF-8 byte becomes `%XX`.
    static func percentEncode(_ text: String, into out: inout [UInt8]) {
        let hex = Array("0123456789ABCDEF".utf8)
        for b in text.utf8 {
            switch b {
            case 48...57, 65...90, 97...122, UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: ","):
                out.append(b)
            default:
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 0x0F)])
            }
        }
    }
}
