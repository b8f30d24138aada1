/// The shared machinery of the Croatian and Slovenian models: digit groups P1…P4 separated by `-`,
/// per-group length rules and check units that cover one group or several concatenated ones.
enum GroupedReferenceModels {
    enum Scheme: Sendable {
        case croatia, slovenia

        var prefix: String { self == .croatia ? "HR" : "SI" }
        /// Longest reference, hyphens included.
        var maxLength: Int { 22 }
        /// Most digits in all groups together (HR: implied by 22 with hyphens; SI: 20).
        var maxDigits: Int { self == .croatia ? 22 : 20 }
        var defaultMaxGroupLength: Int { self == .croatia ? 12 : 20 }
        var table: [Int: ModelRule] { self == .croatia ? ReferenceModelTables.croatia : ReferenceModelTables.slovenia }
    }

    /// How one check unit's digits are verified (its last digit is the check digit).
    enum Rule: Sendable {
        case mod11INI, iso7064, jmbg, mod11P7, mod10ZB, luhn
        /// HR40: two check digits, K1 Luhn over the data, K2 modulus 11 (weights 2…7) over data + K1.
        case hr40
        /// MOD11INI up to 10 digits, OIB (ISO 7064) at 11 digits (HR26).
        case mod11INIOrOIB
        /// ISO 7064 up to 5 or at 11 digits, MOD11INI at 6–10 digits (HR65 P3).
        case hr65Part3
        /// ISO 7064 only when the group is an 11-digit OIB; otherwise unchecked (HR05 P2, HR64 P3).
        case oibWhen11
    }

    struct CheckUnit: Sendable {
        let first: Int
        let last: Int
        let rule: Rule
        init(_ first: Int, _ last: Int? = nil, _ rule: Rule) {
            self.first = first
            self.last = last ?? first
            self.rule = rule
        }
    }

    struct GroupRule: Sendable {
        var lengths: [Int]? = nil       // exact lengths allowed
        var maxLength: Int? = nil
        var firstDigits: [UInt8]? = nil // allowed first digits (ASCII)
        var noLeadingZero = false
    }

    struct ModelRule: Sendable {
        var groups: ClosedRange<Int> = 1...3
        var checks: [CheckUnit] = []
        var groupRules: [Int: GroupRule] = [:]
        /// Extra model-specific structure rule; returns a problem or nil.
        var extra: (@Sendable ([[UInt8]]) -> String?)? = nil
    }

