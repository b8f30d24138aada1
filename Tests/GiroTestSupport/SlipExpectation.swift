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
    /// CZ/SK payment symbols as printed, `VS 2024001234 KS 0308 SS 77` (those present, in that order).
    public var symbols: String?

    /// The fields scored, in table order.
    public static let fields = ["iban", "amount", "reference", "creditor", "debtor", "symbols"]

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
        case "symbols": symbols
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
        case "symbols": record?.symbols.flatMap(symbolsText)
        default: nil
        }
    }

    static func symbolsText(_ s: PaymentSymbols) -> String? {
        let parts = [("VS", s.variable), ("KS", s.constant), ("SS", s.specific)].compactMap { n, v in v.map { "\(n) \($0)" } }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
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
