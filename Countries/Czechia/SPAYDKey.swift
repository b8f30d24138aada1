/// SPAYD keys (ČBA QR Platba 1.2, formats-cee §4.3): the maximum length of each and how it is read.
enum SPAYDKey: Int, CaseIterable {
    case acc, altAcc, am, cc, rf, rn, dt, pt, msg, crc32, nt, nta, dl, frq, dh, xPer, xVS, xSS, xKS, xID, xURL, xSelf, xInv

    enum Kind { case text, structured }

    /// Standard keys, including the X- keys the specification defines; each may occur once.
    static let table: [(name: String, max: Int, kind: Kind)] = [
        ("ACC", 46, .structured), ("ALT-ACC", 93, .structured), ("AM", 10, .structured), ("CC", 3, .structured),
        ("RF", 16, .structured), ("RN", 35, .text), ("DT", 8, .structured), ("PT", 3, .structured),
        ("MSG", 60, .text), ("CRC32", 8, .structured), ("NT", 1, .structured), ("NTA", 320, .text),
        ("DL", 8, .structured), ("FRQ", 3, .structured), ("DH", 1, .structured), ("X-PER", 2, .structured),
        ("X-VS", 10, .structured), ("X-SS", 10, .structured), ("X-KS", 10, .structured), ("X-ID", 20, .text),
        ("X-URL", 140, .text), ("X-SELF", 60, .text), ("X-INV", 2048, .structured),
    ]
    static let names = KeyIndex(table.map(\.name))
    /// A `seen` table with every key absent, copied per decode (cheaper than building it each time).
    static let noneSeen = [Int](repeating: -1, count: table.count)

    /// The standard key of an attribute, or nil (an `X-` extension or an unknown key).
    init?(_ attribute: ShortDescriptor.Attribute) {
        guard let i = attribute.standardKey else { return nil }
        self.init(rawValue: i)
    }

    var name: String { Self.table[rawValue].name }
    var max: Int { Self.table[rawValue].max }
    var kind: Kind { Self.table[rawValue].kind }

    /// `FRQ` codes → normalized standing-order period.
    static let frequencies: [String: String] = [
        "1D": "daily", "1M": "monthly", "3M": "quarterly", "6M": "semiannually", "1Y": "annually",
    ]

    /// Informational values with no common record field, and their extras keys.
    static let extrasNames: [(key: SPAYDKey, extras: String)] = [
        (.pt, SPAYDExtrasKey.paymentType), (.nt, "cz.notificationType"), (.nta, "cz.notificationAddress"),
        (.xID, "cz.payerPaymentID"), (.xURL, "cz.url"), (.xPer, "cz.retryDays"), (.xSelf, "cz.messageForMe"),
    ]
}
