import GiroCore

import Foundation

/// The rules of the Swiss OCR-B coding line (orange ESR/BVR with reference, red ES with bank account;
/// formats-west.md §3.2–3.3), in one place for both readers: the strict `ch.esr-coding-line` plug-in (a line handed
/// over as text, every deviation an error with its offset) and the lenient slip reader (OCR output, failures
/// collected rather than thrown).
///
/// Orange: `BB[AAAAAAAAAA]P>` `R…R+` `TTNNNNNNC>` — document type, amount in centimes (types with an amount), check;
/// reference (27 or 16 digits); participant. Red: `A…A+` (27) `07CCCCCDC>` `PPNNNNNNC>` — account, clearing, the
/// bank's postal account. Every block ends in a mod-10-recursive check digit.
package enum SwissCodingLine {
    package enum Slip: Sendable { case orange, red }

    /// Which slip a line is, from the terminators of its first two blocks (`>` then `+`, or `+` then `>`).
    package static func slip(first: UInt8?, second: UInt8?) -> Slip? {
        switch (first, second) {
        case (0x3E, 0x2B): .orange
        case (0x2B, 0x3E): .red
        default: nil
        }
    }

    // Block lengths, in digits.
    package static let firstBlockWithAmount = 13
    package static let firstBlockWithoutAmount = 3
    package static let referenceLengths = [27, 16]
    package static let participantLength = 9
    package static let redAccountLength = 27
    package static let clearingLength = 9

    /// Belegartcode → (currency, carries an amount); nil for an unknown one.
    package static func documentType(_ code: Int) -> (currency: String, hasAmount: Bool)? {
        switch code {
        case 1, 3, 11: ("CHF", true)
        case 4, 14: ("CHF", false)
        case 21, 23: ("EUR", true)
        case 31, 33: ("EUR", false)
        default: nil
        }
    }

    /// The document type of an orange line's first block (its two leading digits); nil unless both are digits.
    package static func documentTypeCode(_ first: some Collection<UInt8>) -> Int? {
        let d = Array(first.prefix(2))
        guard d.count == 2, d.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(d[0] - 0x30) * 10 + Int(d[1] - 0x30)
    }

    /// The amount of a 13-digit first block: ten digits of centimes after the type (at most 99,999,999.99, exact).
    package static func amount(_ first: some Collection<UInt8>) -> Decimal? {
        let d = Array(first)
        guard d.count == firstBlockWithAmount, d.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let centimes = d[2..<12].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return Decimal(sign: .plus, exponent: -2, significand: Decimal(centimes))
    }

    /// A block's last digit against mod 10 recursive over the others.
    @inlinable
    package static func holds<C: BidirectionalCollection<UInt8>>(_ block: C) -> Bool { Mod10Recursive.isValid(block) }

    /// The red clearing block: `07`, the five-digit clearing number, its own check digit, then the check over all
    /// eight. Nil when it is not 9 digits starting `07`; else whether each of the two checks holds.
    package static func clearing(_ block: some Collection<UInt8>) -> (own: Bool, block: Bool)? {
        let d = Array(block)
        guard d.count == clearingLength, d.starts(with: [0x30, 0x37]) else { return nil }
        return (holds(d[2..<8]), holds(d))
    }

    /// The clearing number of a red line's clearing block (`07 08888 5 4` → `08888`).
    package static func clearingNumber(_ block: some Collection<UInt8>) -> String {
        String(decoding: Array(block).dropFirst(2).prefix(5), as: UTF8.self)
    }

    /// A nine-digit postal account (participant number) as printed: `010001628` → `01-162-8`.
    package static func postalAccount(_ digits: some Collection<UInt8>) -> String {
        let d = Array(digits)
        guard d.count == participantLength else { return String(decoding: d, as: UTF8.self) }
        let number = d[2..<8].drop { $0 == 0x30 }
        return String(decoding: d[0..<2], as: UTF8.self) + "-" + (number.isEmpty ? "0" : String(decoding: number, as: UTF8.self))
            + "-" + String(decoding: d[8...], as: UTF8.self)
    }

    /// A red line's 27-digit account field without its padding and check digit.
    package static func redAccountNumber(_ block: some Collection<UInt8>) -> String {
        let number = Array(block).dropLast().drop { $0 == 0x30 }
        return number.isEmpty ? "0" : String(decoding: number, as: UTF8.self)
    }
}
