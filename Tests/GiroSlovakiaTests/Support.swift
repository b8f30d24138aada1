import Foundation
import GiroTestSupport
import GiroCore
@testable import GiroSlovakia
import Testing

/// Builds PAY by square strings from TAB fields (through the plug-in's own LZMA writer) and decodes them.
enum PBS: PluginTestHelpers {
    static let format = PayBySquare()
    static let iban = "SK9611000000002918599669"


    /// One payment order: 12.50 EUR, VS 2025, KS 0308, one account, no extensions.
    static func payment(options: String = "1", amount: String = "12.50", currency: String = "EUR", due: String = "20250131",
                        vs: String = "2025", ks: String = "0308", ss: String = "", reference: String = "", note: String = "Faktura 1",
                        accounts: [(String, String)] = [(iban, "")], standingOrder: [String]? = nil, directDebit: [String]? = nil) -> [String] {
        var f = [options, amount, currency, due, vs, ks, ss, reference, note, String(accounts.count)]
        for (i, b) in accounts { f += [i, b] }
        f += standingOrder.map { ["1"] + $0 } ?? ["0"]
        f += directDebit.map { ["1"] + $0 } ?? ["0"]
        return f
    }

    static func document(_ payments: [[String]], invoiceID: String = "", beneficiaries: [[String]] = []) -> String {
        ([invoiceID, String(payments.count)] + payments.flatMap { $0 } + beneficiaries.flatMap { $0 }).joined(separator: "\t")
    }

    static func encode(_ text: String, type: Int = 0, version: Int = 1, documentType: Int = 0) -> String {
        BySquareEnvelope.seal(type: type, version: version, documentType: documentType, text: Array(text.utf8)) ?? "<seal failed>"
    }

    static let kit = PluginFixtures(format, directory: "sk.pay-by-square")
}
