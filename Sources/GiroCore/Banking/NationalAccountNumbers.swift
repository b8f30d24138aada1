/// A domestic account number `[prefix-]number/bank`, the one scheme two plug-ins share (the Czech and the Slovak
/// account, formats-cee.md §4.7), so it lives in the core.
///
/// Prefix ≤ 6 digits and number 2–10 digits, each with a weighted mod-11 check (prefix weights 10,5,8,4,2,1;
/// number weights 6,3,7,9,10,5,8,4,2,1, both on the left-zero-padded value); bank code 4 digits.
/// The IBAN is the country's two letters + check + bank(4) + prefix(6) + number(10).
package struct PrefixedAccountNumber: Sendable, Hashable, Codable {
    /// 0–6 digits, no leading zeros (`""` when absent).
    package var prefix: String
    /// 2–10 digits, no leading zeros.
    package var number: String
    /// 4 digits.
    package var bankCode: String

    static let prefixWeights = [10, 5, 8, 4, 2, 1]
    static let numberWeights = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1]

    /// Parses `19-2000145399/0800` or `2000145399/0800` (spaces around the separators are not allowed);
    /// nil when the syntax or a weighted check fails.
    package init?(_ text: String) {
        let b = Array(text.utf8)
        guard b.count <= 22, let slash = b.firstIndex(of: UInt8(ascii: "/")) else { return nil }
        let bank = b[(slash + 1)...]
        let left = b[..<slash]
        var prefix: ArraySlice<UInt8> = []
        var number = left
        if let dash = left.firstIndex(of: UInt8(ascii: "-")) {
            prefix = left[..<dash]
            number = left[(dash + 1)...]
            guard !prefix.isEmpty else { return nil }
        }
        guard bank.count == 4, bank.allSatisfy(Self.isDigit) else { return nil }
        self.init(prefixDigits: prefix, numberDigits: number, bankDigits: bank)
    }

    /// From a compact `CZ…` or `SK…` IBAN (24 characters, valid mod 97); nil otherwise.
    package init?(iban: String) {
        let b = Array(iban.utf8)
        guard b.count == 24, (b[0] == 0x43 && b[1] == 0x5A) || (b[0] == 0x53 && b[1] == 0x4B),
              b[2...].allSatisfy(Self.isDigit), ISO7064.mod97(b[4...], then: b[0..<4]) == 1 else { return nil }
        self.init(prefixDigits: b[8..<14], numberDigits: b[14..<24], bankDigits: b[4..<8])
    }

    /// The domestic form of a `CZ…`/`SK…` IBAN that `IBAN.validate` has accepted (mod 97 and the national weighted
    /// checks already hold): only the shape is checked here, so decoders do not verify the same digits twice.
    /// Nil for anything that is not 24 characters of `CZ`/`SK` and digits.
    package init?(validatedIBAN iban: String) {
        let b = Array(iban.utf8)
        guard b.count == 24, (b[0] == 0x43 && b[1] == 0x5A) || (b[0] == 0x53 && b[1] == 0x4B),
              b[2...].allSatisfy(Self.isDigit), b[14...].reduce(0, { $1 == 0x30 ? $0 : $0 + 1 }) >= 2 else { return nil }
        prefix = Self.stripZeros(b[8..<14])
        number = Self.stripZeros(b[14..<24])
        bankCode = String(decoding: b[4..<8], as: UTF8.self)
    }

    private init?(prefixDigits: ArraySlice<UInt8>, numberDigits: ArraySlice<UInt8>, bankDigits: ArraySlice<UInt8>) {
        guard prefixDigits.count <= 6, numberDigits.count >= 2,
              let prefixSum = Self.weightedSum(prefixDigits, Self.prefixWeights), prefixSum % 11 == 0,
              let numberSum = Self.weightedSum(numberDigits, Self.numberWeights), numberSum % 11 == 0,
              numberDigits.reduce(0, { $1 == 0x30 ? $0 : $0 + 1 }) >= 2 else { return nil }
        prefix = Self.stripZeros(prefixDigits)
        number = Self.stripZeros(numberDigits)
        bankCode = String(decoding: bankDigits, as: UTF8.self)
    }

    /// Compact IBAN with computed check digits (`CZ5207100007210077628031`).
    package func iban(country: String) -> String {
        let bban = bankCode + Self.zeroPad(prefix, 6) + Self.zeroPad(number, 10)
        let check = ISO7064.mod97CheckDigits(Array((bban + country).utf8)) ?? 0
        return country + (check < 10 ? "0\(check)" : "\(check)") + bban
    }

    /// `19-2000145399/0800`, or `2000145399/0800` without a prefix.
    package var formatted: String { (prefix.isEmpty ? "" : prefix + "-") + number + "/" + bankCode }

    /// Σ digit·weight, right-aligned (the last digit takes the last weight; left zero padding adds nothing).
    /// nil when a byte is not a digit or there are more digits than weights. One forward pass checks and sums.
    static func weightedSum(_ digits: ArraySlice<UInt8>, _ weights: [Int]) -> Int? {
        guard digits.count <= weights.count else { return nil }
        var sum = 0
        var w = weights.count - digits.count
        for b in digits {
            guard b >= 48, b <= 57 else { return nil }
            sum += Int(b - 48) * weights[w]
            w += 1
        }
        return sum
    }

    static func stripZeros(_ d: ArraySlice<UInt8>) -> String {
        String(decoding: d.drop { $0 == 0x30 }, as: UTF8.self)
    }

    static func zeroPad(_ s: String, _ n: Int) -> String {
        s.utf8.count >= n ? s : String(repeating: "0", count: n - s.utf8.count) + s
    }

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
}

