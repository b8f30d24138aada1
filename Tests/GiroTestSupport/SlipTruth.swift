import Foundation

/// What one input must give: its slip class (Giro template id), country and the stated fields in the development
/// sample's keys (`iban`, `account`, `sort_code`, `amount`, `currency`, `reference`, `creditor_name`, `debtor_name`,
/// `remittance`, `due_date` (ISO), `coding_line`, and Giro's own `symbols`).
public struct SlipTruth: Sendable {
    public var slipClass: String
    public var country: String
    public var fields: [String: String]

    /// Table order of the scored keys; others a truth states come after, by name.
    public static let order = ["iban", "account", "sort_code", "amount", "currency", "reference", "creditor_name", "debtor_name",
                        "remittance", "due_date", "coding_line", "symbols"]

    /// A truth file of the development sample's form (`expected_stated`, `country`); the class through `classMap`.
    public init?(truthFile url: URL, slipClass: String) {
        guard let data = try? Data(contentsOf: url),
              let doc = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let stated = doc["expected_stated"] as? [String: Any] else { return nil }
        self.slipClass = slipClass
        country = (doc["country"] as? String) ?? String(slipClass.prefix(2)).uppercased()
        var fields: [String: String] = [:]
        for (k, v) in stated {
            if let s = v as? String { fields[k] = s } else if let n = v as? NSNumber { fields[k] = n.stringValue }
        }
        self.fields = fields
    }

    /// Giro's own renders: a `.expect` file, in the same keys (amount `1234.50 EUR` split into amount and currency).
    public init(expectation e: SlipExpectation, slipClass: String, country: String) {
        self.slipClass = slipClass
        self.country = country
        var f: [String: String] = [:]
        f["iban"] = e.iban
        if let a = e.amount {
            let parts = a.split(separator: " ")
            f["amount"] = parts.first.map(String.init)
            if parts.count > 1 { f["currency"] = String(parts[1]) }
        }
        f["reference"] = e.reference
        f["creditor_name"] = e.creditor
        f["debtor_name"] = e.debtor
        f["symbols"] = e.symbols
        fields = f
    }
}

public extension SlipTruth {
    /// Development-sample class names (its generator's) → Giro's template ids. The one place they are mapped.
    static let devClassMap: [String: String] = [
        "at-zahlungsanweisung": "at.zahlungsanweisung",
        "be-virement": "be.overschrijving",
        "ch-es-red": "ch.es",
        "ch-esr-orange": "ch.esr",
        "cz-slozenka": "cz.postovni-poukazka-a",
        "de-sepa-ueberweisung": "de.sepa-ueberweisung",
        "hr-hub3a": "hr.hub-3a",
        "hu-csekk": "hu.csekk",
        "rs-nalog-za-uplatu": "rs.nalog-za-uplatu",
        "si-upn": "si.upn",
        "sk-postovy-poukaz": "sk.postovy-poukaz-u",
        "uk-bank-giro-credit": "gb.bank-giro-credit",
    ]

    /// A class read counts as the true one when it is that template or one of its form variants (`hr.hub-3a` read
    /// for `hr.hub-3a`; `at.zahlungsanweisung-…` for `at.zahlungsanweisung`).
    static func sameClass(_ read: String, _ truth: String) -> Bool {
        read == truth || read.hasPrefix(truth + "-") || read.hasPrefix(truth + ".")
    }
}

/// The record as JSON (keys as `docs/record.md` writes them), so fields added in parallel (provenance) are read
/// without depending on their Swift types.
public struct RecordJSON {
    public let root: [String: Any]

    public init?(_ data: Data) {
        guard let doc = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        root = doc
    }

    public func value(_ path: String) -> Any? {
        var node: Any? = root
        for key in path.split(separator: ".") {
            guard let dict = node as? [String: Any] else { return nil }
            node = dict[String(key)]
        }
        return node is NSNull ? nil : node
    }

    public func string(_ path: String) -> String? {
        switch value(path) {
        case let s as String: s
        case let n as NSNumber: n.stringValue
        default: nil
        }
    }

    public var country: String? { string("country") }

