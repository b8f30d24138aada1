import Foundation
import GiroCore

/// The OCR-B coding line of a Swiss orange (ESR/BVR) or red (ES) inpayment slip, decoded with every check digit
/// (formats-west.md §3.2–3.3). Spaces and OCR noise outside `0-9 > +` are ignored. The slip engine reads it through
/// ``SwissCodingLineReader`` (the `coding-line` zone parser with `codingLine: ch.esr`).
package struct ESRCodingLine: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable { case esr, es }
    package var kind: Kind
    /// ESR document type (Belegartcode) `01`, `04` …; nil on a red ES.
    package var documentType: String?
    package var currency: String?
    /// Amount in the line (ESR types with amount only).
    package var amount: Decimal?
    /// ESR reference, 27 (or 16) digits including its check digit.
    package var reference: String?
    /// Participant number as printed, `01-162-8` (ESR) or the bank's postal account (ES); nil when the line was
    /// cut after the reference (the participant block not read).
    package var participant: String?
    /// Red ES: the 27-digit beneficiary account field and the 9-digit clearing field.
    package var esAccount: String?
    package var esClearing: String?
    /// The line as read, digits and separators only.
    package var normalized: String
    /// Check-digit failures (`amount`, `reference`, `participant`, `account`, `clearing`); empty when all hold.
    package var failedChecks: [String]

    /// Nil when the text has no coding-line shape. The layout and check-digit rules are GiroCore's `SwissCodingLine`,
    /// the same as the strict `ch.esr-coding-line` plug-in's; this reader only collects failures instead of throwing.
    package static func parse(_ text: String) -> ESRCodingLine? {
        let kept = Array(text.utf8.filter { ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "+") })
        guard kept.count <= 80 else { return nil }
        let s = String(decoding: kept, as: UTF8.self)
        let blocks = Self.blocks(kept)
        let rules = SwissCodingLine.self
        // An orange line cut after the reference's `+` (the participant block clipped or on a line not read):
        // amount and reference are still checked and kept.
        if blocks.count == 2, rules.slip(first: blocks[0].terminator, second: blocks[1].terminator) == .orange {
            return orange(blocks[0].digits, blocks[1].digits, nil, normalized: s)
        }
        // Every block closed by `>` or `+`, the last by `>`.
        guard let last = blocks.last, last.terminator == UInt8(ascii: ">") else { return nil }
        if blocks.count == 3, let slip = rules.slip(first: blocks[0].terminator, second: blocks[1].terminator) {
            let (a, b, c) = (blocks[0].digits, blocks[1].digits, blocks[2].digits)
            switch slip {
            case .orange:
                return orange(a, b, c, normalized: s)
            case .red:
                guard a.count == rules.redAccountLength, b.count == rules.clearingLength, c.count == rules.participantLength else { return nil }
                let clearing = rules.clearing(b)   // nil when OCR lost the leading `07`: a failed check, not another shape
                var line = ESRCodingLine(kind: .es, documentType: nil, currency: "CHF", amount: nil, reference: nil,
                                         participant: rules.postalAccount(c), esAccount: String(decoding: a, as: UTF8.self),
                                         esClearing: String(decoding: b, as: UTF8.self), normalized: s, failedChecks: [])
                if !rules.holds(a) { line.failedChecks.append("account") }
                if !(clearing?.own ?? false) || !(clearing?.block ?? false) { line.failedChecks.append("clearing") }
                if !rules.holds(c) { line.failedChecks.append("participant") }
                return line
            }
        }
        // A lone block (`800001514>`, a red line's second row) is no line: the strict plug-in refuses it too, and its
        // nine digits would pass for a participant number (the slip reader says `slip_coding_line_partial`).
        return nil
    }

    /// Words of a zone at most: the line is looked for among this many.
    static let maxWords = 24

    /// The line among other print (a receipt's address above it, a signature beside it): the run of whole words
    /// that parses with every check holding, the longest one. OCR-B scanners find the line by its terminators the
    /// same way (formats-west.md §3.2); a fragment whose checks hold by chance is shorter than the whole line.
    package static func located(_ text: String) -> ESRCodingLine? {
        let words = text.split(whereSeparator: \.isWhitespace).prefix(maxWords).map(String.init)
        guard words.count >= 2 else { return nil }
        var best: ESRCodingLine?
        for start in words.indices {
            // A whole line ends in `>` (a line cut after the reference is read only as the zone's whole text).
            for end in start..<words.count where words[end].hasSuffix(">") {
                guard let l = parse(words[start...end].joined(separator: " ")), l.failedChecks.isEmpty else { continue }
                if l.normalized.utf8.count > best?.normalized.utf8.count ?? 0 { best = l }
            }
        }
        return best
    }

    /// An orange line's blocks (nil when the lengths are not an orange line's); `participant` nil: cut after the reference.
    static func orange(_ a: [UInt8], _ b: [UInt8], _ c: [UInt8]?, normalized s: String) -> ESRCodingLine? {
        let rules = SwissCodingLine.self
        guard a.count == rules.firstBlockWithAmount || a.count == rules.firstBlockWithoutAmount,
              rules.referenceLengths.contains(b.count), c.map({ $0.count == rules.participantLength }) ?? true else { return nil }
        // An unknown document type is still read (OCR may have misread it): its check digit says so.
        let type = rules.documentTypeCode(a).flatMap(rules.documentType)
        var line = ESRCodingLine(kind: .esr, documentType: String(decoding: a.prefix(2), as: UTF8.self),
                                 currency: type?.currency ?? "CHF", amount: rules.amount(a),
                                 reference: String(decoding: b, as: UTF8.self), participant: c.map(rules.postalAccount),
                                 esAccount: nil, esClearing: nil, normalized: s, failedChecks: [])
        if !rules.holds(a) { line.failedChecks.append("amount") }
        if !rules.holds(b) { line.failedChecks.append("reference") }
        if let c, !rules.holds(c) { line.failedChecks.append("participant") }
        return line
    }

    /// The participant block's nine digits as they stand on the line (`010001628`): the line's last block; nil
    /// when the line was cut after the reference.
    var participantDigits: String? { participant == nil ? nil : String(normalized.dropLast().suffix(9)) }

    /// Runs of digits and the `>` or `+` closing each (nil for trailing digits).
    static func blocks(_ bytes: [UInt8]) -> [(digits: [UInt8], terminator: UInt8?)] {
        var out: [(digits: [UInt8], terminator: UInt8?)] = []
        var digits: [UInt8] = []
        for b in bytes {
            if b >= 48, b <= 57 { digits.append(b); continue }
            out.append((digits, b))
            digits = []
        }
        if !digits.isEmpty { out.append((digits, nil)) }
        return out
    }
}

