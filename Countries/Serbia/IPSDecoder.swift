import GiroCore

/// One decoding run over an NBS IPS payload: the `TAG:value` segments found, the diagnostics so far and the
/// record filled tag by tag, so a rejection carries what was read before it (`partial`).
struct IPSDecoder: FieldDecoding {
    struct Segment {
        var value: ArraySlice<UInt8>
        /// Byte offset of the tag in the payload.
        var offset: Int
    }

    static let fiscalReceiptPrefix: StaticString = "https://suf.purs.gov.rs/"
    static let kinds = ["PR", "PT", "PK", "EK"]

    let format: String
    let bytes: [UInt8]
    /// One slot per tag, indexed by ``IPSTag/order`` (a dictionary cost more than the whole parse).
    var segments = [Segment?](repeating: nil, count: IPSTag.count)
    var diagnostics: [Diagnostic] = []
    var record: PaymentRecord

    init(format: String, bytes: [UInt8], payload: Payload) {
        self.format = format
        self.bytes = bytes
        record = PaymentRecord(format: format, country: "RS", formatVersion: "01",
                               source: SourceInfo(kind: payload.kind, symbology: payload.symbology?.rawValue, charset: "UTF-8"))
    }

    static func decode(_ payload: Payload, format: String) throws(GiroError) -> PaymentRecord {
        let input = payload.bytes
        if payload.hasPrefix(fiscalReceiptPrefix) {
            throw GiroError(.notAPayment, format: format, "a Serbian fiscal receipt (SUF PURS verification URL), not a payment order")
        }
        if let bad = UTF8Validation.firstNonASCII(input[...]).flatMap({ UTF8Validation.firstInvalid(input[...], from: $0) }) {
            throw GiroError(.charsetInvalid, offset: bad, format: format, "byte \(bad) is not valid UTF-8 (C:1 declares UTF-8)")
        }
        var d = IPSDecoder(format: format, bytes: input, payload: payload)
        return try d.decode()
    }

    /// Thin wrappers: a tag → its record path and byte offset.
    func fail(_ code: ErrorCode, tag: IPSTag?, field: String? = nil, offset: Int? = nil, _ message: String) -> GiroError {
        fail(code, field: field ?? tag?.path ?? "payload", offset: offset ?? tag.flatMap { segments[$0.order]?.offset }, message)
    }

    mutating func warn(_ code: ErrorCode, tag: IPSTag?, field: String? = nil, offset: Int? = nil, uncertain: Bool = false,
                       _ message: String) {
        warn(code, field: field ?? tag?.path ?? "payload", offset: offset ?? tag.flatMap { segments[$0.order]?.offset },
             uncertain: uncertain, message)
    }

    mutating func info(_ code: ErrorCode, tag: IPSTag, _ message: String) {
        info(code, field: tag.path, offset: segments[tag.order]?.offset, message)
    }

    /// Reads the tags in the specified order; each lands in ``record`` before the next can fail.
    mutating func decode() throws(GiroError) -> PaymentRecord {
        let start = PayloadLimits.bomLength(bytes)
        if start > 0 { warn(.byteOrderMark, tag: nil, offset: 0, "UTF-8 byte-order mark removed") }
        var end = bytes.count
        while end > start, [0x20, 0x09, 0x0A, 0x0D, 0x00].contains(bytes[end - 1]) { end -= 1 }
        if end < bytes.count {
            warn(.whitespaceTrimmed, tag: nil, offset: end, "spaces or line breaks after the last tag removed (the specification forbids them)")
        }
        guard end > start else { throw fail(.structureInvalid, tag: nil, "no tags") }
        try split(from: start, to: end)

        let kind = try header()
        record.extras[IPSExtrasKey.kind] = kind
        if let account = try payeeAccount(required: kind != "PK") { record.creditor = Party(account: account) }
        let payee = lines(.n, max: 70)
        if payee == nil, kind != "PK" { warn(.fieldMissing, tag: .n, uncertain: true, "N (payee name) is mandatory") }
        if let payee { record.creditor = Party(name: payee.first, address: address(payee), account: record.creditor?.account) }
        record.amount = try amount(required: kind != "PK")
        let payer = lines(.p, max: 70)
        let payerAccount = self.payerAccount()
        if payer != nil || payerAccount != nil {
            record.debtor = Party(name: payer?.first, address: address(payer), account: payerAccount)
        }
        record.purpose = paymentCode(kind: kind)
        record.remittanceInformation = single(.s, max: 35)
        if let mcc = mcc(kind: kind) { record.extras[IPSExtrasKey.mcc] = mcc }
        if let js = oneTimeCode() { record.extras[IPSExtrasKey.oneTimeCode] = js }
        record.reference = try reference()
        if let rl = single(.rl, max: 140) { record.extras[IPSExtrasKey.payeeReference] = rl }
        if let rp = posReference() { record.extras[IPSExtrasKey.posReference] = rp }
        if let rk = single(.rk, max: 8) { record.extras[IPSExtrasKey.payerReference] = rk }
        if kind == "PK" {
            warn(.ipsPayerPresented, tag: .k, uncertain: true,
                 "K:PK is shown by a payer to a merchant terminal, not a payment order to execute")
        }
        return finished()
    }

