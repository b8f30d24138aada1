/// The model tables of the ``ReferenceModelScheme``s `HR` and `SI` (formats-cee.md §1.6, §3.5): registry data.
/// Group indices are 0-based (P1 = 0). A check unit over several groups checks their concatenated digits.
enum ReferenceModelTables {
    typealias M = GroupedReferenceModels.ModelRule
    typealias G = GroupedReferenceModels.GroupRule
    typealias C = GroupedReferenceModels.CheckUnit

    private static let d3 = UInt8(ascii: "3"), d6 = UInt8(ascii: "6"), d0 = UInt8(ascii: "0")
    private static let d1 = UInt8(ascii: "1"), d2 = UInt8(ascii: "2")

    static let hr: [Int: M] = [
        0: M(),
        1: M(checks: [C(0, 2, .mod11INI)]),
        2: M(checks: [C(1, nil, .mod11INI), C(2, nil, .mod11INI)]),
        3: M(checks: [C(0, nil, .mod11INI), C(1, nil, .mod11INI), C(2, nil, .mod11INI)]),
        4: M(checks: [C(0, nil, .mod11INI), C(2, nil, .mod11INI)]),
        5: M(checks: [C(0, nil, .mod11INI), C(1, nil, .oibWhen11)]),
        6: M(checks: [C(1, 2, .mod11INI)], groupRules: [2: G(noLeadingZero: true)]),
        7: M(checks: [C(1, nil, .mod11INI)]),
        8: M(checks: [C(0, 1, .mod11INI), C(2, nil, .mod11INI)], groupRules: [1: G(noLeadingZero: true)]),
        9: M(checks: [C(0, 1, .mod11INI)]),
        10: M(checks: [C(0, nil, .mod11INI), C(1, 2, .mod11INI)], groupRules: [2: G(noLeadingZero: true)]),
        11: M(checks: [C(0, nil, .mod11INI), C(1, nil, .mod11INI)]),
        12: M(checks: [C(0, nil, .jmbg)], groupRules: [0: G(lengths: [13])]),
        13: M(checks: [C(0, nil, .mod11P7)], groupRules: [0: G(lengths: [10], firstDigits: [d3])]),
        14: M(checks: [C(0, nil, .mod10ZB)], groupRules: [0: G(lengths: [10])]),
        15: M(groups: 1...2, checks: [C(0, nil, .luhn), C(1, nil, .luhn)], groupRules: [0: G(lengths: [8]), 1: G(lengths: [11])]),
        16: M(groups: 3...3, checks: [C(0, nil, .mod11INI), C(1, nil, .mod11INI)],
              groupRules: [0: G(lengths: [5]), 1: G(lengths: [4]), 2: G(lengths: [8])]),
        17: M(checks: [C(0, nil, .iso7064)]),
        18: M(checks: [C(0, nil, .mod11P7)]),
        19: M(groups: 2...2, checks: [C(0, nil, .mod11INI), C(1, nil, .iso7064)],
              groupRules: [0: G(maxLength: 10), 1: G(lengths: [11])]),
        23: M(groups: 1...4, checks: [C(0, nil, .mod11INI)], groupRules: [0: G(lengths: [4], firstDigits: [d6])],
              extra: { parts in
                  let rest = parts.dropFirst().reduce(0) { $0 + $1.count }
                  return rest > 15 ? "P2–P4 have \(rest) digits together; at most 15" : nil
              }),
        24: M(groups: 1...4, checks: [C(0, nil, .mod11INI)], groupRules: [0: G(lengths: [4]), 1: G(maxLength: 13)]),
        25: M(groups: 2...2, groupRules: [0: G(lengths: [3]), 1: G(lengths: [7])]),
        26: M(groups: 3...4, checks: [C(0, nil, .mod11INI), C(1, nil, .mod11INIOrOIB), C(2, nil, .mod11INIOrOIB)],
              groupRules: [1: G(maxLength: 11), 2: G(maxLength: 11)]),
        27: M(groups: 2...2, checks: [C(0, nil, .mod11INI), C(1, nil, .mod11INI)], groupRules: [0: G(lengths: [4])]),
        28: M(groups: 3...4, checks: [C(0, nil, .mod11INI), C(1, nil, .mod11INI), C(2, nil, .mod11INI)],
              groupRules: [0: G(lengths: [4]), 1: G(lengths: [3]), 2: G(lengths: [6]), 3: G(maxLength: 6)]),
        29: M(groups: 3...3, checks: [C(0, nil, .mod11INI), C(1, nil, .mod11INI), C(2, nil, .mod11INI)],
              groupRules: [0: G(lengths: [4])]),
        30: M(groups: 3...3, groupRules: [0: G(lengths: [10]), 1: G(lengths: [4]), 2: G(maxLength: 6)]),
        31: M(groups: 1...4, checks: [C(0, nil, .iso7064)], groupRules: [0: G(maxLength: 6)]),
        33: M(groups: 3...3, checks: [C(0, nil, .iso7064), C(1, nil, .iso7064)],
              groupRules: [0: G(maxLength: 6), 1: G(maxLength: 7), 2: G(maxLength: 7)]),
        34: M(groups: 3...3, checks: [C(0, nil, .iso7064), C(1, nil, .iso7064), C(2, nil, .iso7064)],
              groupRules: [0: G(maxLength: 6), 1: G(maxLength: 7), 2: G(maxLength: 5, noLeadingZero: true)]),
        35: M(groups: 2...2, checks: [C(0, nil, .mod11INI), C(1, nil, .iso7064)],
              groupRules: [0: G(maxLength: 10), 1: G(lengths: [11])]),
        40: M(checks: [C(0, nil, .hr40)], groupRules: [0: G(lengths: [11], firstDigits: [d0])],
              extra: { parts in
                  var run = 1
                  for i in parts[0].indices.dropFirst() {
                      run = parts[0][i] == parts[0][i - 1] ? run + 1 : 1
                      if run >= 3 { return "P1 has three identical digits in a row" }
                  }
                  return nil
              }),
        41: M(checks: [C(0, nil, .jmbg), C(1, nil, .mod11INI)], groupRules: [0: G(lengths: [13])]),
        42: M(checks: [C(0, 2, .jmbg)]),
        43: M(groups: 4...4, checks: [C(1, nil, .mod11INI)],
              groupRules: [0: G(lengths: [3]), 1: G(lengths: [8]), 2: G(lengths: [5]), 3: G(lengths: [3])]),
        // PBZ-only; P1's "MOD11" variant and P3's algorithm are unpublished: structure only.
        50: M(groups: 3...3, groupRules: [0: G(lengths: [5]), 1: G(lengths: [12]), 2: G(lengths: [1])]),
        55: M(checks: [C(0, nil, .mod11INI)]),
        62: M(groups: 3...4, checks: [C(0, nil, .mod11INI), C(1, nil, .iso7064), C(2, nil, .mod11INI)],
              groupRules: [0: G(lengths: [4]), 1: G(maxLength: 5, noLeadingZero: true), 2: G(maxLength: 6), 3: G(maxLength: 12)]),
        63: M(groups: 3...3, checks: [C(0, nil, .mod11INI), C(1, nil, .iso7064), C(2, nil, .mod11INI)],
              groupRules: [0: G(lengths: [4]), 1: G(maxLength: 5)]),
        64: M(groups: 3...4, checks: [C(0, nil, .mod11INI), C(1, nil, .iso7064), C(2, nil, .oibWhen11)],
              groupRules: [2: G(maxLength: 12), 3: G(maxLength: 9)]),
        65: M(groups: 3...4, checks: [C(0, nil, .mod11INI), C(1, nil, .mod11INI), C(2, nil, .hr65Part3)],
              groupRules: [0: G(lengths: [4]), 1: G(lengths: [3]), 2: G(maxLength: 11)]),
        67: M(checks: [C(0, nil, .iso7064)], groupRules: [0: G(lengths: [11]), 1: G(maxLength: 10), 2: G(maxLength: 8)]),
        68: M(groups: 2...3, checks: [C(0, nil, .mod11INI), C(1, nil, .iso7064)],
              groupRules: [0: G(lengths: [4]), 1: G(lengths: [11]), 2: G(maxLength: 5)]),
        69: M(groups: 2...3, checks: [C(0, nil, .mod11INI), C(1, nil, .iso7064)],
              groupRules: [0: G(lengths: [5]), 1: G(lengths: [11]), 2: G(lengths: [3])]),
        83: M(groups: 2...3, checks: [C(0, nil, .mod11INI)],
              groupRules: [0: G(lengths: [4]), 1: G(lengths: [5, 7, 16], firstDigits: [d0, d3]), 2: G(lengths: [6], firstDigits: [d1, d2])],
              extra: { parts in
                  parts.count == 3 && parts[1].count != 5 ? "P3 is allowed only when P2 has 5 digits" : nil
              }),
        84: M(groups: 2...3, checks: [C(0, nil, .mod11INI)],
              groupRules: [0: G(lengths: [4]), 1: G(lengths: [4, 8]), 2: G(lengths: [10])]),
        99: M(groups: 0...0),
    ]