    /// The record's readings of a truth key: every form that may count as the value (empty: not reported).
    public func observed(_ key: String) -> [String] {
        let account = (root["creditor"] as? [String: Any])?["account"] as? [String: Any]
        func s(_ d: [String: Any]?, _ k: String) -> String? { d?[k] as? String }
        switch key {
        case "iban": return [s(account, "iban")].compactMap { $0 }
        case "account":
            guard let n = s(account, "number") else { return [] }
            return [n] + (s(account, "bankCode").map { ["\(n)/\($0)"] } ?? [])
        case "sort_code": return [s(account, "bankCode")].compactMap { $0 }
        case "amount": return [string("amount.value")].compactMap { $0 }
        case "currency": return [string("amount.currency")].compactMap { $0 }
        case "reference":
            // A Czech or Slovak slip's payment reference is its variable symbol, which the record keeps in
            // `symbols.variable` (as the QR Platba / PAY by square decoders do).
            guard let v = string("reference.value") else { return [string("symbols.variable")].compactMap { $0 } }
            return [v] + (string("reference.model").map { ["\($0)\(v)", "\($0) \(v)"] } ?? [])
        case "creditor_name": return [string("creditor.name")].compactMap { $0 }
        case "debtor_name": return [string("debtor.name")].compactMap { $0 }
        case "remittance": return [string("remittanceInformation")].compactMap { $0 }
        case "due_date": return [string("dueDate")].compactMap { $0 }
        case "coding_line":
            let extras = root["extras"] as? [String: Any]
            return [extras?["ch.esr.codingLine"] as? String].compactMap { $0 }
        case "symbols":
            let sym = root["symbols"] as? [String: Any]
            let parts = [("VS", "variable"), ("KS", "constant"), ("SS", "specific")].compactMap { n, k in s(sym, k).map { "\(n) \($0)" } }
            return parts.isEmpty ? [] : [parts.joined(separator: " ")]
        default: return []
        }
    }

    /// Record paths whose provenance or evidence stands for a truth key, most specific first.
    public static func paths(_ key: String) -> [String] {
        switch key {
        case "iban": ["creditor.account.iban", "creditor.account"]
        case "account": ["creditor.account.number", "creditor.account"]
        case "sort_code": ["creditor.account.bankCode", "creditor.account.sortCode", "creditor.account"]
        case "amount": ["amount.value", "amount"]
        case "currency": ["amount.currency", "currency", "amount"]
        case "reference": ["reference.value", "reference"]
        case "creditor_name": ["creditor.name"]
        case "debtor_name": ["debtor.name"]
        case "remittance": ["remittanceInformation"]
        case "due_date": ["dueDate"]
        case "coding_line": ["extras.ch.esr.codingLine", "codingLine", "coding-line"]
        case "symbols": ["symbols"]
        default: [key]
        }
    }

    /// The reported confidence of a field, 0…1: `provenance` (per field `{field, source, confidence 0…1, box}`,
    /// as a list or keyed by field) when the record has it, else the zone's `source.evidence[].confidence` / 100.
    public func confidence(_ key: String) -> (value: Double, from: String)? {
        var entries: [(String, Double)] = []
        if let list = root["provenance"] as? [[String: Any]] {
            for e in list { if let f = e["field"] as? String, let c = e["confidence"] as? NSNumber { entries.append((f, c.doubleValue)) } }
        } else if let dict = root["provenance"] as? [String: Any] {
            for (f, v) in dict { if let c = (v as? [String: Any])?["confidence"] as? NSNumber { entries.append((f, c.doubleValue)) } }
        }
        if let hit = Self.match(key, entries) { return (hit, "provenance") }
        var evidence: [(String, Double)] = []
        for e in (value("source.evidence") as? [[String: Any]]) ?? [] {
            if let f = e["field"] as? String, let c = e["confidence"] as? NSNumber { evidence.append((f, c.doubleValue / 100)) }
        }
        return Self.match(key, evidence).map { ($0, "evidence") }
    }

    static func match(_ key: String, _ entries: [(String, Double)]) -> Double? {
        for p in paths(key) {
            // The lowest of the parts that make the field (an account read from several zones is as sure as its worst).
            let hits = entries.filter { $0.0 == p || $0.0.hasPrefix(p + ".") }.map(\.1)
            if let low = hits.min() { return low }
        }
        return nil
    }
}

/// Whether a reading equals the truth, as the issue scores: names and free text compared with whitespace collapsed
/// and case folded; references, IBANs, accounts and coding lines without whitespace (a Belgian `+++…+++`
/// structured communication by its 12 digits); amounts as decimals; currencies and symbols as written.
public func slipFieldExact(_ key: String, want: String, got: [String]) -> Bool {
    got.contains { g in
        switch key {
        case "creditor_name", "debtor_name", "remittance":
            return folded(g) == folded(want)
        case "amount":
            guard let a = Decimal(string: g.trimmingCharacters(in: .whitespaces)), let b = Decimal(string: want.trimmingCharacters(in: .whitespaces)) else { return false }
            return a == b
        case "reference":
            return compact(g) == compact(want) || (belgianDigits(want).map { $0 == belgianDigits(g) ?? compact(g) } ?? false)
        case "sort_code":
            return g.filter(\.isNumber) == want.filter(\.isNumber)
        case "iban", "account", "coding_line":
            return compact(g).uppercased() == compact(want).uppercased()
        default:
            return folded(g) == folded(want)
        }
    }
}

func compact(_ s: String) -> String { String(s.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) }) }
func folded(_ s: String) -> String { s.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased() }

/// `+++044/6588/45769+++` → `044658845769`; nil for anything else.
func belgianDigits(_ s: String) -> String? {
    let c = compact(s)
    guard c.hasPrefix("+++") || c.hasPrefix("***") else { return nil }
    let digits = c.filter(\.isNumber)
    return digits.count == 12 ? digits : nil
}
