import Foundation
import GiroCore

/// What a slip fixture's record must carry (`fixtures/slips/<class>/<case>.expect`), and the record's values for the
/// same fields, so the golden tests and `giro-slip-bench` compare one way.
public struct SlipExpectation: Decodable, Sendable {
    public var status: String
    public var iban: String?
    public var amount: String?
    public var reference: String?
    public var creditor: String?
    public var debtor: String?

    /// The fields scored, in table order.
    public static let fields = ["iban", "amount", "reference", "creditor", "debtor"]

    public init(contentsOf url: URL) throws {
        self = try JSONDecoder().decode(SlipExpectation.self, from: Data(contentsOf: url))
    }

    public func expected(_ field: String) -> String? {
        switch field {
        case "iban": iban
        case "amount": amount
        case "reference": reference
        case "creditor": creditor
        case "debtor": debtor
        default: nil
        }
    }

    /// The record's value of a scored field, written as the `.expect` file writes it (amount `1234.50 EUR`).
    public static func observed(_ field: String, in record: PaymentRecord?) -> String? {
        switch field {
        case "iban": record?.creditor?.account?.iban
        case "amount": record?.amount.map { "\($0.formattedValue) \($0.currency)" }
        case "reference": record?.reference?.value
        case "creditor": record?.creditor?.name
        case "debtor": record?.debtor?.name
        default: nil
        }
    }

    /// `field: expected ≠ observed` for every field that differs (status included); empty when the record matches.
    public func mismatches(_ record: PaymentRecord) -> [String] {
        var out: [String] = record.status.rawValue == status ? [] : ["status: \(status) ≠ \(record.status.rawValue)"]
        for field in Self.fields where expected(field) != Self.observed(field, in: record) {
            out.append("\(field): \(expected(field) ?? "nil") ≠ \(Self.observed(field, in: record) ?? "nil")")
        }
        return out
    }
}
