import GiroCore

/// National account numbers, looked for only when the context country uses them on slips:
/// Czech/Slovak `prefix-number/bank`, Serbian 18-digit accounts, UK sort code + account number.
enum NationalAccountScanner {
    static func scan(_ t: [UInt8], country: String) -> [ParseCandidate] {
        switch country {
        case "CZ", "SK": return czech(t, country: country)
        case "RS": return serbian(t)
        case "GB": return british(t)
        default: return []
        }
    }

    /// Digits ending just before `end` (at most `max`); returns the start.
    static func digitsBefore(_ t: [UInt8], _ end: Int, max: Int) -> Int {
        var s = end
        while s > 0, end - s < max, ByteText.isDigit(t[s - 1]) { s -= 1 }
        return s
    }

    static func digitsAfter(_ t: [UInt8], _ start: Int, max: Int) -> Int {
        var e = start
        while e < t.count, e - start < max, ByteText.isDigit(t[e]) { e += 1 }
        return e
    }

    /// `19-2000145399/0800`, `2000145399/0800`: validated with the weighted mod-11 checks of the core.
    static func czech(_ t: [UInt8], country: String) -> [ParseCandidate] {
        var out: [ParseCandidate] = []
        var i = 0
        while i < t.count {
            guard t[i] == UInt8(ascii: "/") else { i += 1; continue }
            let bankEnd = digitsAfter(t, i + 1, max: 5)
            let numStart = digitsBefore(t, i, max: 11)
            guard bankEnd - (i + 1) == 4, ByteText.wordEnd(t, bankEnd), i - numStart >= 2, i - numStart <= 10 else { i += 1; continue }
            var start = numStart
            if numStart >= 2, t[numStart - 1] == UInt8(ascii: "-") {
                let p = digitsBefore(t, numStart - 1, max: 7)
                if numStart - 1 - p >= 1, numStart - 1 - p <= 6 { start = p }
            }
            guard ByteText.wordStart(t, start) else { i += 1; continue }
            let raw = ByteText.string(t, start..<bankEnd)
            if let acct = PrefixedAccountNumber(raw) {
                out.append(ParseCandidate(parser: .iban, type: "cz.account", value: acct.formatted, span: ByteSpan(start, bankEnd),
                                          rawText: raw, confidence: 0.9, status: .valid,
                                          fields: ["prefix": acct.prefix, "number": acct.number, "bankCode": acct.bankCode,
                                                   "iban": acct.iban(country: country)]))
            }
            i = bankEnd
        }
        return out
    }

    /// 18 digits, or `bbb-n…-kk` (the middle zero-padded to 13); mod 97 checked by the core.
    static func serbian(_ t: [UInt8]) -> [ParseCandidate] {
        var out: [ParseCandidate] = []
        var i = 0
        while i < t.count {
            guard ByteText.isDigit(t[i]), ByteText.wordStart(t, i) else { i += 1; continue }
            var end = digitsAfter(t, i, max: 19)
            if end - i == 3, end < t.count, t[end] == UInt8(ascii: "-") {
                let midEnd = digitsAfter(t, end + 1, max: 14)
                if midEnd - end - 1 >= 1, midEnd - end - 1 <= 13, midEnd < t.count, t[midEnd] == UInt8(ascii: "-") {
                    let ckEnd = digitsAfter(t, midEnd + 1, max: 3)
                    if ckEnd - midEnd - 1 == 2 { end = ckEnd }
                }
            }
            let raw = ByteText.string(t, i..<end)
            if ByteText.wordEnd(t, end), end - i >= 18 || raw.contains("-"), let acct = Mod97AccountNumber(raw) {
                out.append(ParseCandidate(parser: .iban, type: "rs.account", value: acct.formatted, span: ByteSpan(i, end),
                                          rawText: raw, confidence: 0.9, status: .valid,
                                          fields: ["bankCode": acct.bankCode, "number": acct.number,
                                                   "checkDigits": acct.checkDigits, "iban": acct.iban(country: "RS")]))
            }
            i = max(end, i + 1)
        }
        return out
    }

    /// `12-34-56 12345678`: shape only — the VocaLink modulus check is not implemented, so the pair is uncertain.
    static func british(_ t: [UInt8]) -> [ParseCandidate] {
        var out: [ParseCandidate] = []
        var i = 0
        while i + 8 <= t.count {
            guard ByteText.wordStart(t, i), isSortCode(t, i) else { i += 1; continue }
            var k = i + 8
            var seps = 0
            while seps < 3, ByteText.spaceLength(t, k) > 0 { k += ByteText.spaceLength(t, k); seps += 1 }
            let accEnd = digitsAfter(t, k, max: 9)
            guard seps > 0, accEnd - k == 8, ByteText.wordEnd(t, accEnd) else { i += 1; continue }
            let sort = ByteText.string([t[i], t[i + 1], t[i + 3], t[i + 4], t[i + 6], t[i + 7]])
            let account = ByteText.string(t, k..<accEnd)
            out.append(ParseCandidate(parser: .iban, type: "gb.account", value: sort + account, span: ByteSpan(i, accEnd),
                                      rawText: ByteText.string(t, i..<accEnd), confidence: 0.6, status: .uncertain,
                                      fields: ["sortCode": sort, "accountNumber": account], notes: ["no_modulus_check"]))
            i = accEnd
        }
        return out
    }

    static func isSortCode(_ t: [UInt8], _ i: Int) -> Bool {
        guard i + 8 <= t.count else { return false }
        for k in [0, 1, 3, 4, 6, 7] where !ByteText.isDigit(t[i + k]) { return false }
        return t[i + 2] == UInt8(ascii: "-") && t[i + 5] == UInt8(ascii: "-") && ByteText.wordEnd(t, i + 8)
    }
}
