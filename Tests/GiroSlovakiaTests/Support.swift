import Foundation
import GiroCore
@testable import GiroSlovakia
import Testing

/// Builds PAY by square strings from TAB fields (through the plug-in's own LZMA writer) and decodes them.
enum PBS {
    static let format = PayBySquare()
    static let iban = "SK9611000000002918599669"

    /// A shared vector by name (`spayd-5`), read from its byte-exact golden fixture copy, so a fresh clone has it.
    static func vector(_ name: String) throws -> [UInt8] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fixtures/payloads")
        for dir in try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() {
            for expect in ["valid", "tolerate", "invalid"] {
                let url = root.appendingPathComponent("\(dir)/\(expect)-\(name).txt")
                if FileManager.default.fileExists(atPath: url.path) { return try [UInt8](Data(contentsOf: url)) }
            }
        }
        throw CocoaError(.fileNoSuchFile)
    }

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

    static func record(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> PaymentRecord? {
        record(Array(text.utf8), sourceLocation: sourceLocation)
    }

    static func record(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> PaymentRecord? {
        do { return try format.decode(Payload(bytes: bytes)) } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    static func error(_ text: String) -> GiroError? {
        do { _ = try format.decode(Payload(text: text)); return nil } catch { return error }
    }

    static func warnings(_ r: PaymentRecord?) -> [String] { r?.warnings.map(\.code.rawValue) ?? ["<no record>"] }
}
