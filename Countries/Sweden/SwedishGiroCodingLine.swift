import Foundation
import GiroCore

/// The OCR-B coding line of a Swedish bankgiro / PlusGiro inpayment slip as text:
/// `#  12345678903 #  1234 50   5 >  5402968#41#` (``SwedishCodingLine``). Every check digit is verified: the
/// OCR reference, the amount, the account. See Countries/Sweden/README.md ("Coding line").
public struct SwedishGiroCodingLine: PaymentFormat {
    public let id = "se.giro-coding-line"
    public let country: String? = "SE"
    public let name = "Swedish bankgiro/PlusGiro inpayment slip coding line (OCR-B)"
    /// A printed line, read by OCR; never a barcode.
    public let symbologies: [Symbology] = []

    public init() {}

    /// Digits, `#`, `>`, whitespace and a leading `H` only, with at least four delimiters, two of them `#` (a line
    /// missing one is still this format's to reject). No other plug-in's payload has that shape (the Swiss ESR
    /// line has no `#`).
    public func matches(_ payload: Payload) -> Bool {
        let b = payload.bytes
        guard b.count >= 8, b.count <= SwedishCodingLine.maxBytes else { return false }
        var hashes = 0, greater = 0
        for (i, c) in b.enumerated() {
            if c == 0x23 { hashes += 1 } else if c == 0x3E { greater += 1 }
            else if !SwedishCodingLine.isDigit(c), !SwedishCodingLine.isSpace(c), !(c == UInt8(ascii: "H") && i < 3) { return false }
        }
        return hashes + greater >= 4 && hashes >= 2
    }

    public func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        try PayloadLimits.check(payload.bytes, format: id)
        var decoder = SwedishCodingLineDecoder(format: id, payload: payload)
        try decoder.decode()
        return (consume decoder).finished()
    }
}

struct SwedishCodingLineDecoder: FieldDecoding {
    let format: String
    let payload: Payload
    var diagnostics: [Diagnostic] = []
    var record: PaymentRecord

    init(format: String, payload: Payload) {
        self.format = format
        self.payload = payload
        record = PaymentRecord(format: format, country: "SE", formatVersion: nil,
                               source: SourceInfo(kind: payload.kind, symbology: payload.symbology?.rawValue, charset: "US-ASCII"))
    }

    mutating func decode() throws(GiroError) {
        let line: SwedishCodingLine
        do {
            line = try SwedishCodingLine(payload.bytes)
        } catch {
            throw fail(error.isCharacter ? .charsetInvalid : .structureInvalid, field: "payload", offset: error.offset,
                       "not a Swedish coding line: \(error.reason)")
        }
        if line.trimmed { warn(.whitespaceTrimmed, field: "payload", "leading or trailing whitespace ignored") }
        try documentType(line)
        try reference(line)
        try amount(line)
        try account(line)
    }

    /// A shared rule's error with this decoder's format, warnings and partial record.
    private func relay(_ error: GiroError) -> GiroError {
        fail(error.code, field: error.field, offset: error.offset, error.message)
    }

    private mutating func documentType(_ line: SwedishCodingLine) throws(GiroError) {
        guard line.type.digits.count == 2 else {
            throw fail(.structureInvalid, field: "extras.\(SwedishExtrasKey.documentType)", offset: line.type.start,
                       "the document type between the last two '#' has 2 digits, found \(line.type.digits.count)")
        }
        record.extras[SwedishExtrasKey.documentType] = line.documentType
    }

    private mutating func reference(_ line: SwedishCodingLine) throws(GiroError) {
        let seg = line.reference
        guard !seg.digits.isEmpty else { return }
        let d = SwedishDigits(digits: seg.digits, offsets: seg.offsets)
        let value = String(decoding: seg.digits, as: UTF8.self)
        record.reference = Reference(type: .swedishOCR, value: value, valid: false)
        do { _ = try SwedishOCR.validate(d, lengthDigit: false) } catch { throw relay(error) }
        record.reference = Reference(type: .swedishOCR, value: value, valid: true)
        if SwedishOCR.hasLengthDigit(value) { record.extras[SwedishExtrasKey.referenceLengthDigit] = "true" }
    }

