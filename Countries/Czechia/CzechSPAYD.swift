import GiroCore

/// Czech QR Platba: SPAYD `SPD*` payment orders and standing orders, `SCD*` direct-debit consents (ČBA 1.2),
/// with an embedded QR Faktura (`X-INV`) decoded into ``PaymentRecord/invoice``.
/// See the README section "Czechia" for the rules, tolerances and `extras` keys.
public struct CzechSPAYD: PaymentFormatEncoder {
    public let id = "cz.spayd"
    public let country: String? = "CZ"
    public let name = "Czech QR Platba (SPAYD SPD/SCD)"
    public let symbologies: [Symbology] = [.qr]

    public init() {}

    public func matches(_ payload: Payload) -> Bool {
        (payload.hasPrefix("SPD*") || payload.hasPrefix("SCD*"))
    }

    public func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        try PayloadLimits.check(payload.bytes, format: id)
        var decoder = SPAYDDecoder(format: id)
        return try decoder.decode(payload)
    }

    public func encode(_ record: PaymentRecord) throws(GiroError) -> [UInt8] {
        try SPAYDEncoder(format: id).encode(record)
    }
}

/// Czech QR Faktura: a standalone SID (`SID*1.0*…`) invoice descriptor, decoded into ``PaymentRecord/invoice``
/// with the payable data (account, total, due date, variable symbol) copied to the common fields.
public struct CzechSID: PaymentFormat {
    public let id = "cz.sid"
    public let country: String? = "CZ"
    public let name = "Czech QR Faktura (SID)"
    public let symbologies: [Symbology] = [.qr]

    public init() {}

    public func matches(_ payload: Payload) -> Bool { payload.hasPrefix("SID*") }

    public func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        try PayloadLimits.check(payload.bytes, format: id)
        var bytes = payload.bytes
        var pre: [Diagnostic] = []
        let bom = PayloadLimits.bomLength(bytes)
        if bom > 0 {
            bytes.removeFirst(bom)
            pre.append(.warning(.byteOrderMark, field: "payload", offset: 0, "UTF-8 byte-order mark before the header"))
        }
        var trailing = 0
        while let last = bytes.last, last == 0x0A || last == 0x0D { bytes.removeLast(); trailing += 1 }
        if trailing > 0 { pre.append(.warning(.trailingNewline, field: "payload", offset: bytes.count, "line break after the descriptor removed")) }
        var decoder = SIDDecoder(format: id, baseOffset: bom)
        decoder.values.diagnostics = pre
        let invoice = try decoder.invoice(bytes)
        let version = String(decoding: bytes.dropFirst(4).prefix { $0 != 0x2A }, as: UTF8.self)
        var record = PaymentRecord(format: id, country: "CZ", formatVersion: version,
                                   status: decoder.values.latin1 ? .uncertain : .valid,
                                   source: SourceInfo(kind: payload.kind, symbology: payload.symbology?.rawValue,
                                                      charset: decoder.values.latin1 ? "ISO-8859-1" : "UTF-8"))
        if let account = invoice.account { record.creditor = Party(account: account) }
        if let total = invoice.totalAmount { record.amount = Amount(value: total, currency: invoice.currency ?? "CZK") }
        record.dueDate = invoice.dueDate
        record.symbols = PaymentSymbols(variable: invoice.variableSymbol).nonEmpty
        record.invoice = consume invoice  // last use: moved, not copied
        record.diagnostics = decoder.values.diagnostics
        return record
    }
}
