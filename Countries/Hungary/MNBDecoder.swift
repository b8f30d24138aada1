import Foundation
import GiroCore

/// Splits the 17 fields and checks each (formats-cee §6.3).
struct MNBDecoder {
    let format: String
    let now: Date
    var diagnostics: [Diagnostic] = []
    var uncertain = false
    var bytes: [UInt8] = []
    var lines: [Range<Int>] = []
    var base = 0

    init(format: String, now: Date) {
        self.format = format
        self.now = now
    }

    func fail(_ code: ErrorCode, _ i: Int, _ message: String) -> GiroError {
        GiroError(code, field: MNBLayout.names[i], line: i + 1, offset: base + lines[i].lowerBound, format: format,
                  diagnostics: diagnostics, message)
    }

    mutating func warn(_ code: ErrorCode, _ i: Int, _ message: String) {
        diagnostics.append(.warning(code, field: MNBLayout.names[i], line: i + 1, offset: base + lines[i].lowerBound, message))
    }

    func raw(_ i: Int) -> ArraySlice<UInt8> { bytes[lines[i]] }
    func text(_ i: Int) -> String? { lines[i].isEmpty ? nil : String(decoding: bytes[lines[i]], as: UTF8.self) }

    mutating func split(_ payload: [UInt8]) throws(GiroError) {
        base = PayloadLimits.bomLength(payload)
        if base > 0 { diagnostics.append(.warning(.byteOrderMark, field: "payload", offset: 0, "UTF-8 byte-order mark before the header")) }
        bytes = Array(payload[base...])
        lines.reserveCapacity(MNBLayout.fieldCount + 1)
        var start = 0
        var sawCR = false
        for (i, b) in bytes.enumerated() where b == 0x0A {
            var end = i
            if end > start, bytes[end - 1] == 0x0D { end -= 1; sawCR = true }
            lines.append(start..<end)
            start = i + 1
        }
        let endsWithLF = start == bytes.count
        if !endsWithLF { lines.append(start..<bytes.count) }
        if sawCR { diagnostics.append(.warning(.lineEndingCRLF, field: "payload", offset: nil, "CR LF field terminators read as LF")) }
        guard lines.count == MNBLayout.fieldCount else {
            let found = lines.count
            throw GiroError(.structureInvalid, field: "payload", line: found, format: format, diagnostics: diagnostics,
                            "an MNB QR code has \(MNBLayout.fieldCount) LF-terminated fields, found \(found)")
        }
        if !endsWithLF {
            diagnostics.append(.warning(.finalNewlineMissing, field: MNBLayout.names[16], line: 17, offset: base + bytes.count,
                                        "the last field is not terminated by LF"))
        }
        if let bad = UTF8Validation.firstInvalid(bytes[...]) {
            throw GiroError(.charsetInvalid, field: "payload", offset: base + bad, format: format, diagnostics: diagnostics,
                            "byte \(base + bad) is not valid UTF-8 (character set 1)")
        }
    }

    mutating func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        try split(payload.bytes)
        let kind = raw(MNBLayout.kind)
        guard kind.elementsEqual("HCT".utf8) || kind.elementsEqual("RTP".utf8) else {
            throw fail(.headerInvalid, MNBLayout.kind, "the identification code must be HCT or RTP")
        }
        let isRequest = kind.elementsEqual("RTP".utf8)
        let v = raw(MNBLayout.version)
        guard v.count == 3, v.allSatisfy({ $0 >= 48 && $0 <= 57 }), let version = Int(String(decoding: v, as: UTF8.self)), version >= 1 else {
            throw fail(.versionUnsupported, MNBLayout.version, "the version must be 001")
        }
        if version > 1 { warn(.versionUnknown, MNBLayout.version, "version \(text(MNBLayout.version) ?? ""): read with the 001 rules") }
        guard raw(MNBLayout.charset).elementsEqual([49]) else {
            throw fail(.charsetUnsupported, MNBLayout.charset, "the character set must be 1 (UTF-8)")
        }
        checkRepertoire()

        var account = try iban()
        account.bic = try bic()
        guard let name = text(MNBLayout.name) else { throw fail(.fieldMissing, MNBLayout.name, "the name is mandatory") }
        if scalars(MNBLayout.name) > 70 { warn(.fieldTooLong, MNBLayout.name, "\(scalars(MNBLayout.name)) characters; at most 70 (kept whole)") }
        let party = Party(name: name, account: account)
        let amount = try amount()
        let validity = try validity()

