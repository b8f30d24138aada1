/// ISO 3166-1 alpha-2 country codes (officially assigned), plus `XK` (Kosovo, user-assigned but used by
/// SWIFT, SEPA and the IBAN registry).
package enum CountryCode {
    static let list = """
    AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW \
    BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI \
    FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN \
    IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME \
    MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF \
    PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV \
    SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE \
    YT ZA ZM ZW XK
    """

    /// 26×26 membership table indexed by the two letters, so byte-level checks need no String.
    static let table: [Bool] = {
        var t = [Bool](repeating: false, count: 26 * 26)
        for code in list.split(separator: " ") {
            let u = Array(code.utf8)
            if u.count == 2 { t[Int(u[0] - 65) * 26 + Int(u[1] - 65)] = true }
        }
        return t
    }()

    /// `true` for two upper-case ASCII letters forming a known code.
    package static func isValid(_ a: UInt8, _ b: UInt8) -> Bool {
        guard a >= 65, a <= 90, b >= 65, b <= 90 else { return false }
        return table[Int(a - 65) * 26 + Int(b - 65)]
    }

    /// `true` for an upper-case alpha-2 code in ISO 3166-1 (or `XK`).
    package static func isValid(_ code: String) -> Bool {
        var it = code.utf8.makeIterator()
        guard let a = it.next(), let b = it.next(), it.next() == nil else { return false }
        return isValid(a, b)
    }

    /// All known codes, sorted.
    package static var allCodes: [String] { list.split(separator: " ").map(String.init).sorted() }
}