    func address(_ lines: [String]?) -> Address? {
        guard let lines, lines.count > 1 else { return nil }
        return Address(lines: Array(lines.dropFirst()))
    }

    /// K (first, one of PR/PT/PK/EK), V `01` (a later two-digit version is read with the 01 rules,
    /// uncertain), C `1`.
    mutating func header() throws(GiroError) -> String {
        guard let raw = value(.k), let k = Self.kinds.first(where: { raw.elementsEqual($0.utf8) }) else {
            throw fail(.headerInvalid, tag: .k, "K must be PR, PT, PK or EK")
        }
        guard let v = value(.v) else { throw fail(.fieldMissing, tag: .v, "V (version) is mandatory") }
        if !value(.v, is: "01") {
            guard v.count == 2, v.allSatisfy({ $0 >= 48 && $0 <= 57 }), v.contains(where: { $0 != 48 }) else {
                throw fail(.versionUnsupported, tag: .v, "version \(String(decoding: v, as: UTF8.self)) is not supported (01)")
            }
            record.formatVersion = String(decoding: v, as: UTF8.self)
            warn(.versionUnknown, tag: .v, uncertain: true, "version \(String(decoding: v, as: UTF8.self)): read with the 01 rules")
        }
        guard let c = value(.c) else { throw fail(.fieldMissing, tag: .c, "C (character set) is mandatory") }
        guard value(.c, is: "1") else {
            throw fail(.charsetUnsupported, tag: .c, "character set \(String(decoding: c, as: UTF8.self)) is not supported (1 = UTF-8)")
        }
        return k
    }

    /// Splits `TAG:value|TAG:value…` (the first `:` separates; values may hold `:`). Unknown tags are kept in
    /// `extras` (`rs.unknown.<TAG>`, `unknown_key`); empty values and empty segments are dropped with a
    /// warning; a duplicate tag or a segment without `:` rejects the payload; tags out of the specified order
    /// are kept with `ips_tag_order`.
    mutating func split(from start: Int, to end: Int) throws(GiroError) {
        var lastOrder = -1
        var orderWarned = false
        var segmentStart = start
        for k in start...end where k == end || bytes[k] == UInt8(ascii: "|") {
            defer { segmentStart = k + 1 }
            let i = segmentStart
            if i == k {
                warn(.ipsEmptySegment, tag: nil, offset: i, k == end ? "'|' at the end of the payload ignored" : "empty segment '||' ignored")
                continue
            }
            guard let colon = bytes[i..<k].firstIndex(of: UInt8(ascii: ":")) else {
                throw fail(.structureInvalid, tag: nil, offset: i, "segment at byte \(i) has no ':' between tag and value")
            }
            let name = bytes[i..<colon]
            guard let tag = IPSTag(bytes: name) else {
                keepUnknown(name: name, value: bytes[(colon + 1)..<k], offset: i)
                continue
            }
            if segments[tag.order] != nil {
                throw fail(.ipsDuplicateTag, tag: tag, offset: i, "tag \(tag.rawValue) occurs more than once")
            }
            if tag.order < lastOrder, !orderWarned {
                orderWarned = true
                warn(.ipsTagOrder, tag: nil, offset: i, "tag \(tag.rawValue) is out of the specified order (K, V, C, R, N, I, O, P, SF, S, M, JS, RO, RL, RP, RK)")
            }
            lastOrder = max(lastOrder, tag.order)
            let value = bytes[(colon + 1)..<k]
            if value.isEmpty {
                warn(.ipsEmptyTag, tag: nil, field: tag.path, offset: i, "tag \(tag.rawValue) has no value; optional tags without value must be omitted")
                continue
            }
            segments[tag.order] = Segment(value: value, offset: i)
        }
    }

    /// A tag Prilog 1 does not define: kept as written (the first one, when it repeats).
    mutating func keepUnknown(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>, offset: Int) {
        let key = IPSExtrasKey.unknownPrefix + String(decoding: name, as: UTF8.self)
        let shown = name.count <= 8 ? String(decoding: name, as: UTF8.self) : "(\(name.count) bytes)"
        warn(.unknownKey, tag: nil, field: "extras." + key, offset: offset, "tag '\(shown)' is not defined by Prilog 1; kept in extras")
        if record.extras[key] == nil { record.extras[key] = String(decoding: value, as: UTF8.self) }
    }

    func value(_ tag: IPSTag) -> ArraySlice<UInt8>? { segments[tag.order]?.value }

    func text(_ tag: IPSTag) -> String? { segments[tag.order].map { String(decoding: $0.value, as: UTF8.self) } }

    /// `true` when the tag's value is exactly `text` (ASCII), without building a string.
    func value(_ tag: IPSTag, is text: StaticString) -> Bool {
        guard let v = value(tag), v.count == text.utf8CodeUnitCount else { return false }
        return text.withUTF8Buffer { v.elementsEqual($0) }
    }
}