        var record = PaymentRecord(format: format, country: "HU", formatVersion: String(decoding: v, as: UTF8.self),
                                   source: SourceInfo(kind: payload.kind, symbology: payload.symbology?.rawValue, charset: "UTF-8"))
        if isRequest { record.debtor = party } else { record.creditor = party }
        record.amount = amount
        if let purpose = text(MNBLayout.purpose) {
            let p = raw(MNBLayout.purpose)
            if !(p.count == 4 && p.allSatisfy({ $0 >= 65 && $0 <= 90 })) {
                uncertain = true
                warn(.purposeInvalid, MNBLayout.purpose, "a payment situation code has 4 upper-case letters")
            }
            record.purpose = purpose
        }
        if let message = text(MNBLayout.remittance) {
            if scalars(MNBLayout.remittance) > 70 {
                warn(.fieldTooLong, MNBLayout.remittance, "\(scalars(MNBLayout.remittance)) characters; at most 70 (kept whole)")
            }
            record.remittanceInformation = message
        }
        var extras: [String: String] = [:]
        extras.reserveCapacity(2 + MNBLayout.identifiers.count)  // no rehash while the identifiers are added
        extras["identificationCode"] = isRequest ? "RTP" : "HCT"
        extras["validUntil"] = validity
        for i in MNBLayout.identifiers {
            guard let value = text(i) else { continue }
            if scalars(i) > MNBLayout.identifierMax {
                warn(.fieldTooLong, i, "\(scalars(i)) characters; at most \(MNBLayout.identifierMax) (kept whole)")
            }
            extras[MNBLayout.names[i]] = value
        }
        let characters = Self.scalarCount(bytes[...])
        if characters > MNBLayout.maxCharacters {
            diagnostics.append(.warning(.payloadOverLimit, field: "payload", offset: nil,
                                        "\(characters) characters; an MNB QR code holds at most \(MNBLayout.maxCharacters)"))
        }
        record.extras = extras
        record.status = uncertain ? .uncertain : .valid
        record.diagnostics = diagnostics
        return record
    }

    mutating func iban() throws(GiroError) -> Account {
        let i = MNBLayout.iban
        guard !raw(i).isEmpty else { throw fail(.fieldMissing, i, "the IBAN is mandatory") }
        let iban: IBAN
        let compaction: IBAN.Compaction
        do {
            (iban, compaction) = try IBAN.validate(raw(i), field: MNBLayout.names[i])
        } catch {
            throw fail(error.code, i, error.message)
        }
        guard iban.countryCode == "HU" else { throw fail(.ibanCountryNotAllowed, i, "the MNB QR code carries a Hungarian (HU) IBAN") }
        if compaction.removedSpaces { warn(.ibanSpaces, i, "spaces removed from the IBAN") }
        if compaction.loweredCase { warn(.ibanLowercase, i, "IBAN written in lower case") }
        if compaction.removedOtherSeparators { warn(.ibanSeparators, i, "separators removed from the IBAN") }
        var account = Account(iban: iban.compact)
        if let giro = HungarianGiro(iban: iban.compact) {
            account.number = giro.formatted
            account.bankCode = String(giro.digits.prefix(3))
        }
        return account
    }

    /// 11 characters (8-character BICs padded with `XXX`); an invalid BIC is kept and flagged.
    mutating func bic() throws(GiroError) -> String {
        let i = MNBLayout.bic
        let b = raw(i)
        guard !b.isEmpty else { throw fail(.fieldMissing, i, "the BIC is mandatory") }
        do {
            let bic = try BIC.validate(b, field: MNBLayout.names[i])
            if bic.utf8.count == 8 { warn(.bicNormalized, i, "8-character BIC; the field is fixed at 11 (XXX-padded)") }
            else if !b.elementsEqual(bic.utf8) { warn(.bicNormalized, i, "BIC written with spaces or lower case") }
            return bic
        } catch {
            uncertain = true
            warn(.bicInvalid, i, error.message + " (kept as written)")
            return String(decoding: b, as: UTF8.self)
        }
    }

    /// `HUF` + 1–12 digits of whole forints.
    func amount() throws(GiroError) -> Amount? {
        let i = MNBLayout.amount
        let b = raw(i)
        guard !b.isEmpty else { return nil }
        let digits = b.dropFirst(3)
        guard b.starts(with: "HUF".utf8), !digits.isEmpty, digits.count <= 12, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }),
              let value = DecimalText.parseUnsigned(digits) else {
            throw fail(.amountInvalid, i, "the amount is HUF followed by 1–12 digits of whole forints (HUF1500)")
        }
        return Amount(value: value, currency: "HUF")
    }

    /// `YYYYMMDDhhmmss` + sign + UTC offset hours → ISO 8601 with offset; a past time is a warning.
    mutating func validity() throws(GiroError) -> String {
        let i = MNBLayout.validity
        let b = Array(raw(i))
        guard !b.isEmpty else { throw fail(.fieldMissing, i, "the validity time is mandatory") }
        guard b.count >= 16, b.count <= 17, b[0..<14].allSatisfy({ $0 >= 48 && $0 <= 57 }), b[14] == 43 || b[14] == 45,
              b[15...].allSatisfy({ $0 >= 48 && $0 <= 57 }), CompactDate.iso(b[0..<8]) != nil else {
            throw fail(.dateInvalid, i, "the validity is YYYYMMDDhhmmss followed by +h or -h (20201231235959+2)")
        }
        // All of b[0..<14] and b[15...] are digits (checked above).
        func two(_ at: Int) -> Int { Int(b[at] - 48) * 10 + Int(b[at + 1] - 48) }
        let hour = two(8), minute = two(10), second = two(12)
        let offset = b.count == 17 ? two(15) : Int(b[15] - 48)
        guard hour < 24, minute < 60, second < 60, offset <= 14 else {
            throw fail(.dateInvalid, i, "the validity time or UTC offset is out of range")
        }
        let sign = b[14] == 45 ? -1 : 1
        let iso = Self.isoTime(b, offset: offset)
        if let expiry = Self.instant(b, hour: hour, minute: minute, second: second, offsetSeconds: sign * offset * 3600),
           expiry < now {
            warn(.validityExpired, i, "the code expired at \(iso)")
        }
        return iso
    }

    /// `2020-12-31T23:59:59+02:00`, assembled as bytes (string interpolation costs more than the rest of the field).
    /// `b` is the checked field (`20201231235959+2`, at least 16 bytes); `offset` its hours (0–14).
    static func isoTime(_ b: [UInt8], offset: Int) -> String {
        let out: [UInt8] = [b[0], b[1], b[2], b[3], 0x2D, b[4], b[5], 0x2D, b[6], b[7],
                            0x54, b[8], b[9], 0x3A, b[10], b[11], 0x3A, b[12], b[13],
                            b[14], UInt8(48 + offset / 10), UInt8(48 + offset % 10), 0x3A, 0x30, 0x30]
        return String(decoding: out, as: UTF8.self)
    }

    /// Seconds since 1970 of the validity time (proleptic Gregorian, days from civil).
    static func instant(_ b: [UInt8], hour: Int, minute: Int, second: Int, offsetSeconds: Int) -> Date? {
        func n(_ i: Int) -> Int { Int(b[i]) - 48 }
        var y = n(0) * 1000 + n(1) * 100 + n(2) * 10 + n(3)
        let m = n(4) * 10 + n(5), d = n(6) * 10 + n(7)
        y -= m <= 2 ? 1 : 0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds))
    }

    /// Characters (Unicode scalars) of a valid UTF-8 field: every byte that does not continue a sequence.
    func scalars(_ i: Int) -> Int { Self.scalarCount(raw(i)) }

    static func scalarCount(_ b: ArraySlice<UInt8>) -> Int { UTF8Validation.scalarCount(b) }

    /// Printable ASCII and the Hungarian accented vowels; anything else is flagged once.
    mutating func checkRepertoire() {
        // Most codes are plain printable ASCII: check the bytes first, decode only when needed.
        if bytes.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A || $0 == 0x0D }) { return }
        for i in 0..<MNBLayout.fieldCount {
            // A printable-ASCII field passes as is; decode only the fields with accents.
            if raw(i).allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { continue }
            guard let s = text(i) else { continue }
            if let bad = s.unicodeScalars.first(where: { !(($0.value >= 0x20 && $0.value <= 0x7E) || MNBLayout.accented.contains($0)) }) {
                warn(.characterOutsideSet, i, "U+\(String(bad.value, radix: 16, uppercase: true)) is outside the MNB character set")
                return
            }
        }
    }
}
