import Foundation
import GiroCore

/// Decodes `SPD*` (payment or standing order) and `SCD*` (direct-debit consent) descriptors, filling ``record``
/// as the attributes are read.
struct SPAYDDecoder: DescriptorDecoding {
    let format: String
    let path = ""
    var diagnostics: [Diagnostic] = []
    var record: PaymentRecord
    var latin1 = false

    /// SPAYD 1.0–1.2 are defined (ČBA).
    static let knownMinor = 2

    init(format: String, payload: Payload) {
        self.format = format
        record = PaymentRecord(format: format, country: "CZ", formatVersion: nil,
                               source: SourceInfo(kind: payload.kind, symbology: payload.symbology?.rawValue, charset: "UTF-8"))
    }

    /// Reads the descriptor into ``record``; the caller ends with ``finished()`` on the consumed decoder.
    mutating func decode(_ payload: Payload) throws(GiroError) {
        var bytes = payload.bytes
        let start = PayloadLimits.bomLength(bytes)
        if start > 0 { warn(.byteOrderMark, field: "payload", offset: 0, "UTF-8 byte-order mark before the header") }
        // Scanners and copy-paste often add a line break; a value never contains one.
        var trailing = 0
        while let last = bytes.last, last == 0x0A || last == 0x0D { bytes.removeLast(); trailing += 1 }
        if trailing > 0 {
            warn(.trailingNewline, field: "payload", offset: bytes.count, "line break after the descriptor removed")
        }
        let d: ShortDescriptor
        do {
            d = try ShortDescriptor.parse(bytes, from: start, format: format, headers: ["SPD", "SCD"], keys: SPAYDKey.names,
                                          diagnostics: &diagnostics)
        } catch {
            throw fail(error.code, field: error.field, offset: error.offset, error.message)
        }
        record.formatVersion = d.version
        // Extras are gathered here and attached once the payment fields are read (each write through the
        // record costs an access check); a rejection's partial record has the fields, not these notes.
        var extras: [String: String] = [:]
        extras.reserveCapacity(8)  // room for the usual extras without rehashing
        extras[SPAYDExtrasKey.descriptor] = d.header
        checkVersion(d, knownMinor: Self.knownMinor, offset: start + 4)
        let isConsent = d.header == "SCD"

        // Position in d.attributes per standard key, -1 when absent (an array of optional attributes cost
        // ~3,000 instructions per payload just to fill with nil).
        var seen = SPAYDKey.noneSeen
        var repeats: [String: Int] = [:]
        for n in d.attributes.indices {
            // Standard keys are checked in place; copying every attribute cost more than the checks.
            if let key = SPAYDKey(d.attributes[n]) {
                if seen[key.rawValue] >= 0 {
                    let a = d.attributes[n]
                    throw fail(.duplicateKey, a, "\(a.key) occurs more than once")
                }
                seen[key.rawValue] = n
                let length = d.attributes[n].raw.count
                if key.kind == .structured, length > key.max {
                    let a = d.attributes[n]
                    throw fail(.fieldTooLong, a, "\(a.key) has \(length) characters; at most \(key.max)")
                }
            } else {
                let a = d.attributes[n]
                if !a.key.hasPrefix("X-") {
                    warn(.unknownKey, a, "\(a.key) is not a SPAYD key; kept in extras as \(SPAYDExtrasKey.unknown(a.key))")
                }
                // Repeats are numbered (X-CUSTOM, X-CUSTOM#2, …) so no value is lost.
                let n = (repeats[a.key] ?? 0) + 1
                repeats[a.key] = n
                let name = n == 1 ? a.key : "\(a.key)#\(n)"
                extras[SPAYDExtrasKey.unknown(name)] = text(a, max: nil)
            }
        }

        func attribute(_ key: SPAYDKey) -> ShortDescriptor.Attribute? {
            let n = seen[key.rawValue]
            return n >= 0 ? d.attributes[n] : nil
        }
        /// The attribute when present with a non-empty value (empty optional values read as absent).
        func present(_ key: SPAYDKey) -> ShortDescriptor.Attribute? {
            let n = seen[key.rawValue]
            guard n >= 0, !d.attributes[n].raw.isEmpty else { return nil }
            return d.attributes[n]
        }

        // Account(s).
        guard let acc = present(.acc) else {
            throw fail(.fieldMissing, field: "ACC", "ACC (the payee's IBAN) is mandatory")
        }
        let creditorAccount = try account(acc, field: "creditor.account")
        record.creditor = Party(account: creditorAccount)
        if let rn = present(.rn) {
            let name = text(rn, max: 35)
            record.creditor?.name = name
        }
        if let alt = present(.altAcc) {
            for part in alt.raw.split(separator: 0x2C) {
                let n = record.alternativeAccounts.count
                let alternative = try account(alt, field: "alternativeAccounts[\(n)]", raw: part)
                record.alternativeAccounts.append(alternative)
            }
        }

        // Amount and currency.
        var currency = "CZK"
        if let cc = present(.cc) {
            guard cc.raw.count == 3, cc.raw.allSatisfy({ $0 >= 65 && $0 <= 90 }),
                  Currency.isValid(String(decoding: cc.raw, as: UTF8.self)) else {
                throw fail(.currencyInvalid, cc, "CC must be an upper-case ISO 4217 code")
            }
            currency = String(decoding: cc.raw, as: UTF8.self)
            if currency != "CZK" {
                warn(.currencyNotDomestic, cc, "\(currency): the Czech standard defines CZK only; banks handle other currencies inconsistently")
            }
        }
        var amount: Amount?
        if let am = present(.am) {
            let v = try decimal(am, intDigits: 10, fraction: 2)
            // v < 10 000 000 ⇔ at most 7 significant whole digits (a Decimal comparison costs ~2,500 instructions).
            let wholeDigits = am.raw.prefix(while: { $0 != 0x2E }).drop(while: { $0 == 0x30 }).count
            guard wholeDigits <= 7 else { throw fail(.amountOutOfRange, am, "AM is at most 9 999 999.99") }
            amount = Amount(value: v, currency: currency)
            if !isConsent { record.amount = amount }
        }
        if present(.cc) != nil { extras[SPAYDExtrasKey.currency] = currency }

        // Symbols and identifiers.
        var symbols = PaymentSymbols()
        if let a = present(.xVS) { symbols.variable = try digits(a, max: 10) }
        if let a = present(.xKS) { symbols.constant = try digits(a, max: 10) }
        if let a = present(.xSS) { symbols.specific = try digits(a, max: 10) }
        if let rf = present(.rf) {
            record.reference = Reference(type: .czechPaymentIdentifier, value: try digits(rf, max: 16), valid: nil)
        }

        // Dates, recurrence, death handling.
        let dt = try present(.dt).map { a throws(GiroError) in try date(a) }
        let dl = try present(.dl).map { a throws(GiroError) in try date(a) }
        var frequency: (code: String, name: String)?
        if let f = present(.frq) {
            let code = String(decoding: f.raw, as: UTF8.self)
            guard let name = SPAYDKey.frequencies[code] else {
                throw fail(.fieldInvalid, f, "FRQ must be 1D, 1M, 3M, 6M or 1Y")
            }
            frequency = (code, name)
        }
        var stopOnDeath: Bool?
        if let dh = attribute(.dh) {
            switch Array(dh.raw) {
            case [], [48]: stopOnDeath = false
            case [49]: stopOnDeath = true
            default: throw fail(.fieldInvalid, dh, "DH must be 0 (continue) or 1 (stop)")
            }
        }
        if let nt = present(.nt), !(nt.raw.elementsEqual([0x50]) || nt.raw.elementsEqual([0x45])) {
            throw fail(.fieldInvalid, nt, "NT must be P (phone) or E (e-mail)")
        }
        if let per = present(.xPer) {
            let days = try digits(per, max: 2)
            guard let n = Int(days), n <= 30 else { throw fail(.fieldInvalid, per, "X-PER must be 0–30 days") }
        }
        for (key, name) in SPAYDKey.extrasNames {
            if let a = present(key) {
                extras[name] = text(a, max: key.max)
            }
        }
        if let msg = present(.msg) {
            let message = text(msg, max: 60)
            record.remittanceInformation = message
        }

        if isConsent {
            var dd = DirectDebit()
            dd.maxAmount = amount
            dd.limitPeriod = frequency?.name
            dd.validFrom = dt
            dd.validTill = dl
            dd.stopOnDeath = stopOnDeath
            dd.symbols = symbols.nonEmpty
            record.directDebit = dd
            if let f = frequency { extras[SPAYDExtrasKey.frequencyCode] = f.code }
        } else {
            record.amount = amount
            record.symbols = symbols.nonEmpty
            if let frequency {
                record.standingOrder = StandingOrder(frequency: frequency.name, frequencyCode: frequency.code,
                                                     firstDate: dt, lastDate: dl, stopOnDeath: stopOnDeath)
            } else {
                record.dueDate = dt
                if let dl { extras[SPAYDExtrasKey.lastDate] = dl }
                if let stopOnDeath { extras[SPAYDExtrasKey.stopOnDeath] = stopOnDeath ? "1" : "0" }
            }
        }

        if let inv = present(.xInv) {
            let (sid, bad) = ShortDescriptor.percentDecode(inv.raw)
            if bad != nil { warn(.percentEscapeInvalid, inv, "X-INV holds a '%' that is not an escape; kept literally") }
            // The embedded SID's errors carry the payment read so far (a shared copy of this record).
            var sidDecoder = SIDDecoder(format: format, path: "invoice.", baseOffset: inv.offset, record: record)
            sidDecoder.diagnostics = diagnostics
            let invoice = try sidDecoder.invoice(sid)
            diagnostics = sidDecoder.diagnostics
            latin1 = latin1 || sidDecoder.latin1
            record.invoice = invoice
        }

        if let crc = attribute(.crc32) {
            guard crc.raw.count == 8, crc.raw.allSatisfy({ PercentDecoding.hex($0) != nil }) else {
                throw fail(.fieldInvalid, crc, "CRC32 must be 8 hex digits")
            }
            let written = String(decoding: crc.raw, as: UTF8.self).uppercased()
            let computed = CRC32.hex(SPAYDCanonical.checksum(header: d.header, version: d.version, attributes: d.attributes))
            extras[SPAYDExtrasKey.crc32] = written
            guard written == computed else {
                throw fail(.crcMismatch, crc, "CRC32 is \(written) but the content gives \(computed); the data may be altered")
            }
        }
        if latin1 { record.source.charset = "ISO-8859-1" }
        record.extras = extras
    }
}
