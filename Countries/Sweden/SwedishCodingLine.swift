import Foundation
import GiroCore

/// The OCR-B line at the foot of a bankgiro / PlusGiro inpayment slip (inbetalningskort, OCR-avi), in one place for
/// both readers: the strict `se.giro-coding-line` format (a line handed over as text, every check an error with
/// its offset) and the lenient slip reader (OCR output, failed checks collected).
///
/// `[H] # REFERENCE # KRONOR ÖRE C > ACCOUNT #TT#`: the OCR reference (10-modul), the amount in kronor and öre with
/// its 10-modul check digit `C` over kronor + öre, the receiving bankgiro or PlusGiro number (10-modul), and the
/// two-digit document type. The reference and the amount may be blank (the payer fills them in).
struct SwedishCodingLine {
    struct Segment {
        var digits: [UInt8] = []
        var offsets: [Int] = []
        /// Runs of digits split by whitespace (the amount's kronor, öre and check digit).
        var groups: [[UInt8]] = []
        /// Offset of the segment's first byte (after its opening delimiter).
        var start: Int
    }

    struct Failure: Error {
        let offset: Int
        let reason: String
        var isCharacter = false
    }

    /// Reference, amount, account, type.
    var reference: Segment
    var amount: Segment
    var account: Segment
    var type: Segment
    /// Whitespace before or after the line, or the `H` setting mark, was read through.
    var trimmed = false
    var settingMark = false

    static let maxBytes = 160
    /// `#`, `#`, `>`, `#`, `#`: the delimiters in order.
    static let delimiters: [UInt8] = [0x23, 0x23, 0x3E, 0x23, 0x23]

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    init(_ bytes: [UInt8]) throws(SwedishCodingLine.Failure) {
        guard bytes.count <= Self.maxBytes else { throw Failure(offset: Self.maxBytes, reason: "a coding line has at most \(Self.maxBytes) bytes") }
        var start = 0, end = bytes.count
        while start < end, Self.isSpace(bytes[start]) { start += 1 }
        while end > start, Self.isSpace(bytes[end - 1]) { end -= 1 }
        trimmed = start > 0 || end < bytes.count
        if start < end, bytes[start] == UInt8(ascii: "H") { settingMark = true; start += 1 }
        var segments: [Segment] = []
        var current = Segment(start: start)
        var seen = 0
        var lastWasDigit = false
        for i in start..<end {
            let b = bytes[i]
            if Self.isDigit(b) {
                if !lastWasDigit { current.groups.append([]) }
                current.groups[current.groups.count - 1].append(b)
                current.digits.append(b)
                current.offsets.append(i)
                lastWasDigit = true
                continue
            }
            lastWasDigit = false
            if Self.isSpace(b) { continue }
            guard b == 0x23 || b == 0x3E else {
                throw Failure(offset: i, reason: "byte 0x\(String(b, radix: 16, uppercase: true)) is not a digit, '#', '>' or a space", isCharacter: true)
            }
            guard seen < Self.delimiters.count, Self.delimiters[seen] == b else {
                throw Failure(offset: i, reason: "unexpected '\(Character(Unicode.Scalar(b)))': the line is `# reference # kronor öre check > account #type#`")
            }
            segments.append(current)
            current = Segment(start: i + 1)
            seen += 1
        }
        guard seen == Self.delimiters.count else {
            throw Failure(offset: end, reason: "the line ends after \(seen) of its five delimiters `# # > # #`")
        }
        guard current.digits.isEmpty, segments[0].digits.isEmpty else {
            let stray = current.digits.isEmpty ? segments[0].offsets.first : current.offsets.first
            throw Failure(offset: stray ?? start, reason: "digits outside the line's fields")
        }
        reference = segments[1]
        amount = segments[2]
        account = segments[3]
        type = segments[4]
    }

    /// The amount's kronor, öre and check digit: three groups (`1234 50 5`) or one run (`1234505`). Nil when the
    /// amount is blank; `.failure` when it has another shape.
    enum AmountParts { case blank, parts(kronor: ArraySlice<UInt8>, ore: ArraySlice<UInt8>, check: UInt8), malformed }

    var amountParts: AmountParts {
        let d = amount.digits
        if d.isEmpty { return .blank }
        let g = amount.groups
        if g.count == 3, g[1].count == 2, g[2].count == 1, (1...10).contains(g[0].count) {
            return .parts(kronor: g[0][...], ore: g[1][...], check: g[2][0])
        }
        if g.count == 1, (4...13).contains(d.count) {
            return .parts(kronor: d[0..<(d.count - 3)], ore: d[(d.count - 3)..<(d.count - 1)], check: d[d.count - 1])
        }
        return .malformed
    }

    /// Kronor and öre as an exact amount.
    static func value(kronor: ArraySlice<UInt8>, ore: ArraySlice<UInt8>) -> Decimal {
        let cents = (kronor + ore).reduce(0) { $0 * 10 + Int($1 - 48) }
        return Decimal(sign: .plus, exponent: -2, significand: Decimal(cents))
    }

    /// Whether the amount's check digit is the 10-modul digit of kronor + öre.
    static func amountHolds(kronor: ArraySlice<UInt8>, ore: ArraySlice<UInt8>, check: UInt8) -> Bool {
        Luhn.checkDigit(Array(kronor + ore)) == Int(check) - 48
    }

    /// Document types whose account kind is published: 41 and 42, bankgiro.
    static func giroKind(documentType: String) -> SwedishGiroNumber.Kind? {
        documentType == "41" || documentType == "42" ? .bankgiro : nil
    }

    var documentType: String { String(decoding: type.digits, as: UTF8.self) }

    /// The account as printed on slips: a bankgiro number `5402-9681`, else the digits with the check digit after a dash.
    func accountNumber(kind: SwedishGiroNumber.Kind?) -> String {
        let compact = String(decoding: account.digits, as: UTF8.self)
        guard compact.utf8.count >= 2 else { return compact }
        if let kind { return SwedishGiroNumber.formatted(compact, kind: kind) }
        return String(compact.dropLast()) + "-" + String(compact.suffix(1))
    }

    /// The line with single spaces: `# 12345678903 # 1234 50 5 > 5402968 #41#`.
    var normalized: String {
        func s(_ seg: Segment) -> String { seg.groups.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ") }
        return "# \(s(reference)) # \(s(amount)) > \(s(account))#\(s(type))#"
    }
}