    private mutating func amount(_ line: SwedishCodingLine) throws(GiroError) {
        switch line.amountParts {
        case .blank:
            info(.amountZero, field: "amount", offset: line.amount.start, "no amount on the line: the payer enters it")
        case .malformed:
            throw fail(.amountInvalid, field: "amount", offset: line.amount.offsets.first ?? line.amount.start,
                       "the amount is `kronor öre check` (öre 2 digits, check 1 digit), found \(line.amount.groups.map { "\($0.count)" }.joined(separator: "+")) digits")
        case .parts(let kronor, let ore, let check):
            guard SwedishCodingLine.amountHolds(kronor: kronor, ore: ore, check: check) else {
                throw fail(.seCheckDigitInvalid, field: "amount", offset: line.amount.offsets.last,
                           "the amount's check digit does not match (10-modul over kronor and öre)")
            }
            record.amount = Amount(value: SwedishCodingLine.value(kronor: kronor, ore: ore), currency: "SEK")
        }
    }

    private mutating func account(_ line: SwedishCodingLine) throws(GiroError) {
        let field = "creditor.account.number"
        let published = SwedishCodingLine.giroKind(documentType: line.documentType)
        let d = SwedishDigits(digits: line.account.digits, offsets: line.account.offsets)
        let kind = published ?? .plusgiro   // 2-8 digits: a PlusGiro number's range holds a bankgiro number too
        if published == nil {
            warn(.seDocumentTypeUnpublished, field: "extras.\(SwedishExtrasKey.documentType)", offset: line.type.offsets.first,
                 "document type \(line.documentType) names no published account kind (41 and 42 are bankgiro); the account's 10-modul check is verified")
        }
        do { try SwedishGiroNumber.check(d, kind: kind, field: field) } catch { throw relay(error) }
        record.extras[SwedishExtrasKey.giroType] = published == .bankgiro ? "bankgiro" : "giro"
        record.creditor = Party(account: Account(number: line.accountNumber(kind: published)))
    }
}

/// The slip engine's reader of Swedish coding lines (`coding-line` zones, `codingLine: se.giro`): the record gets
/// the same account, amount, reference and extras as a line handed over as text.
package struct SwedishCodingLineReader: CodingLineReader {
    public let id = "se.giro"
    public let countryCode = "SE"
    public let alphabet = "0123456789#> "

    package init() {}

    public func read(_ text: String) -> CodingLineReading? {
        // OCR noise outside the line's alphabet is dropped (the check digits still guard every value).
        let kept = text.utf8.filter { SwedishCodingLine.isDigit($0) || SwedishCodingLine.isSpace($0) || $0 == 0x23 || $0 == 0x3E }
        guard let line = try? SwedishCodingLine(Array(kept)), line.type.digits.count == 2 else { return nil }
        var reading = CodingLineReading(normalized: line.normalized)
        reading.extras[SwedishExtrasKey.codingLine] = line.normalized
        reading.extras[SwedishExtrasKey.documentType] = line.documentType
        let published = SwedishCodingLine.giroKind(documentType: line.documentType)
        reading.extras[SwedishExtrasKey.giroType] = published == .bankgiro ? "bankgiro" : "giro"
        if !line.reference.digits.isEmpty {
            let holds = Luhn.isValid(line.reference.digits) && SwedishOCR.lengths.contains(line.reference.digits.count)
            if !holds { reading.failedChecks.append("reference") }
            reading.reference = Reference(type: .swedishOCR, value: String(decoding: line.reference.digits, as: UTF8.self), valid: holds)
        }
        switch line.amountParts {
        case .blank: break
        case .malformed: reading.failedChecks.append("amount")
        case .parts(let kronor, let ore, let check):
            if !SwedishCodingLine.amountHolds(kronor: kronor, ore: ore, check: check) { reading.failedChecks.append("amount") }
            reading.amount = Amount(value: SwedishCodingLine.value(kronor: kronor, ore: ore), currency: "SEK")
        }
        let digits = line.account.digits
        if !(2...8).contains(digits.count) || !Luhn.isValid(digits) { reading.failedChecks.append("account") }
        reading.account = Account(number: line.accountNumber(kind: published))
        return reading
    }
}
