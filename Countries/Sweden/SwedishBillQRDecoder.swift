import Foundation
import GiroCore

/// One pass over a bill QR object: syntax, then each key by the specification's meaning.
struct SwedishBillQRDecoder: FieldDecoding {
    let format: String
    let payload: Payload
    var diagnostics: [Diagnostic] = []
    var record: PaymentRecord

    static let maxBytes = 2048
    static let maxValueBytes = 140
    /// Keys of the specification; `vat`, `vh`, `vm`, `vl` (VAT amounts) and `cr` (credit reference) go to extras.
    static let known: Set<String> = ["uqr", "tp", "nme", "cc", "cid", "iref", "cr", "idt", "ddt", "due", "cur", "vat",
                                     "vh", "vm", "vl", "pt", "acc", "bc", "adr"]
    /// What a payment (tp 1) carries according to the specification; absent ones are warnings, since issuers omit them.
    static let expected = ["nme", "cid", "iref", "ddt", "due"]

    init(format: String, payload: Payload) {
        self.format = format
        self.payload = payload
        record = PaymentRecord(format: format, country: "SE", formatVersion: nil,
                               source: SourceInfo(kind: payload.kind, symbology: payload.symbology?.rawValue, charset: "UTF-8"))
    }

    /// Each member: its value as text (a number's literal, a string's content) and the offset of the value.
    private var values: [String: (text: String, isNumber: Bool, offset: Int)] = [:]

    mutating func decode() throws(GiroError) {
        guard payload.bytes.count <= Self.maxBytes else {
            throw fail(.payloadTooLarge, field: "payload", "a bill QR code has at most \(Self.maxBytes) bytes")
        }
        try readMembers()
        try version()
        let creditor = try account()
        record.creditor = creditor
        if let name = values["nme"] { record.creditor?.name = name.text }
        if let adr = values["adr"] { record.creditor?.address = Address(lines: [adr.text]) }
        try amount()
        try dates()
        reference()
        for key in ["tp", "cid", "cc", "cr", "vat", "vh", "vm", "vl"] { if let v = values[key] { record.extras["se.qr.\(key)"] = v.text } }
        for key in Self.expected where values[key] == nil {
            warn(.fieldMissing, field: key, "the specification has `\(key)` on an invoice; the code has none")
        }
    }

    private mutating func readMembers() throws(GiroError) {
        let json: JSONValue
        do { json = try PositionedJSON.parse(payload.bytes) } catch {
            throw fail(.structureInvalid, field: "payload", offset: error.offset, "not JSON: \(error.message)")
        }
        guard case .object(let members) = json else {
            throw fail(.structureInvalid, field: "payload", offset: 0, "a bill QR code is one JSON object")
        }
        for m in members {
            guard values[m.key] == nil else { throw fail(.duplicateKey, field: m.key, offset: m.offset, "`\(m.key)` appears twice") }
            guard Self.known.contains(m.key) else {
                warn(.unknownKey, field: "payload", offset: m.offset, "key `\(IdentifierSettingsText.shown(m.key))` is not in the specification; ignored")
                continue
            }
            switch m.value {
            case .string(let s):
                guard s.utf8.count <= Self.maxValueBytes else {
                    throw fail(.fieldTooLong, field: m.key, offset: m.offset, "`\(m.key)` has \(s.utf8.count) bytes; at most \(Self.maxValueBytes)")
                }
                values[m.key] = (s, false, m.offset)
            case .number:
                values[m.key] = (numberLiteral(at: m.offset), true, m.offset)
            default:
                throw fail(.fieldInvalid, field: m.key, offset: m.offset, "`\(m.key)` is a string or a number")
            }
        }
    }

    /// The literal of the JSON number starting at `offset` (the parser keeps only a `Double`, never used for money).
    private func numberLiteral(at offset: Int) -> String {
        let b = payload.bytes
        var end = offset
        while end < b.count, end - offset < 40, (b[end] >= 48 && b[end] <= 57) || b[end] == 0x2D || b[end] == 0x2B || b[end] == 0x2E || b[end] == 0x45 || b[end] == 0x65 { end += 1 }
        return String(decoding: b[offset..<end], as: UTF8.self)
    }

    private mutating func version() throws(GiroError) {
        guard let v = values["uqr"] else { throw fail(.fieldMissing, field: "uqr", "the specification version `uqr` is missing") }
        guard v.text == "1" else {
            throw fail(.versionUnsupported, field: "uqr", offset: v.offset, "version \(IdentifierSettingsText.shown(v.text)) is not 1")
        }
        record.formatVersion = "1"
    }

