import Foundation
import Giro

/// JSON and text rendering shared by the commands.
enum Output {
    static func jsonEncoder(pretty: Bool) -> JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return e
    }

    static func json<T: Encodable>(_ value: T, pretty: Bool) -> String {
        guard let data = try? jsonEncoder(pretty: pretty).encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    static func writeOut(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// A human-readable message on stderr, control characters escaped (messages quote untrusted input).
    static func writeErr(_ text: String) {
        FileHandle.standardError.write(Data((TerminalText.escape(text, keepNewlines: true) + "\n").utf8))
    }

    /// Human-readable text on stdout: each line escaped, so values cannot carry terminal controls.
    static func writeText(_ lines: [String]) {
        writeOut(lines.map { TerminalText.escape($0) }.joined(separator: "\n"))
    }

    /// A short human summary of a record.
    static func text(_ r: PaymentRecord) -> String {
        var lines: [String] = []
        lines.append("format:     \(r.format)\(r.formatVersion.map { " \($0)" } ?? "")  status: \(r.status.rawValue)")
        if let c = r.creditor {
            lines.append("creditor:   \(c.name ?? "-")")
            if let iban = c.account?.iban { lines.append("  account:  \((try? IBAN(iban).formatted) ?? iban)\(c.account?.bic.map { "  BIC \($0)" } ?? "")") }
            if let a = c.address { lines.append("  address:  \(addressLine(a))") }
        }
        if let u = r.ultimateCreditor { lines.append("ult. cred.: \(u.name ?? "-")") }
        if let d = r.debtor {
            lines.append("debtor:     \(d.name ?? "-")")
            if let a = d.address { lines.append("  address:  \(addressLine(a))") }
        }
        lines.append("amount:     \(r.amount.map { "\($0.formattedValue) \($0.currency)" } ?? "open (payer enters it)")")
        if let ref = r.reference {
            lines.append("reference:  \(ref.value) (\(ref.type.rawValue)\(ref.valid == false ? ", CHECK FAILED" : ""))")
        }
        if let m = r.remittanceInformation { lines.append("message:    \(m)") }
        if let p = r.purpose { lines.append("purpose:    \(p)") }
        if let d = r.dueDate { lines.append("due:        \(d)") }
        if let b = r.billInformation { lines.append("bill info:  \(b.syntax ?? "?") \(b.invoiceNumber.map { "invoice \($0)" } ?? b.raw)") }
        for alt in r.alternativeSchemes { lines.append("alt scheme: \(alt)") }
        lines += schema2Lines(r)
        for (k, v) in r.extras.sorted(by: { $0.key < $1.key }) { lines.append("extra:      \(k) = \(v)") }
        for d in r.diagnostics { lines.append("\(d.severity.rawValue): \(d.code.rawValue) (\(d.field)\(d.line.map { ", line \($0)" } ?? "")): \(d.message)") }
        return lines.map { TerminalText.escape($0) }.joined(separator: "\n")
    }

    static func addressLine(_ a: Address) -> String {
        let street = [a.street, a.buildingNumber].compactMap { $0 }.joined(separator: " ")
        let town = [a.postalCode, a.town].compactMap { $0 }.joined(separator: " ")
        return ([street, town] + a.lines + [a.country ?? ""]).filter { !$0.isEmpty }.joined(separator: ", ")
    }
}
