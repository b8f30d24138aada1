/// The shared machinery of the grouped models (``ReferenceModelScheme``): digit groups P1…P4 separated by `-`,
/// per-group length rules and check units that cover one group or several concatenated ones.
package enum GroupedReferenceModels {
    /// One prefix's model table and limits (data: ReferenceModelTables.swift).
    package struct Scheme: Sendable {
        /// The letters printed before the model number.
        package let prefix: String
        /// Longest reference, hyphens included.
        let maxLength: Int
        /// Most digits in all groups together.
        let maxDigits: Int
        let defaultMaxGroupLength: Int
        let table: [Int: ModelRule]
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
        var extra: (@Sendable ([ArraySlice<UInt8>]) -> String?)? = nil
    }

    static func check(scheme: Scheme, model: String, reference: String) -> ReferenceModelCheck {
        let bytes = Array(reference.utf8)
        // Slices share `bytes` (no copy per group), in an array sized for P1–P4 up front.
        var parts: [ArraySlice<UInt8>] = []
        parts.reserveCapacity(4)
        var groupStart = 0
        for (i, b) in bytes.enumerated() where b == hyphen {
            parts.append(bytes[groupStart..<i])
            groupStart = i + 1
        }
        parts.append(bytes[groupStart...])
        let partStrings = bytes.isEmpty ? [] : parts.map { String(decoding: $0, as: UTF8.self) }
        guard let number = modelNumber(model, prefix: scheme.prefix) else {
            return ReferenceModelCheck(model: model, parts: partStrings, known: false, valid: false,
                                       problems: ["model \(model) is not \(scheme.prefix) followed by two digits"])
        }
        // Most payloads already write the canonical `HR01`; build the name only for `hr01` / `01`.
        let name = isCanonical(model, prefix: scheme.prefix) ? model : scheme.prefix + (number < 10 ? "0\(number)" : "\(number)")
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
                let last = min(unit.last, parts.count - 1)
                // A unit over one group reads it in place; one over several checks their digits concatenated.
                var digits = parts[unit.first]
                if last > unit.first {
                    var joined: [UInt8] = []
                    for i in unit.first...last { joined += parts[i] }
                    digits = joined[...]
                }
                if let problem = verify(digits, rule: unit.rule, label: label(unit, count: parts.count)) {
                    problems.append(problem)
                }
            }
        }
        return ReferenceModelCheck(model: name, parts: partStrings, known: true, valid: problems.isEmpty, problems: problems)
    }

    private static let hyphen = UInt8(ascii: "-")

    private static func validateStructure(_ bytes: [UInt8], _ parts: [ArraySlice<UInt8>], scheme: Scheme, rule: ModelRule,
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
            var p: String { "P\(i + 1)" }
            if part.isEmpty {
                problems.append("\(p) is empty")
                continue
            }
            guard part.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
                problems.append("\(p) contains characters other than digits")
                continue
            }
            digitCount += part.count
            let g = rule.groupRules.isEmpty ? GroupRule() : rule.groupRules[i] ?? GroupRule()
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

    /// nil when the digits pass; otherwise the problem. `label` is built only for a problem.
    private static func verify(_ digits: ArraySlice<UInt8>, rule: Rule, label: @autoclosure () -> String) -> String? {
        guard digits.count >= 2, let last = digits.last else { return "\(label()) is too short to carry a check digit" }
        let written = Int(last) - 48
        let data = digits.dropLast()
        func expect(_ k: Int?) -> String? {
            guard let k else { return "\(label()) has no valid check digit" }
            return k == written ? nil : "\(label()) check digit is \(written), expected \(k)"
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
            return NationalModuli.isValidMod11JMBG(digits) ? nil : "\(label()) fails the MOD11 JMBG check"
        case .hr40:
            guard digits.count >= 3, let secondLast = data.last else { return "\(label()) is too short for two check digits" }
            let body = digits.dropLast(2)
            let k1 = Int(secondLast) - 48
            if let e = Luhn.checkDigit(body), e != k1 { return "\(label()) first check digit is \(k1), expected \(e)" }
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

    /// `HR01`, `hr01`, `01` → 1. Reads the UTF-8 view in place (no array per call).
    private static func modelNumber(_ model: String, prefix: String) -> Int? {
        let b = model.utf8
        guard b.count == 2 || b.count == 4 else { return nil }
        var it = b.makeIterator()
        if b.count == 4 {
            guard let c0 = it.next(), let c1 = it.next(), c0 & 0xDF == prefix.utf8.first, c1 & 0xDF == prefix.utf8.last else { return nil }
        }
        guard let d0 = it.next(), let d1 = it.next(), d0 >= 48, d0 <= 57, d1 >= 48, d1 <= 57 else { return nil }
        return Int(d0 - 48) * 10 + Int(d1 - 48)
    }

    /// `model` is already written as the normalized name (`HR01`, not `hr01` or `01`).
    private static func isCanonical(_ model: String, prefix: String) -> Bool {
        model.utf8.count == 4 && model.utf8.starts(with: prefix.utf8)
    }
}