/// How a country prints an account of the mod-97 scheme: its length and its printed groups.
/// The Serbian and Montenegrin accounts have 18 digits (bank 3, account 13, control 2), the Bosnian 16 (bank 3,
/// branch 3, account 8, control 2), the North Macedonian 15 (bank 3, account 10, control 2).
package struct Mod97AccountLayout: Sendable, Hashable, Codable {
    /// Digits of the whole account, control included.
    package let digits: Int
    /// The printed groups, left to right (`[3, 13, 2]`); the last is the control.
    package let groups: [Int]

    /// RS, ME: `840-0000000955845-10`.
    package static let eighteen = Mod97AccountLayout(digits: 18, groups: [3, 13, 2])
    /// BA: `199-044-00012002-79` (the IBAN registry's domestic example).
    package static let sixteen = Mod97AccountLayout(digits: 16, groups: [3, 3, 8, 2])
    /// MK: `300-0000000424-25`.
    package static let fifteen = Mod97AccountLayout(digits: 15, groups: [3, 10, 2])
}

/// A domestic account of the mod-97 scheme: bank (3) + account (zero-padded) + control (2), control =
/// 98 − (the digits before it · 100 mod 97), so the whole number ≡ 1 mod 97 (ISO 7064 MOD 97-10). The Serbian
/// account (formats-cee.md §2.3) and the Montenegrin one have 18 digits; the Bosnian (16) and North Macedonian (15)
/// accounts are the same scheme at other lengths (``Mod97AccountLayout``). `840-955845-10` ≡ `840000000095584510`.
package struct Mod97AccountNumber: Sendable, Hashable, Codable {
    /// 3 digits.
    package var bankCode: String
    /// Everything between the bank code and the control, zero-padded (13 digits for 18-digit accounts).
    package var number: String
    /// 2 digits.
    package var checkDigits: String
    package var layout: Mod97AccountLayout = .eighteen

    /// The digits, or `bbb-n…-kk` with the middle part zero-padded (for 16 digits also the four printed groups);
    /// nil when the syntax or the mod-97 check fails.
    package init?(_ text: String, layout: Mod97AccountLayout = .eighteen) {
        self.init(bytes: Array(text.utf8)[...], layout: layout)
    }

    /// The same from bytes, so decoders need not build a string first.
    package init?(bytes b: ArraySlice<UInt8>, layout: Mod97AccountLayout = .eighteen) {
        let n = layout.digits
        guard b.count <= n + layout.groups.count + 1 else { return nil }
        var digits: ArraySlice<UInt8>
        // The compact form (most payloads) is used as is, without splitting.
        let groups = b.contains(UInt8(ascii: "-")) ? b.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false) : [b]
        if groups.count == 1 {
            digits = b
        } else if groups.count == 3, groups[0].count == 3, (1...(n - 5)).contains(groups[1].count), groups[2].count == 2 {
            // bank-number-control, the number without its leading zeros.
            digits = (Array(groups[0]) + Array(repeating: 0x30, count: n - 5 - groups[1].count) + Array(groups[1]) + Array(groups[2]))[...]
        } else if groups.count == layout.groups.count, groups.count > 3, zip(groups, layout.groups).allSatisfy({ $0.count == $1 }) {
            digits = Array(groups.joined())[...]
        } else {
            return nil
        }
        let s = digits.startIndex
        guard digits.count == n, digits.allSatisfy(PrefixedAccountNumber.isDigit),
              let expected = ISO7064.mod97CheckDigits(digits[s..<(s + n - 2)]),
              Int(digits[s + n - 2] - 48) * 10 + Int(digits[s + n - 1] - 48) == expected else { return nil }
        bankCode = String(decoding: digits[s..<(s + 3)], as: UTF8.self)
        number = String(decoding: digits[(s + 3)..<(s + n - 2)], as: UTF8.self)
        checkDigits = String(decoding: digits[(s + n - 2)..<(s + n)], as: UTF8.self)
        self.layout = layout
    }

    /// All digits.
    package var compact: String { bankCode + number + checkDigits }
    /// The country's IBAN: its two letters, the mod-97 check digits, the digits (constant per country, as the
    /// national check makes the BBAN ≡ 1 mod 97: `RS35`, `ME25`, `BA39`, `MK07`).
    package func iban(country: String) -> String {
        let bban = Array(compact.utf8)
        let check = ISO7064.mod97CheckDigits(bban + Array(country.utf8)) ?? 0
        return country + (check < 10 ? "0" : "") + String(check) + compact
    }
    /// The printed groups joined by dashes: `bbb-nnnnnnnnnnnnn-kk`, `bbb-fff-nnnnnnnn-kk`, `bbb-nnnnnnnnnn-kk`.
    package var formatted: String {
        var out: [String] = []
        var rest = Substring(compact)
        for g in layout.groups {
            out.append(String(rest.prefix(g)))
            rest = rest.dropFirst(g)
        }
        return out.joined(separator: "-")
    }
}

