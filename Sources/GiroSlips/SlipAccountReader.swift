import GiroCore

/// The `account` parser: a national account number as printed on the country's slips, checked with GiroCore's
/// rules and converted to the IBAN, filling the account the way the country's barcode plug-in does (IBAN,
/// domestic `number`, `bankCode`). The country's IBAN printed in the same box is accepted too.
enum SlipAccountReader {
    static let countries: Set<String> = ["CZ", "SK", "HU", "RS"]

    enum Outcome {
        case account(Account)
        /// The text has the account's shape but a check digit is wrong.
        case failedCheck(String)
        case none
    }

    static func read(_ raw: String, country: String) -> Outcome {
        // OCR puts spaces around separators and between digit groups; the checks decide, not the spacing.
        let compact = String(raw.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init)).uppercased()
        guard !compact.isEmpty, compact.utf8.count <= 40 else { return .none }
        switch country {
        case "CZ", "SK": return czech(compact, country: country)
        case "HU": return hungarian(compact)
        case "RS": return serbian(compact)
        default: return .none
        }
    }

    static func czech(_ s: String, country: String) -> Outcome {
        if s.hasPrefix(country) {
            guard let a = CzechAccountNumber(iban: s) else { return shaped(s, country) ? .failedCheck(s) : .none }
            return .account(Account(iban: a.iban(country: country), number: a.formatted, bankCode: a.bankCode))
        }
        guard let a = CzechAccountNumber(s) else {
            // `prefix-number/bank` with digits only around the separators: a check digit is wrong.
            let shape = s.contains("/") && s.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || $0 == 45 || $0 == 47 }
            return shape ? .failedCheck(s) : .none
        }
        return .account(Account(iban: a.iban(country: country), number: a.formatted, bankCode: a.bankCode))
    }

    static func hungarian(_ s: String) -> Outcome {
        let giro = s.hasPrefix("HU") ? HungarianGiro(iban: s) : HungarianGiro(s)
        guard let g = giro else {
            let digits = s.utf8.filter { $0 >= 48 && $0 <= 57 }.count
            let shape = s.hasPrefix("HU") ? shaped(s, "HU") : (digits == 16 || digits == 24) && s.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || $0 == 45 }
            return shape ? .failedCheck(s) : .none
        }
        return .account(Account(iban: g.iban, number: g.formatted, bankCode: String(g.digits.prefix(3))))
    }

    static func serbian(_ s: String) -> Outcome {
        var text = s
        if text.hasPrefix("RS") {
            guard text.utf8.count == 22, text.hasPrefix("RS35") else { return shaped(text, "RS") ? .failedCheck(text) : .none }
            text = String(text.dropFirst(4))
        }
        guard let a = SerbianAccountNumber(text) else {
            let digits = text.utf8.filter { $0 >= 48 && $0 <= 57 }.count
            let shape = (digits == 18 || text.contains("-")) && text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || $0 == 45 }
            return shape ? .failedCheck(text) : .none
        }
        return .account(Account(iban: a.iban, number: a.formatted, bankCode: a.bankCode))
    }

    /// The country's two letters followed by digits only.
    static func shaped(_ s: String, _ country: String) -> Bool {
        s.hasPrefix(country) && s.utf8.count > 4 && s.utf8.dropFirst(2).allSatisfy { $0 >= 48 && $0 <= 57 }
    }
}
