import Foundation
import GiroCore

/// One run over a coding line: the block pattern tells orange from red, then each block's check digit is verified
/// before its value enters the record (a rejection carries what was read, `partial`).
struct ESRDecoder: FieldDecoding {
    let format: String
    let payload: Payload
    var diagnostics: [Diagnostic] = []
    var record: PaymentRecord

    init(format: String, payload: Payload) {
        self.format = format
        self.payload = payload
        record = PaymentRecord(format: format, country: "CH", formatVersion: nil,
                               source: SourceInfo(kind: payload.kind, symbology: payload.symbology?.rawValue, charset: "US-ASCII"))
        record.extras.reserveCapacity(4)
    }

    mutating func decode() throws(GiroError) {
        let line: ESRLineScanner
        do {
            line = try ESRLineScanner(payload.bytes)
        } catch {
            throw fail(error.isCharacter ? .charsetInvalid : .structureInvalid, field: "payload", offset: error.offset,
                       "not a coding line: \(error.reason)")
        }
        let b = line.blocks
        switch (b.count, SwissCodingLine.slip(first: b.first?.terminator, second: b.count > 1 ? b[1].terminator : nil)) {
        case (3, .orange): try orange(line)
        case (3, .red): try red(line)
        case (2, .orange) where b[1].terminator == 0x2B:
            // Cut after the reference (OCR lost the participant block, or it was never handed over): what the line
            // holds is kept as the partial record, the account is missing.
            try orange(line)
        default:
            throw fail(.structureInvalid, field: "payload", offset: b.first?.offset ?? 0,
                       "expected three blocks, orange `BB…P>RRR…Q+ TTNNNNNNC>` or red `AAA…C+ 07CCCCCDC>` `PPNNNNNNC>`; got \(b.map { "\($0.digits.count) digits \($0.terminator.map { String(Character(Unicode.Scalar($0))) } ?? "")" }.joined(separator: ", "))")
        }
        if line.trimmed { warn(.whitespaceTrimmed, field: "payload", "leading or trailing whitespace ignored") }
        if b.last?.terminator == nil {
            warn(.esrTerminatorMissing, field: "payload", offset: payload.bytes.count, "the final '>' is missing; every check digit holds")
        } else if b.last?.terminator != 0x3E {
            throw fail(.structureInvalid, field: "payload", offset: b.last?.offset, "the line must end with '>'")
        }
    }

    // MARK: - Orange ESR

    private mutating func orange(_ line: ESRLineScanner) throws(GiroError) {
        let (first, reference) = (line.blocks[0], line.blocks[1])
        record.extras[ESRExtrasKey.slip] = "orange"
        guard first.digits.count == SwissCodingLine.firstBlockWithAmount || first.digits.count == SwissCodingLine.firstBlockWithoutAmount else {
            throw fail(.structureInvalid, field: "amount", offset: first.offset,
                       "the first block has 13 digits (type, amount, check) or 3 (type, check), not \(first.digits.count)")
        }
        let type = String(decoding: first.digits.prefix(2), as: UTF8.self)
        guard let kind = SwissCodingLine.documentTypeCode(first.digits).flatMap(SwissCodingLine.documentType) else {
            throw fail(.esrDocumentTypeUnknown, field: "extras.\(ESRExtrasKey.documentType)", offset: first.offset,
                       "document type \(type) is none of 01 03 04 11 14 21 23 31 33")
        }
        record.extras[ESRExtrasKey.documentType] = type
        record.extras[ESRExtrasKey.currency] = kind.currency
        guard kind.hasAmount == (first.digits.count == SwissCodingLine.firstBlockWithAmount) else {
            throw fail(.structureInvalid, field: "amount", offset: first.offset,
                       "document type \(type) \(kind.hasAmount ? "carries an amount: the block has 13 digits" : "has no amount: the block has 3 digits"), not \(first.digits.count)")
        }
        try check(first, field: kind.hasAmount ? "amount" : "extras.\(ESRExtrasKey.documentType)", what: "document type and amount")
        if kind.hasAmount, let value = SwissCodingLine.amount(first.digits) {
            record.amount = Amount(value: value, currency: kind.currency)
            if value == 0 { info(.amountZero, field: "amount", offset: first.offset, "amount 0: the payer enters the amount") }
        }
        try self.reference(reference)
        guard line.blocks.count == 3 else {
            throw fail(.structureInvalid, field: "creditor.account.number", offset: payload.bytes.count,
                       "the participant number is missing: the line ends after the reference's '+' (amount and reference kept in the partial record)")
        }
        try self.participant(line.blocks[2])
        spacing(line, expected: [.none, .space])
    }

