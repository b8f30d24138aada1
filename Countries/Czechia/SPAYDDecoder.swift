import Foundation
import GiroCore

/// Decodes `SPD*` (payment or standing order) and `SCD*` (direct-debit consent) descriptors.
struct SPAYDDecoder {
    let format: String
    var values: DescriptorValues

    init(format: String) {
        self.format = format
        values = DescriptorValues(format: format)
    }

    mutating func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        var bytes = payload.bytes
        let start = PayloadLimits.bomLength(bytes)
        if start > 0 { values.diagnostics.append(.warning(.byteOrderMark, field: "payload", offset: 0, "UTF-8 byte-order mark before the header")) }
        // Scanners and copy-paste often add a line break; a value never contains one.
        var trailing = 0
        while let last = bytes.last, last == 0x0A || last == 0x0D { bytes.removeLast(); trailing += 1 }
        if trailing > 0 {
            values.diagnostics.append(.warning(.trailingNewline, field: "payload", offset: bytes.count, "line break after the descriptor removed"))
        }
        let d = try ShortDescriptor.parse(bytes, from: start, format: format, headers: ["SPD", "SCD"], keys: SPAYDKey.names,
                                         diagnostics: &values.diagnostics)
        if d.major != 1 {
            values.diagnostics.append(.warning(.versionUnknown, field: "version", offset: start + 4,
                                               "version \(d.version): only major version 1 is defined; read with the 1.2 rules"))
        }
        let isConsent = d.header == "SCD"