/// The slip engine's reader of ESR/ES coding lines: the record gets the same account and extras keys as the
/// `ch.esr-coding-line` plug-in gives a line handed over as text (Countries/Switzerland/README.md).
package struct SwissCodingLineReader: CodingLineReader {
    public let id = "ch.esr"
    public let countryCode = "CH"
    public let alphabet = "0123456789>+ "

    package init() {}

    public func read(_ text: String) -> CodingLineReading? {
        // The zone's whole text first; where that is no line with its checks holding, the line among the words.
        let whole = ESRCodingLine.parse(text)
        guard let line = whole?.failedChecks.isEmpty == true ? whole : ESRCodingLine.located(text) ?? whole else { return nil }
        var reading = CodingLineReading(normalized: line.normalized, failedChecks: line.failedChecks)
        reading.extras[ESRExtrasKey.codingLine] = line.normalized
        if let currency = line.currency { reading.extras[ESRExtrasKey.currency] = currency }
        switch line.kind {
        case .esr:
            reading.extras[ESRExtrasKey.slip] = "orange"
            if let type = line.documentType { reading.extras[ESRExtrasKey.documentType] = type }
            // A line cut after the reference has no participant: no account (the slip record says so).
            if let digits = line.participantDigits, let participant = line.participant {
                reading.extras[ESRExtrasKey.participant] = digits
                reading.account = Account(number: participant)
            }
            if let value = line.amount, let currency = line.currency { reading.amount = Amount(value: value, currency: currency) }
            if let ref = line.reference {
                reading.reference = Reference(type: .qrReference, value: ref, valid: !line.failedChecks.contains("reference"))
            }
        case .es:
            reading.extras[ESRExtrasKey.slip] = "red"
            if let account = line.esAccount, let clearing = line.esClearing {
                let bank = SwissCodingLine.clearingNumber(clearing.utf8)
                reading.account = Account(number: SwissCodingLine.redAccountNumber(account.utf8), bankCode: bank)
                reading.extras[ESRExtrasKey.bankClearing] = bank
                reading.extras[ESRExtrasKey.bankPostalAccount] = line.participant
            }
        }
        return reading
    }
}