    private mutating func account() throws(GiroError) -> Party {
        guard let pt = values["pt"] else { throw fail(.fieldMissing, field: "pt", "the payment type `pt` (BG, PG, IBAN, BBAN) is missing") }
        guard let acc = values["acc"] else { throw fail(.fieldMissing, field: "creditor.account", "the account `acc` is missing") }
        let type = pt.text.uppercased()
        record.extras[SwedishExtrasKey.paymentType] = type
        var account = Account()
        let field = "creditor.account.number"
        switch type {
        case "BG", "PG":
            let kind: SwedishGiroNumber.Kind = type == "BG" ? .bankgiro : .plusgiro
            let compact = try located(acc.offset) { () throws(GiroError) in try SwedishGiroNumber.validate(acc.text, kind: kind, field: field) }
            account.number = SwedishGiroNumber.formatted(compact, kind: kind)
            record.extras[SwedishExtrasKey.giroType] = kind == .bankgiro ? "bankgiro" : "plusgiro"
        case "IBAN":
            let iban = try located(acc.offset) { () throws(GiroError) in try IBAN(acc.text, field: "creditor.account.iban") }
            account.iban = iban.compact
        case "BBAN", "SBAN":
            if let cc = values["cc"]?.text.uppercased(), cc != "SE" {
                // Another country's domestic account: kept as printed, no Swedish rule applies.
                account.number = acc.text
                info(.fieldInvalid, field: field, offset: acc.offset, "a \(IdentifierSettingsText.shown(cc)) BBAN is kept as printed, unchecked")
                break
            }
            let reading = try located(acc.offset) { () throws(GiroError) in
                try SwedishBankAccountRules.read(SwedishDigits(acc.text, code: .fieldInvalid, field: field, what: "a Swedish bank account"), field: field)
            }
            account.number = SwedishBankAccountRules.formatted(reading)
            account.bankCode = reading.clearing
        default:
            throw fail(.fieldInvalid, field: "pt", offset: pt.offset, "payment type \(IdentifierSettingsText.shown(pt.text)) is none of BG, PG, IBAN, BBAN")
        }
        if let bc = values["bc"] { account.bic = bc.text }
        return Party(account: account)
    }

    /// Runs a check of a value and moves its error to the value's place in the payload, with this decoder's context.
    private func located<T>(_ offset: Int, _ body: () throws(GiroError) -> T) throws(GiroError) -> T {
        do { return try body() } catch {
            throw fail(error.code, field: error.field, offset: offset + (error.offset ?? 0) + 1, error.message)
        }
    }

    private mutating func amount() throws(GiroError) {
        guard let due = values["due"] else { return }
        let currency = values["cur"]?.text.uppercased() ?? "SEK"
        guard currency.utf8.count == 3, currency.utf8.allSatisfy({ $0 >= 65 && $0 <= 90 }) else {
            throw fail(.currencyInvalid, field: "amount.currency", offset: values["cur"]?.offset, "`cur` is an ISO 4217 code")
        }
        let text = due.text.trimmingCharacters(in: .whitespaces)
        guard text.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 0x2E }), text.utf8.first != 0x2E,
              text.utf8.filter({ $0 == 0x2E }).count <= 1, text.utf8.count <= 18, let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            throw fail(.amountInvalid, field: "amount", offset: due.offset, "`due` is a non-negative decimal number, not \(IdentifierSettingsText.shown(due.text))")
        }
        if !due.isNumber { warn(.amountInvalid, field: "amount", offset: due.offset, "`due` is a string; the specification has a number") }
        record.amount = Amount(value: value, currency: currency)
        if value == 0 { info(.amountZero, field: "amount", offset: due.offset, "amount 0") }
    }

    private mutating func dates() throws(GiroError) {
        if let ddt = values["ddt"] {
            guard let iso = CompactDate.iso(Array(ddt.text.utf8)) else {
                throw fail(.dateInvalid, field: "dueDate", offset: ddt.offset, "`ddt` is a date YYYYMMDD")
            }
            record.dueDate = iso
        }
        if let idt = values["idt"] {
            guard let iso = CompactDate.iso(Array(idt.text.utf8)) else {
                throw fail(.dateInvalid, field: "extras.se.qr.idt", offset: idt.offset, "`idt` is a date YYYYMMDD")
            }
            record.extras["se.qr.idt"] = iso
        }
    }

    /// `iref`: an OCR reference when it is 2-25 digits with a valid 10-modul check digit, else the invoice number.
    private mutating func reference() {
        guard let iref = values["iref"] else { return }
        let u = Array(iref.text.utf8)
        if SwedishOCR.lengths.contains(u.count), u.allSatisfy({ $0 >= 48 && $0 <= 57 }), Luhn.isValid(u) {
            record.reference = Reference(type: .swedishOCR, value: iref.text, valid: true)
        } else {
            record.reference = Reference(type: .other, value: iref.text, valid: nil)
        }
    }
}

/// A caller's text for a message: printable ASCII only, at most 32 characters.
enum IdentifierSettingsText {
    static func shown(_ text: String) -> String {
        String(text.unicodeScalars.prefix(32).map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?" })
    }
}