        // Position in d.attributes per standard key, -1 when absent (an array of optional attributes cost
        // ~3,000 instructions per payload just to fill with nil).
        var seen = SPAYDKey.noneSeen
        var repeats: [String: Int] = [:]
        var extras: [String: String] = [:]
        extras.reserveCapacity(8)  // room for the usual extras without rehashing
        extras["descriptor"] = d.header
        var record = PaymentRecord(format: format, country: "CZ", formatVersion: d.version,
                                   source: SourceInfo(kind: payload.kind, symbology: payload.symbology?.rawValue, charset: "UTF-8"))
        for n in d.attributes.indices {
            // Standard keys are checked in place; copying every attribute cost more than the checks.
            if let key = SPAYDKey(d.attributes[n]) {
                if seen[key.rawValue] >= 0 {
                    let a = d.attributes[n]
                    throw values.fail(.duplicateKey, a, "\(a.key) occurs more than once")
                }
                seen[key.rawValue] = n
                let length = d.attributes[n].raw.count
                if key.kind == .structured, length > key.max {
                    let a = d.attributes[n]
                    throw values.fail(.fieldTooLong, a, "\(a.key) has \(length) characters; at most \(key.max)")
                }
            } else {
                let a = d.attributes[n]
                if !a.key.hasPrefix("X-") {
                    values.warn(.unknownKey, a, "\(a.key) is not a SPAYD key; kept in extras")
                }
                // Repeats are numbered (X-CUSTOM, X-CUSTOM#2, …) so no value is lost.
                let n = (repeats[a.key] ?? 0) + 1
                repeats[a.key] = n
                let name = n == 1 ? a.key : "\(a.key)#\(n)"
                extras[name] = values.text(a, max: nil)
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
            throw values.fail(.fieldMissing, field: "ACC", "ACC (the payee's IBAN) is mandatory")
        }
        var creditor = Party(account: try values.account(acc, field: "creditor.account"))
        if let alt = present(.altAcc) {
            var accounts: [Account] = []
            for part in alt.raw.split(separator: 0x2C) {
                accounts.append(try values.account(alt, field: "alternativeAccounts[\(accounts.count)]", raw: part))
            }
            record.alternativeAccounts = accounts
        }
        if let rn = present(.rn) { creditor.name = values.text(rn, max: 35) }
        record.creditor = creditor

        // Amount and currency.
        var currency = "CZK"
        if let cc = present(.cc) {
            guard cc.raw.count == 3, cc.raw.allSatisfy({ $0 >= 65 && $0 <= 90 }),
                  Currency.isValid(String(decoding: cc.raw, as: UTF8.self)) else {
                throw values.fail(.currencyInvalid, cc, "CC must be an upper-case ISO 4217 code")
            }
            currency = String(decoding: cc.raw, as: UTF8.self)
            if currency != "CZK" {
                values.warn(.currencyNotDomestic, cc, "\(currency): the Czech standard defines CZK only; banks handle other currencies inconsistently")
            }
        }
        var amount: Amount?
        if let am = present(.am) {
            let v = try values.decimal(am, intDigits: 10, fraction: 2)
            // v < 10 000 000 ⇔ at most 7 significant whole digits (a Decimal comparison costs ~2,500 instructions).
            let wholeDigits = am.raw.prefix(while: { $0 != 0x2E }).drop(while: { $0 == 0x30 }).count
            guard wholeDigits <= 7 else { throw values.fail(.amountOutOfRange, am, "AM is at most 9 999 999.99") }
            amount = Amount(value: v, currency: currency)
        }
        if present(.cc) != nil { extras["currency"] = currency }

        // Symbols and identifiers.
        var symbols = PaymentSymbols()
        if let a = present(.xVS) { symbols.variable = try values.digits(a, max: 10) }
        if let a = present(.xKS) { symbols.constant = try values.digits(a, max: 10) }
        if let a = present(.xSS) { symbols.specific = try values.digits(a, max: 10) }
        if let rf = present(.rf) {
            record.reference = Reference(type: .czechPaymentIdentifier, value: try values.digits(rf, max: 16), valid: nil)
        }

        // Dates, recurrence, death handling.
        let dt = try present(.dt).map { a throws(GiroError) in try values.date(a) }
        let dl = try present(.dl).map { a throws(GiroError) in try values.date(a) }
        var frequency: (code: String, name: String)?
        if let f = present(.frq) {
            let code = String(decoding: f.raw, as: UTF8.self)
            guard let name = SPAYDKey.frequencies[code] else {
                throw values.fail(.fieldInvalid, f, "FRQ must be 1D, 1M, 3M, 6M or 1Y")
            }
            frequency = (code, name)
        }
        var stopOnDeath: Bool?
        if let dh = attribute(.dh) {
            switch Array(dh.raw) {
            case [], [48]: stopOnDeath = false
            case [49]: stopOnDeath = true
            default: throw values.fail(.fieldInvalid, dh, "DH must be 0 (continue) or 1 (stop)")
            }
        }
        if let nt = present(.nt), !(nt.raw.elementsEqual([0x50]) || nt.raw.elementsEqual([0x45])) {
            throw values.fail(.fieldInvalid, nt, "NT must be P (phone) or E (e-mail)")
        }
        if let per = present(.xPer) {
            let days = try values.digits(per, max: 2)
            guard let n = Int(days), n <= 30 else { throw values.fail(.fieldInvalid, per, "X-PER must be 0–30 days") }
        }
        for (key, name) in SPAYDKey.extrasNames {
            if let a = present(key) { extras[name] = values.text(a, max: key.max) }
        }
        if let msg = present(.msg) { record.remittanceInformation = values.text(msg, max: 60) }

        if isConsent {
            var dd = DirectDebit()
            dd.maxAmount = amount
            dd.limitPeriod = frequency?.name
            dd.validFrom = dt
            dd.validTill = dl
            dd.stopOnDeath = stopOnDeath
            dd.symbols = symbols.nonEmpty
            record.directDebit = dd
            if let f = frequency { extras["frequencyCode"] = f.code }
        } else {
            record.amount = amount
            record.symbols = symbols.nonEmpty
            if let frequency {
                record.standingOrder = StandingOrder(frequency: frequency.name, frequencyCode: frequency.code,
                                                     firstDate: dt, lastDate: dl, stopOnDeath: stopOnDeath)
            } else {
                record.dueDate = dt
                if let dl { extras["lastDate"] = dl }
                if let stopOnDeath { extras["stopOnDeath"] = stopOnDeath ? "1" : "0" }
            }
        }

        if let inv = present(.xInv) {
            let (sid, bad) = ShortDescriptor.percentDecode(inv.raw)
            if bad != nil { values.warn(.percentEscapeInvalid, inv, "X-INV holds a '%' that is not an escape; kept literally") }
            var sidDecoder = SIDDecoder(format: format, path: "invoice.", baseOffset: inv.offset)
            sidDecoder.values.diagnostics = values.diagnostics
            record.invoice = try sidDecoder.invoice(sid)
            values.diagnostics = sidDecoder.values.diagnostics
            values.latin1 = values.latin1 || sidDecoder.values.latin1
        }

        var uncertain = values.latin1
        if let crc = attribute(.crc32) {
            guard crc.raw.count == 8, crc.raw.allSatisfy({ ShortDescriptor.hex($0) != nil }) else {
                throw values.fail(.fieldInvalid, crc, "CRC32 must be 8 hex digits")
            }
            let written = String(decoding: crc.raw, as: UTF8.self).uppercased()
            let computed = CRC32.hex(SPAYDCanonical.checksum(header: d.header, version: d.version, attributes: d.attributes))
            extras["crc32"] = written
            if written != computed {
                uncertain = true
                values.warn(.crcMismatch, crc, "CRC32 is \(written) but the content gives \(computed); the data may be altered")
            }
        }

        record.status = uncertain ? .uncertain : .valid
        record.source.charset = values.latin1 ? "ISO-8859-1" : "UTF-8"
        record.extras = extras
        record.diagnostics = values.diagnostics
        return record
    }
}

/// The CRC32 input: header and version, then every attribute but CRC32 sorted by key and value, as `KEY:VALUE*`.
enum SPAYDCanonical {
    static func checksum(header: String, version: String, attributes: [ShortDescriptor.Attribute]) -> UInt32 {
        let sorted = attributes.filter { $0.key != "CRC32" }.sorted { a, b in
            a.key != b.key ? a.key.utf8.lexicographicallyPrecedes(b.key.utf8) : a.raw.lexicographicallyPrecedes(b.raw)
        }
        // Fed piece by piece: no concatenated copy of each attribute.
        let star = CollectionOfOne(UInt8(0x2A)), colon = CollectionOfOne(UInt8(0x3A))
        var crc = CRC32.checksum(header.utf8)
        crc = CRC32.checksum(star, continuing: crc)
        crc = CRC32.checksum(version.utf8, continuing: crc)
        crc = CRC32.checksum(star, continuing: crc)
        for a in sorted {
            crc = CRC32.checksum(a.key.utf8, continuing: crc)
            crc = CRC32.checksum(colon, continuing: crc)
            crc = CRC32.checksum(a.raw, continuing: crc)
            crc = CRC32.checksum(star, continuing: crc)
        }
        return crc
    }
}
