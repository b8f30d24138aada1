import Foundation
import GiroCore

/// One decoding run over an MNB QR code: splits the 17 fields, checks each (formats-cee §6.3) and fills
/// ``record`` as it goes, so a rejection carries what was read before it (`partial`).
struct MNBDecoder: FieldDecoding {
    let format: String
    let now: Date
    var diagnostics: [Diagnostic] = []
    var record: PaymentRecord
    /// RTP: the party is the payer (`debtor`); HCT: the payee (`creditor`).
    var isRequest = false
    var bytes: [UInt8] = []
    var lines: [Range<Int>] = []
    var base = 0

    init(format: String, now: Date, payload: Payload) {
        self.format = format
        self.now = now
        record = PaymentRecord(format: format, country: "HU", formatVersion: nil,
                               source: SourceInfo(kind: payload.kind, symbology: payload.symbology?.rawValue, charset: "UTF-8"))
    }

    /// Thin wrappers: field `i` → its path, line and offset.
    func fail(_ code: ErrorCode, _ i: Int, _ message: String) -> GiroError {
        fail(code, field: MNBLayout.path(i), line: i + 1, offset: base + lines[i].lowerBound, message)
    }

    mutating func warn(_ code: ErrorCode, _ i: Int, uncertain: Bool = false, _ message: String) {
        warn(code, field: MNBLayout.path(i), line: i + 1, offset: base + lines[i].lowerBound, uncertain: uncertain, message)
    }

    func raw(_ i: Int) -> ArraySlice<UInt8> { bytes[lines[i]] }
    func text(_ i: Int) -> String? { lines[i].isEmpty ? nil : String(decoding: bytes[lines[i]], as: UTF8.self) }

    /// The party the code describes (payee of HCT, payer of RTP).
    var party: Party? {
        get { isRequest ? record.debtor : record.creditor }
        set { if isRequest { record.debtor = newValue } else { record.creditor = newValue } }
    }

    mutating func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        try split(payload.bytes)
        try header()
        checkRepertoire()

        var account = try iban()
        party = Party(account: account)
        account.bic = try bic()
        let name = name()
        party = Party(name: name, account: account)
        record.amount = try amount()
        record.extras.reserveCapacity(2 + MNBLayout.identifiers.count)  // no rehash while the identifiers are added
        record.extras[MNBExtrasKey.identificationCode] = isRequest ? "RTP" : "HCT"
        record.extras[MNBExtrasKey.validUntil] = try validity()
        if let purpose = text(MNBLayout.purpose) {
            let p = raw(MNBLayout.purpose)
            if !(p.count == 4 && p.allSatisfy({ $0 >= 65 && $0 <= 90 })) {
                warn(.purposeInvalid, MNBLayout.purpose, "a payment situation code has 4 upper-case letters; kept as written")
            }
            record.purpose = purpose
        }
        if let message = text(MNBLayout.remittance) {
            if scalars(MNBLayout.remittance) > 70 {
                warn(.fieldTooLong, MNBLayout.remittance, "\(scalars(MNBLayout.remittance)) characters; at most 70 (kept whole)")
            }
            record.remittanceInformation = message
        }
        for (i, key) in zip(MNBLayout.identifiers, MNBExtrasKey.identifiers) {
            guard let value = text(i) else { continue }
            if scalars(i) > MNBLayout.identifierMax {
                warn(.fieldTooLong, i, "\(scalars(i)) characters; at most \(MNBLayout.identifierMax) (kept whole)")
            }
            record.extras[key] = value
        }
        unknownFields()
        let characters = UTF8Validation.scalarCount(bytes[...])
        if characters > MNBLayout.maxCharacters {
            warn(.payloadOverLimit, field: "payload",
                 "\(characters) characters; an MNB QR code holds at most \(MNBLayout.maxCharacters)")
        }
        return finished()
    }

    /// Splits at LF (CR LF tolerated). Fewer than 17 fields reject; fields after the 17th are kept (``unknownFields()``).
    mutating func split(_ payload: [UInt8]) throws(GiroError) {
        base = PayloadLimits.bomLength(payload)
        if base > 0 { warn(.byteOrderMark, field: "payload", offset: 0, "UTF-8 byte-order mark before the header") }
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
        if sawCR { warn(.lineEndingCRLF, field: "payload", "CR LF field terminators read as LF") }
        guard lines.count >= MNBLayout.fieldCount else {
            throw fail(.structureInvalid, field: "payload", line: lines.count,
                       "an MNB QR code has \(MNBLayout.fieldCount) LF-terminated fields, found \(lines.count)")
        }
        if !endsWithLF, lines.count == MNBLayout.fieldCount {
            warn(.finalNewlineMissing, field: MNBLayout.path(16), line: 17, offset: base + bytes.count,
                 "the last field is not terminated by LF")
        }
        if let bad = UTF8Validation.firstInvalid(bytes[...]) {
            throw fail(.charsetInvalid, field: "payload", offset: base + bad, "byte \(base + bad) is not valid UTF-8 (character set 1)")
        }
    }

    /// HCT or RTP; version 001 (a later one is read with the 001 rules, uncertain); character set 1.
    mutating func header() throws(GiroError) {
        let kind = raw(MNBLayout.kind)
        guard kind.elementsEqual("HCT".utf8) || kind.elementsEqual("RTP".utf8) else {
            throw fail(.headerInvalid, MNBLayout.kind, "the identification code must be HCT or RTP")
        }
        isRequest = kind.elementsEqual("RTP".utf8)
        let v = raw(MNBLayout.version)
        guard v.count == 3, v.allSatisfy({ $0 >= 48 && $0 <= 57 }), v.contains(where: { $0 != 48 }) else {
            throw fail(.versionUnsupported, MNBLayout.version, "the version must be 001")
        }
        record.formatVersion = String(decoding: v, as: UTF8.self)
        if !v.elementsEqual("001".utf8) {
            warn(.versionUnknown, MNBLayout.version, uncertain: true, "version \(text(MNBLayout.version) ?? ""): read with the 001 rules")
        }
        guard raw(MNBLayout.charset).elementsEqual([49]) else {
            throw fail(.charsetUnsupported, MNBLayout.charset, "the character set must be 1 (UTF-8)")
        }
    }

    /// The name (at most 70 characters, longer kept whole); a missing one is kept missing and makes the
    /// record uncertain (banks can do without it, a payer should look).
    mutating func name() -> String? {
        let i = MNBLayout.name
        guard let name = text(i) else {
            warn(.fieldMissing, i, uncertain: true, "the name is mandatory")
            return nil
        }
        if scalars(i) > 70 { warn(.fieldTooLong, i, "\(scalars(i)) characters; at most 70 (kept whole)") }
        return name
    }

    /// Fields after the 17th: version 001 defines none, so each non-empty one is kept as `hu.unknown.<n>`.
    mutating func unknownFields() {
        guard lines.count > MNBLayout.fieldCount else { return }
        for i in MNBLayout.fieldCount..<lines.count {
            guard let value = text(i) else { continue }
            record.extras[MNBExtrasKey.unknownPrefix + String(i + 1)] = value
            warn(.unknownKey, i, "field \(i + 1) is not defined by version 001; kept in extras")
        }
    }

    /// Characters (Unicode scalars) of a valid UTF-8 field: every byte that does not continue a sequence.
    func scalars(_ i: Int) -> Int { UTF8Validation.scalarCount(raw(i)) }

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