extension PrefixedAccountNumber {
    /// A slip's account box of a country with this scheme: `prefix-number/bank` or the country's IBAN.
    package static func read(_ s: String, country: String) -> NationalAccountReading {
        if s.hasPrefix(country) {
            guard let a = PrefixedAccountNumber(iban: s) else { return NationalAccountReading.ibanShaped(s, country) ? .failedCheck(s) : .notAnAccount }
            return .account(Account(iban: a.iban(country: country), number: a.formatted, bankCode: a.bankCode))
        }
        guard let a = PrefixedAccountNumber(s) else {
            // `prefix-number/bank` with digits only around the separators: a check digit is wrong.
            let shape = s.contains("/") && s.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || $0 == 45 || $0 == 47 }
            return shape ? .failedCheck(s) : .notAnAccount
        }
        return .account(Account(iban: a.iban(country: country), number: a.formatted, bankCode: a.bankCode))
    }
}

extension NationalAccountReading {
    /// The country's two letters followed by digits only: an IBAN of that country, whatever its checks say.
    package static func ibanShaped(_ s: String, _ country: String) -> Bool {
        s.hasPrefix(country) && s.utf8.count > 4 && s.utf8.dropFirst(2).allSatisfy { $0 >= 48 && $0 <= 57 }
    }