    static let si: [Int: M] = {
        var t: [Int: M] = [
            0: M(),
            1: M(checks: [C(0, 2, .mod11INI)]),
            2: M(groups: 3...3, checks: [C(1, nil, .mod11INI), C(2, nil, .mod11INI)]),
            3: M(groups: 3...3, checks: [C(0, nil, .mod11INI), C(1, nil, .mod11INI), C(2, nil, .mod11INI)]),
            4: M(groups: 3...3, checks: [C(0, nil, .mod11INI), C(2, nil, .mod11INI)]),
            5: M(checks: [C(0, nil, .mod11INI)]),
            6: M(groups: 2...3, checks: [C(1, 2, .mod11INI)]),
            7: M(groups: 2...3, checks: [C(1, nil, .mod11INI)]),
            8: M(groups: 3...3, checks: [C(0, 1, .mod11INI), C(2, nil, .mod11INI)]),
            9: M(checks: [C(0, 1, .mod11INI)]),
            10: M(groups: 2...3, checks: [C(0, nil, .mod11INI), C(1, 2, .mod11INI)]),
            12: M(groups: 1...1, checks: [C(0, nil, .mod11INI)]),
            21: M(checks: [C(0, nil, .mod11INI)]),
            31: M(checks: [C(0, nil, .mod11INI)]),
            55: M(checks: [C(0, nil, .mod11INI)]),
            99: M(groups: 0...0),
        ]
        for n in [11, 18, 19, 28, 38, 40, 41, 48, 49, 51, 58] {
            t[n] = M(groups: 2...3, checks: [C(0, nil, .mod11INI), C(1, nil, .mod11INI)])
        }
        return t
    }()
}

extension GroupedReferenceModels.Scheme {
    /// `HR00`–`HR99`: 22 characters with hyphens, groups up to 12 digits.
    package static let hr = Self(prefix: "HR", maxLength: 22, maxDigits: 22, defaultMaxGroupLength: 12, table: ReferenceModelTables.hr)
    /// `SI00`–`SI99`: 22 characters, at most 20 digits.
    package static let si = Self(prefix: "SI", maxLength: 22, maxDigits: 20, defaultMaxGroupLength: 20, table: ReferenceModelTables.si)
}