    static func check(scheme: Scheme, model: String, reference: String) -> ReferenceModelCheck {
        let bytes = Array(reference.utf8)
        let parts = bytes.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false).map(Array.init)
        let partStrings = bytes.isEmpty ? [] : parts.map { String(decoding: $0, as: UTF8.self) }
        guard let number = modelNumber(model, prefix: scheme.prefix) else {
            return ReferenceModelCheck(model: model, parts: partStrings, known: false, valid: false,
                                       problems: ["model \(model) is not \(scheme.prefix) followed by two digits"])
        }
        let name = scheme.prefix + (number < 10 ? "0\(number)" : "\(number)")
        guard let rule = scheme.table[number] else {
            return ReferenceModelCheck(model: name, parts: partStrings, known: false, valid: false,
                                       problems: ["model \(name) is not defined"])
        }
        var problems: [String] = []
        if number == 99 {
            if !bytes.isEmpty { problems.append("model \(name) means no reference, but one is given") }
            return ReferenceModelCheck(model: name, parts: partStrings, known: true, valid: problems.isEmpty, problems: problems)
        }
        validateStructure(bytes, parts, scheme: scheme, rule: rule, problems: &problems)
        if problems.isEmpty {
            for unit in rule.checks where unit.first < parts.count {
                var digits: [UInt8] = []
                for i in unit.first...min(unit.last, parts.count - 1) { digits += parts[i] }
                if let problem = verify(digits, rule: unit.rule, label: label(unit, count: parts.count)) {
                    problems.append(problem)
                }
            }
        }
        return ReferenceModelCheck(model: name, parts: partStrings, known: true, valid: problems.isEmpty, problems: problems)
    }

    private static func validateStructure(_ bytes: [UInt8], _ parts: [[UInt8]], scheme: Scheme, rule: ModelRule,
                                          problems: inout [String]) {
        if bytes.isEmpty {
            problems.append("reference is empty")
            return
        }
        if bytes.count > scheme.maxLength { problems.append("reference has \(bytes.count) characters; at most \(scheme.maxLength)") }
        if !rule.groups.contains(parts.count) {
            let allowed = rule.groups.count == 1 ? "\(rule.groups.lowerBound)" : "\(rule.groups.lowerBound)–\(rule.groups.upperBound)"
            problems.append("reference has \(parts.count) groups; the model allows \(allowed)")
        }
        var digitCount = 0
        for (i, part) in parts.enumerated() {
            let p = "P\(i + 1)"
            if part.isEmpty {
                problems.append("\(p) is empty")
                continue
            }
            guard part.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
                problems.append("\(p) contains characters other than digits")
                continue
            }
            digitCount += part.count
            let g = rule.groupRules[i] ?? GroupRule()
            if let lengths = g.lengths, !lengths.contains(part.count) {
                problems.append("\(p) has \(part.count) digits; the model needs \(lengths.map(String.init).joined(separator: " or "))")
            } else if part.count > (g.maxLength ?? g.lengths?.max() ?? scheme.defaultMaxGroupLength) {
                problems.append("\(p) has \(part.count) digits; at most \(g.maxLength ?? scheme.defaultMaxGroupLength)")
            }
            if let first = g.firstDigits, let d = part.first, !first.contains(d) {
                problems.append("\(p) must start with \(first.map { String(UnicodeScalar($0)) }.joined(separator: " or "))")
            }
            if g.noLeadingZero, part.first == UInt8(ascii: "0") { problems.append("\(p) must not start with 0") }
        }
        if digitCount > scheme.maxDigits { problems.append("reference has \(digitCount) digits; at most \(scheme.maxDigits)") }
        if problems.isEmpty, let extra = rule.extra, let problem = extra(parts) { problems.append(problem) }
    }

    private static func label(_ unit: CheckUnit, count: Int) -> String {
        let last = min(unit.last, count - 1)
        return unit.first == last ? "P\(unit.first + 1)" : "P\(unit.first + 1)–P\(last + 1)"
    }

    /// nil when the digits pass; otherwise the problem.
    private static func verify(_ digits: [UInt8], rule: Rule, label: String) -> String? {
        guard digits.count >= 2, let last = digits.last else { return "\(label) is too short to carry a check digit" }
        let written = Int(last) - 48
        let data = digits.dropLast()
        func expect(_ k: Int?) -> String? {
            guard let k else { return "\(label) has no valid check digit" }
            return k == written ? nil : "\(label) check digit is \(written), expected \(k)"
        }
        switch rule {
        case .mod11INI:
            return expect(NationalModuli.mod11INICheckDigit(data))
        case .iso7064:
            return expect(ISO7064.mod11_10CheckDigit(data))
        case .mod11P7:
            return expect(NationalModuli.mod11P7CheckDigit(data))
        case .mod10ZB:
            return expect(NationalModuli.mod10ZBCheckDigit(data))
        case .luhn:
            return expect(Luhn.checkDigit(data))
        case .jmbg:
            return NationalModuli.isValidMod11JMBG(digits) ? nil : "\(label) fails the MOD11 JMBG check"
        case .hr40:
            guard digits.count >= 3 else { return "\(label) is too short for two check digits" }
            let body = digits.dropLast(2)
            let k1 = Int(digits[digits.count - 2]) - 48
            if let e = Luhn.checkDigit(body), e != k1 { return "\(label) first check digit is \(k1), expected \(e)" }
            return expect(NationalModuli.mod11Cyclic7CheckDigit(data))
        case .mod11INIOrOIB:
            return digits.count == 11 ? expect(ISO7064.mod11_10CheckDigit(data)) : expect(NationalModuli.mod11INICheckDigit(data))
        case .hr65Part3:
            return (digits.count <= 5 || digits.count == 11)
                ? expect(ISO7064.mod11_10CheckDigit(data)) : expect(NationalModuli.mod11INICheckDigit(data))
        case .oibWhen11:
            return digits.count == 11 ? expect(ISO7064.mod11_10CheckDigit(data)) : nil
        }
    }

    /// `HR01`, `hr01`, `01` → 1.
    private static func modelNumber(_ model: String, prefix: String) -> Int? {
        var b = Array(model.utf8)
        if b.count == 4 {
            let p = Array(prefix.utf8)
            guard b[0] & 0xDF == p[0], b[1] & 0xDF == p[1] else { return nil }
            b.removeFirst(2)
        }
        guard b.count == 2, b[0] >= 48, b[0] <= 57, b[1] >= 48, b[1] <= 57 else { return nil }
        return Int(b[0] - 48) * 10 + Int(b[1] - 48)
    }
}