    /// The account as an identifier (`giro check cz-account`): `compact` makes the electronic form of the national
    /// print form (the record's `number`); the IBAN and bank code go to the details. `failedCheck` and
    /// `notAnAccount` become typed errors.
    package func identifier(country: String, what: String, compact: (String) -> String = { $0 }) throws(GiroError) -> ValidIdentifier {
        switch self {
        case .account(let a):
            var details = ["country": country]
            if let iban = a.iban { details["iban"] = iban }
            if let bank = a.bankCode { details["bankCode"] = bank }
            let number = a.number ?? a.iban ?? ""
            return ValidIdentifier(compact: compact(number), formatted: number, details: details)
        case .failedCheck(let s):
            throw GiroError(.ibanInvalidNationalCheck, field: "account", "\(what) \(s.prefix(40)): a check digit does not match")
        case .notAnAccount:
            throw GiroError(.fieldInvalid, field: "account", "not a \(what)")
        }
    }
}

/// The `giro check` kind and slip account rule of a country whose account scheme the core holds (several plug-ins
/// share it): one value per country, declared in the plug-in's descriptor.
package struct SharedSchemeAccount: Identifier, NationalAccountRule {
    /// The account schemes two or more plug-ins share.
    package enum Scheme: Sendable {
        /// `[prefix-]number/bank`, both weighted mod 11 (CZ, SK).
        case prefixed
        /// Bank (3) + account (13, zero-padded) + mod-97 control (2) (RS, ME).
        case mod97Eighteen
        /// Bank (3) + branch (3) + account (8) + mod-97 control (2) (BA).
        case mod97Sixteen
        /// Bank (3) + account (10) + mod-97 control (2) (MK).
        case mod97Fifteen

        /// The printed layout of a mod-97 scheme; nil for `prefixed`.
        var mod97Layout: Mod97AccountLayout? {
            switch self {
            case .prefixed: nil
            case .mod97Eighteen: .eighteen
            case .mod97Sixteen: .sixteen
            case .mod97Fifteen: .fifteen
            }
        }
    }

    public let kind: String
    public let country: String?
    public let countryCode: String
    public let summary: String
    public let example: String
    package let scheme: Scheme

    package init(kind: String, country: String, scheme: Scheme, example: String, summary: String) {
        self.kind = kind
        self.country = country
        self.countryCode = country
        self.summary = summary
        self.example = example
        self.scheme = scheme
    }

    public func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        guard let layout = scheme.mod97Layout else {
            guard let compact = IdentifierText.compact(input) else {
                throw GiroError(.fieldInvalid, field: "account", "an account has at most 256 bytes")
            }
            return try read(String(decoding: compact, as: UTF8.self)).identifier(country: countryCode, what: "\(countryCode) account")
        }
        guard input.utf8.count <= 256 else { throw GiroError(.fieldInvalid, field: "account", "an account has at most 256 bytes") }
        let reading = read(Mod97AccountNumber.grouped(input, layout: layout, country: countryCode))
        do {
            return try reading.identifier(country: countryCode, what: "\(countryCode) account") { $0.replacingOccurrences(of: "-", with: "") }
        } catch {
            var e = error
            e.offset = Mod97AccountNumber.errorOffset(input, reading: reading, layout: layout)
            switch reading {
            case .notAnAccount: e.message = Mod97AccountNumber.shapeProblem(input, layout: layout, country: countryCode, offset: e.offset)
            // As typed, not as regrouped for reading.
            case .failedCheck: e.message = "\(countryCode) account \(input.split(whereSeparator: \.isWhitespace).joined(separator: " ").prefix(40)): a check digit does not match"
            case .account: break
            }
            throw e
        }
    }

    public func read(_ s: String) -> NationalAccountReading {
        guard let layout = scheme.mod97Layout else { return PrefixedAccountNumber.read(s, country: countryCode) }
        return Mod97AccountNumber.read(s, country: countryCode, layout: layout)
    }
}

extension Mod97AccountNumber {
    /// A slip's account box: the printed groups, all digits, or the country's IBAN.
    package static func read(_ s: String, country: String, layout: Mod97AccountLayout = .eighteen) -> NationalAccountReading {
        var text = s
        if text.hasPrefix(country) {
            guard text.utf8.count == layout.digits + 4, let iban = try? IBAN.validate(Array(text.utf8)), iban.iban.countryCode == country else {
                return NationalAccountReading.ibanShaped(text, country) ? .failedCheck(text) : .notAnAccount
            }
            text = String(text.dropFirst(4))
        }
        guard let a = Mod97AccountNumber(text, layout: layout) else {
            return hasShape(Array(text.utf8)[...], layout: layout) ? .failedCheck(text) : .notAnAccount
        }
        return .account(Account(iban: a.iban(country: country), number: a.formatted, bankCode: a.bankCode))
    }

