import Foundation
import GiroCore

/// One decoding run over a BezahlCode URI: the split query, the value range of each known parameter, and
/// the diagnostics so far. Every rejection goes through `fail`, so it carries the record read so far.
struct BezahlCodeDecoder: FieldDecoding {
    let format: String
    let bytes: [UInt8]
    var diagnostics: [Diagnostic] = []
    var record: PaymentRecord
    /// Value range of each known parameter present, indexed by `BezahlCodeParameter.rawValue`.
    var slots = [Range<Int>?](repeating: nil, count: BezahlCodeParameter.allCases.count)

    init(format: String, payload: Payload) {
        self.format = format
        bytes = payload.bytes
        record = PaymentRecord(format: format, country: "DE", formatVersion: nil,
                               source: SourceInfo(kind: payload.kind, symbology: payload.symbology?.rawValue,
                                                  charset: Charset.utf8.rawValue))
    }

    /// Reads every parameter into ``record``; the caller ends with ``finished()`` on the consumed decoder, so
    /// the record moves out without a copy.
    mutating func read() throws(GiroError) {
        let (start, end) = envelope()
        guard let uri = BezahlCodeURI(bytes, from: start, to: end) else {
            throw fail(.headerInvalid, field: "header", offset: start,
                       "not bank:// followed by a BezahlCode authority (singlepayment … contact_v2) and '?'")
        }
        if !uri.schemeExactCase || !uri.authorityExactCase {
            warn(.deCaseNormalized, field: "header", offset: start, "scheme and authority are lower case in BezahlCode")
        }
        let authority = uri.authority
        record.extras[BezahlCodeExtrasKey.authority] = authority.rawValue
        try collect(uri.pairs, authority: authority)

        guard authority.isPayment else { throw contact(authority, at: uri.authorityRange.lowerBound) }
        readName()
        try readAccount()
        try readAmount()
        readReason(limit: authority.isLegacy ? 27 : 140)
        readSEPAReference()
        if let date = try date(.executionDate) { record.dueDate = date }
        if let key = text(.postingKey) { record.extras[BezahlCodeExtrasKey.postingKey] = key }
        if authority.isDirectDebit { try readDirectDebit(sepa: authority == .singleDirectDebitSEPA) }
        if authority.isPeriodic { try readStandingOrder() }
    }

    /// The URI's bounds: after a UTF-8 BOM, without the line breaks and spaces scanners append.
    mutating func envelope() -> (start: Int, end: Int) {
        var start = PayloadLimits.bomLength(bytes)
        if start > 0 { warn(.byteOrderMark, field: "payload", offset: 0, "UTF-8 byte-order mark skipped") }
        var end = bytes.count
        while end > start, Self.isPadding(bytes[end - 1]) { end -= 1 }
        let lead = start
        while start < end, Self.isPadding(bytes[start]) { start += 1 }
        if end < bytes.count || start > lead {
            warn(.whitespaceTrimmed, field: "payload", offset: end, "spaces, line breaks or NUL around the URI removed")
        }
        return (start, end)
    }

    @inline(__always)
    static func isPadding(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 || b == 0x00 }

    /// Files each pair under its parameter; unknown ones (and those the authority does not use) go to `extras`.
    mutating func collect(_ pairs: [BezahlCodeURI.Pair], authority: BezahlCodeAuthority) throws(GiroError) {
        for pair in pairs {
            if let match = BezahlCodeParameter.match(bytes[pair.name]), authority.uses(match.parameter) {
                let parameter = match.parameter
                guard slots[parameter.rawValue] == nil else {
                    // A contact is reported as not_a_payment whatever else is wrong with it: first value wins.
                    if !authority.isPayment { continue }
                    throw fail(.duplicateKey, field: parameter.path, offset: pair.name.lowerBound,
                               "'\(parameter.key)' occurs twice; which value is meant is unknown")
                }
                slots[parameter.rawValue] = pair.value
                if !match.exactCase {
                    warn(.deCaseNormalized, field: parameter.path, offset: pair.name.lowerBound,
                         "parameter names are lower case ('\(parameter.key)')")
                }
            } else {
                try keepUnknown(pair, authority: authority)
            }
        }
    }

    mutating func keepUnknown(_ pair: BezahlCodeURI.Pair, authority: BezahlCodeAuthority) throws(GiroError) {
        let name = PercentDecoding(bytes[pair.name])
        let parameter = String(decoding: name.bytes, as: UTF8.self).lowercased()
        let key = BezahlCodeExtrasKey.unknownPrefix + parameter
        guard record.extras[key] == nil else {
            if !authority.isPayment { return }
            throw fail(.duplicateKey, field: "extras.\(key)", offset: pair.name.lowerBound, "'\(parameter)' occurs twice")
        }
        record.extras[key] = text(pair.value, field: "extras.\(key)") ?? ""
        warn(.unknownKey, field: "extras.\(key)", offset: pair.name.lowerBound,
             "'\(parameter)' is not a parameter of \(authority.rawValue); kept in extras")
    }

    /// A contact card: reported as `not_a_payment`, with what it says in the error's partial record.
    mutating func contact(_ authority: BezahlCodeAuthority, at offset: Int) -> GiroError {
        let iban = text(.iban).map { String(decoding: IBAN.compact(Array($0.utf8)).0, as: UTF8.self) }
        let account = Account(iban: iban, bic: text(.bic), number: text(.account), bankCode: text(.bnc))
        record.creditor = Party(name: text(.name), account: account == Account() ? nil : account)
        record.remittanceInformation = text(.reason)
        return fail(.notAPayment, field: "header", offset: offset,
                    "bank://\(authority.rawValue) is a contact (an address-book entry with an account), not a payment order")
    }
}
