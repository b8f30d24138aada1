import Foundation
import GiroCore

/// A slip's barcode against its print (issue 11 §6). The barcode's record is the answer; the print's fields are
/// compared with it and every disagreement is a warning with both values, which is what catches a slip whose print
/// was altered after the barcode was made (or a barcode pasted on another slip). A barcode that does not decode
/// leaves the print as the answer.
public enum SlipCrossCheck {
    /// Fields compared when both sides have them, in this order.
    public static let comparedFields = ["creditor.account.iban", "amount", "reference", "creditor.name"]

    /// The barcode's record with `source.crossCheck` (winner `barcode`) and one `slip_barcode_mismatch` per differing
    /// field. IBAN, amount and reference mismatches make it `uncertain` (money would go elsewhere); a creditor name
    /// is compared loosely (case, diacritics, punctuation, a few OCR slips, one name inside the other) and a mismatch
    /// only warns, as forms print names shortened.
    public static func check(barcode: PaymentRecord, print: SlipReading) -> PaymentRecord {
        compared(barcode, winner: "barcode", barcode: barcode, print: print)
    }

    /// The print's record, cross-checked by a barcode that carries only part of the payment (its own record is
    /// `uncertain`: a Kos-GIRO Code128 holding a reference, say) while the print was read in full and checked
    /// (`valid`): the print is the answer (winner `print`), every field both carry compared as above.
    public static func check(print: SlipReading, partialBarcode barcode: PaymentRecord) -> PaymentRecord {
        compared(print.record, winner: "print", barcode: barcode, print: print)
    }

    static func compared(_ answer: PaymentRecord, winner: String, barcode: PaymentRecord, print: SlipReading) -> PaymentRecord {
        var record = answer
        var fields: [CrossCheckField] = []
        for (field, b, p, same, moves) in pairs(barcode, print.record) {
            fields.append(CrossCheckField(field: field, barcode: b, print: p, match: same))
            if !same {
                record.diagnostics.append(.warning(.slipBarcodeMismatch, field: field, uncertain: moves,
                                                   "the barcode says \(b), the printed \(print.slipClass) slip says \(p)"))
            }
        }
        record.source.crossCheck = CrossCheck(winner: winner, slipClass: print.slipClass, fields: fields)
        record.status = .derived(from: record.diagnostics)
        return record
    }

    /// The print's record when the slip's barcode did not decode: `source.crossCheck` (winner `print`) and an
    /// informational `slip_barcode_unreadable` naming the barcode's error.
    public static func printWins(_ print: SlipReading, barcodeError: GiroError?) -> PaymentRecord {
        var record = print.record
        let why = barcodeError.map { "\($0.code.rawValue): \($0.message)" } ?? "no payment format read it"
        record.diagnostics.append(.info(.slipBarcodeUnreadable, field: "source",
                                        "the slip's barcode did not decode (\(why)); the print is the answer"))
        record.source.crossCheck = CrossCheck(winner: "print", slipClass: print.slipClass)
        record.status = .derived(from: record.diagnostics)
        return record
    }

    /// Whether a point lies inside the slip's quadrilateral (corners clockwise from top-left, image pixels): how a
    /// barcode is tied to a slip — its centre must be on the form.
    public static func contains(_ corners: [[Int]], x: Double, y: Double) -> Bool {
        let pts = corners.compactMap { c -> (Double, Double)? in c.count == 2 ? (Double(c[0]), Double(c[1])) : nil }
        guard pts.count >= 3 else { return false }
        // Inside a convex polygon: the same side of every edge (either orientation).
        var sign = 0.0
        for i in pts.indices {
            let (ax, ay) = pts[i], (bx, by) = pts[(i + 1) % pts.count]
            let cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
            if cross == 0 { continue }
            if sign == 0 { sign = cross } else if (sign > 0) != (cross > 0) { return false }
        }
        return true
    }

    // MARK: - Comparing

    /// (field, barcode value, printed value, agree, mismatch makes uncertain) for every field both sides have.
    static func pairs(_ b: PaymentRecord, _ p: PaymentRecord) -> [(String, String, String, Bool, Bool)] {
        var out: [(String, String, String, Bool, Bool)] = []
        if let x = b.creditor?.account?.iban, let y = p.creditor?.account?.iban {
            out.append(("creditor.account.iban", x, y, compact(x) == compact(y), true))
        }
        if let x = b.amount, let y = p.amount {
            out.append(("amount", x.description, y.description, x.value == y.value && x.currency == y.currency, true))
        }
        if let x = b.reference, let y = p.reference {
            let bx = (x.model ?? "") + x.value, py = (y.model ?? "") + y.value
            out.append(("reference", text(x), text(y), compact(bx) == compact(py), true))
        }
        if let x = b.creditor?.name, let y = p.creditor?.name {
            out.append(("creditor.name", x, y, namesAgree(x, y), false))
        }
        return out
    }

    static func text(_ r: Reference) -> String { r.model.map { "\($0) \(r.value)" } ?? r.value }

    /// Letters and digits, upper case: spacing and dashes are layout, not content.
    static func compact(_ s: String) -> String {
        String(String.UnicodeScalarView(s.uppercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }))
    }

    /// Loose: folded tokens equal within a few edits (one per five characters, at least two), or every token of
    /// one name among the other's (a legal form or a first name left out).
    static func namesAgree(_ a: String, _ b: String) -> Bool {
        let ta = SlipText.tokens(String(a.prefix(200))), tb = SlipText.tokens(String(b.prefix(200)))
        guard !ta.isEmpty, !tb.isEmpty else { return ta.isEmpty && tb.isEmpty }
        let ja = ta.joined(separator: " "), jb = tb.joined(separator: " ")
        let limit = max(2, min(ja.count, jb.count) / 5)
        if SlipText.editDistance(Array(ja.unicodeScalars), Array(jb.unicodeScalars), limit: limit) <= limit { return true }
        let (short, long) = ta.count <= tb.count ? (ta, tb) : (tb, ta)
        return short.allSatisfy { s in long.contains { SlipText.matches(s, $0) } }
    }
}
