import Foundation
import GiroCore

/// The OCR-B coding line of a Swiss orange (ESR/BVR) or red (ES) inpayment slip, decoded with every check digit
/// (formats-west.md §3.2–3.3). Spaces and OCR noise outside `0-9 > +` are ignored.
public struct ESRCodingLine: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable { case esr, es }
    public var kind: Kind
    /// ESR document type (Belegartcode) `01`, `04` …; nil on a red ES.
    public var documentType: String?
    public var currency: String?
    /// Amount in the line (ESR types with amount only).
    public var amount: Decimal?
    /// ESR reference, 27 (or 16) digits including its check digit.
    public var reference: String?
    /// Participant number as printed, `01-162-8` (ESR) or the bank's postal account (ES).
    public var participant: String
    /// Red ES: the 27-digit beneficiary account field and the 9-digit clearing field.
    public var esAccount: String?
    public var esClearing: String?
    /// The line as read, digits and separators only.
    public var normalized: String
    /// Check-digit failures (`amount`, `reference`, `participant`, `account`, `clearing`); empty when all hold.
    public var failedChecks: [String]

    /// Nil when the text has no coding-line shape.
    public static func parse(_ text: String) -> ESRCodingLine? {
        let kept = Array(text.utf8.filter { ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "+") })
        guard kept.count <= 80 else { return nil }
        let s = String(decoding: kept, as: UTF8.self)
        let parts = s.split(separator: ">", omittingEmptySubsequences: false).map(String.init)
        func valid(_ d: Substring) -> Bool { Mod10Recursive.isValid(Array(d.utf8)) }

        // ESR: BB[AAAAAAAAAA]P > R…R + TTNNNNNNC >
        if parts.count == 3, parts[2].isEmpty, let plus = parts[1].firstIndex(of: "+") {
            let head = parts[0], ref = parts[1][..<plus], participant = parts[1][parts[1].index(after: plus)...]
            guard head.allSatisfy(\.isNumber), head.count == 13 || head.count == 3,
                  ref.count == 27 || ref.count == 16, participant.count == 9 else { return nil }
            var line = ESRCodingLine(kind: .esr, documentType: String(head.prefix(2)), currency: nil, amount: nil,
                                     reference: String(ref), participant: formatParticipant(participant), esAccount: nil,
                                     esClearing: nil, normalized: s, failedChecks: [])
            line.currency = ["21", "23", "31", "33"].contains(String(head.prefix(2))) ? "EUR" : "CHF"
            if head.count == 13 {
                let cents = Int(head.dropFirst(2).prefix(10)) ?? 0
                line.amount = Decimal(cents) / 100
            }
            if !valid(Substring(head)) { line.failedChecks.append("amount") }
            if !valid(ref) { line.failedChecks.append("reference") }
            if !valid(participant) { line.failedChecks.append("participant") }
            return line
        }
        // Red ES (bank account): A…A(27) + CCCCCCCCC > PPPPPPPPP >
        if parts.count == 3, parts[2].isEmpty, parts[0].contains("+") {
            let ab = parts[0].split(separator: "+", omittingEmptySubsequences: false)
            guard ab.count == 2, ab[0].count == 27, ab[1].count == 9, parts[1].count == 9, parts[1].allSatisfy(\.isNumber) else { return nil }
            var line = ESRCodingLine(kind: .es, documentType: nil, currency: "CHF", amount: nil, reference: nil,
                                     participant: formatParticipant(Substring(parts[1])), esAccount: String(ab[0]),
                                     esClearing: String(ab[1]), normalized: s, failedChecks: [])
            if !valid(ab[0]) { line.failedChecks.append("account") }
            // `07` + clearing number (5) + its own check + the check over all eight (§3.3: 07 08888 5 4).
            if !valid(ab[1].dropFirst(2).dropLast()) || !valid(ab[1]) { line.failedChecks.append("clearing") }
            if !valid(Substring(parts[1])) { line.failedChecks.append("participant") }
            return line
        }
        // Red ES (postal account only): PPPPPPPPP >
        if parts.count == 2, parts[1].isEmpty, parts[0].count == 9, parts[0].allSatisfy(\.isNumber) {
            var line = ESRCodingLine(kind: .es, documentType: nil, currency: "CHF", amount: nil, reference: nil,
                                     participant: formatParticipant(Substring(parts[0])), esAccount: nil, esClearing: nil,
                                     normalized: s, failedChecks: [])
            if !valid(Substring(parts[0])) { line.failedChecks.append("participant") }
            return line
        }
        return nil
    }

    /// `010001628` → `01-162-8`.
    static func formatParticipant(_ d: Substring) -> String {
        let a = d.prefix(2), n = d.dropFirst(2).prefix(6), c = d.suffix(1)
        let number = n.drop { $0 == "0" }
        return "\(a)-\(number.isEmpty ? "0" : number)-\(c)"
    }
}