    private mutating func reference(_ block: ESRLineScanner.Block) throws(GiroError) {
        guard SwissCodingLine.referenceLengths.contains(block.digits.count) else {
            throw fail(.referenceInvalid, field: "reference", offset: block.offset,
                       "the reference has 27 digits (16 in the older form), not \(block.digits.count)")
        }
        let value = String(decoding: block.digits, as: UTF8.self)
        guard SwissCodingLine.holds(block.digits) else {
            record.reference = Reference(type: block.digits.count == 27 ? .qrReference : .swissESR16, value: value, valid: false)
            throw fail(.referenceInvalidChecksum, field: "reference", offset: block.offset + block.digits.count - 1,
                       "the reference check digit does not match (mod 10 recursive)")
        }
        record.reference = Reference(type: block.digits.count == 27 ? .qrReference : .swissESR16, value: value, valid: true)
    }

    private mutating func participant(_ block: ESRLineScanner.Block) throws(GiroError) {
        let field = "creditor.account.number"
        guard block.digits.count == SwissCodingLine.participantLength else {
            throw fail(.structureInvalid, field: field, offset: block.offset, "the participant number has 9 digits, not \(block.digits.count)")
        }
        try check(block, field: field, what: "participant number")
        record.extras[ESRExtrasKey.participant] = String(decoding: block.digits, as: UTF8.self)
        record.creditor = Party(account: Account(number: SwissCodingLine.postalAccount(block.digits)))
    }

    // MARK: - Red ES

    private mutating func red(_ line: ESRLineScanner) throws(GiroError) {
        let (account, clearing, postal) = (line.blocks[0], line.blocks[1], line.blocks[2])
        record.extras[ESRExtrasKey.slip] = "red"
        guard account.digits.count == SwissCodingLine.redAccountLength else {
            throw fail(.structureInvalid, field: "creditor.account.number", offset: account.offset,
                       "the account block has 27 digits, not \(account.digits.count)")
        }
        guard let clearingChecks = SwissCodingLine.clearing(clearing.digits) else {
            throw fail(.structureInvalid, field: "creditor.account.bankCode", offset: clearing.offset,
                       "the clearing block is 9 digits starting with 07 (07, clearing number, two check digits)")
        }
        guard postal.digits.count == SwissCodingLine.participantLength else {
            throw fail(.structureInvalid, field: "extras.\(ESRExtrasKey.bankPostalAccount)", offset: postal.offset,
                       "the bank's postal account has 9 digits, not \(postal.digits.count)")
        }
        try check(account, field: "creditor.account.number", what: "account")
        guard clearingChecks.own else {
            throw fail(.esrCheckDigitInvalid, field: "creditor.account.bankCode", offset: clearing.offset + 7,
                       "the clearing number's check digit does not match (mod 10 recursive)")
        }
        try check(clearing, field: "creditor.account.bankCode", what: "clearing block")
        try check(postal, field: "extras.\(ESRExtrasKey.bankPostalAccount)", what: "bank's postal account")
        let clearingNumber = SwissCodingLine.clearingNumber(clearing.digits)
        record.creditor = Party(account: Account(number: SwissCodingLine.redAccountNumber(account.digits), bankCode: clearingNumber))
        record.extras[ESRExtrasKey.bankClearing] = clearingNumber
        record.extras[ESRExtrasKey.bankPostalAccount] = SwissCodingLine.postalAccount(postal.digits)
        spacing(line, expected: [.space, .lineBreak])
    }

    // MARK: - Shared

    /// The block's last digit against mod 10 recursive over the others.
    private func check(_ block: ESRLineScanner.Block, field: String, what: String) throws(GiroError) {
        guard SwissCodingLine.holds(block.digits) else {
            throw fail(.esrCheckDigitInvalid, field: field, offset: block.offset + block.digits.count - 1,
                       "the check digit of the \(what) does not match (mod 10 recursive)")
        }
    }

    /// One warning for all spacing that differs from the printed line (gaps after the first two terminators).
    private mutating func spacing(_ line: ESRLineScanner, expected: [ESRLineScanner.Gap]) {
        var found: [String] = []
        if let offset = line.spaceInsideBlock { found.append("whitespace inside a block at byte \(offset)") }
        for (i, gap) in line.gaps.enumerated() where i < expected.count && gap != expected[i] {
            // The red line's two rows may also be joined by a single space (copied into one line).
            if expected[i] == .lineBreak, gap == .space { continue }
            found.append("\(gap == .none ? "no separator" : "unexpected whitespace") after block \(i + 1)")
        }
        guard !found.isEmpty else { return }
        warn(.esrSpacing, field: "payload", offset: line.spaceInsideBlock, found.joined(separator: "; ") + "; ignored")
    }
}