    /// Digits in one of the layout's printed groupings (what ``init(bytes:layout:)`` parses), whatever the check.
    static func hasShape(_ b: ArraySlice<UInt8>, layout: Mod97AccountLayout) -> Bool {
        let n = layout.digits
        guard b.count <= n + layout.groups.count + 1, b.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 45 }) else { return false }
        let g = b.split(separator: 45, omittingEmptySubsequences: false).map(\.count)
        if g.count == 1 { return g[0] == n }
        if g.count == 3, g[0] == 3, (1...(n - 5)).contains(g[1]), g[2] == 2 { return true }
        return g == layout.groups
    }

    /// A typed or printed value made ready for ``read(_:country:layout:)``: the IBAN (with or without spaces)
    /// compacted; otherwise runs of spaces, dots and dashes become one dash, and groups that hold all the digits
    /// (`1990 4400 0120 0279`) are joined, as the grouping is then only cosmetic. Letters are upper-cased.
    package static func grouped(_ input: String, layout: Mod97AccountLayout, country: String) -> String {
        let compact = IdentifierText.compact(input, removing: ".-") ?? []
        if compact.starts(with: Array(country.utf8)) { return String(decoding: compact, as: UTF8.self) }
        var out: [UInt8] = []
        var digits = 0
        for b in (IdentifierText.compact(input.replacingOccurrences(of: ".", with: "-").split(whereSeparator: { $0.isWhitespace }).joined(separator: "-")) ?? []) {
            if b == 45 {
                if let last = out.last, last != 45 { out.append(b) }
                continue
            }
            if b >= 48 && b <= 57 { digits += 1 }
            out.append(b)
        }
        if out.last == 45 { out.removeLast() }
        if digits == layout.digits, out.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 45 }) { out.removeAll { $0 == 45 } }
        return String(decoding: out, as: UTF8.self)
    }

    /// Where a rejected value goes wrong, as a byte offset in the input: the control digits when they do not
    /// match, else the first byte that is no digit, separator or the country's IBAN letters; nil when only the
    /// digit count is wrong.
    package static func errorOffset(_ input: String, reading: NationalAccountReading, layout: Mod97AccountLayout) -> Int? {
        let b = Array(input.utf8)
        if case .failedCheck = reading {
            // The last two digits of the input are the control (of the account or, in an IBAN, of the BBAN).
            var seen = 0
            for i in b.indices.reversed() where b[i] >= 48 && b[i] <= 57 {
                seen += 1
                if seen == 2 { return i }
            }
            return nil
        }
        let start = b.prefix(2).allSatisfy { ($0 | 0x20) >= 97 && ($0 | 0x20) <= 122 } ? min(2, b.count) : 0
        return b[start...].firstIndex { !(($0 >= 48 && $0 <= 57) || $0 == 32 || $0 == 45 || $0 == 46 || $0 == 9) }
    }

    /// Why a value is no account of the layout, in words.
    package static func shapeProblem(_ input: String, layout: Mod97AccountLayout, country: String, offset: Int? = nil) -> String {
        let digits = input.utf8.reduce(0) { $1 >= 48 && $1 <= 57 ? $0 + 1 : $0 }
        let groups = layout.groups.map(String.init).joined(separator: "-")
        let expected = "not a \(country) account: \(layout.digits) digits (\(groups)) or the \(country) IBAN expected"
        let b = Array(input.utf8)
        if let offset, offset < b.count {
            // The offending character itself (a whole UTF-8 sequence), so the message names what to fix.
            let end = b[(offset + 1)...].firstIndex { $0 & 0xC0 != 0x80 } ?? b.count
            return expected + ", \"\(String(decoding: b[offset..<end], as: UTF8.self))\" at byte \(offset)"
        }
        return expected + ", \(digits) digits found"
    }
}

