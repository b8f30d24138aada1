import Foundation
import GiroCore

extension ParserGroup {
    /// The parser kinds ``named(_:)`` knows.
    public static let kindNames = ["iban", "amount", "date", "reference", "email", "raw", "vin"]

    /// Parsers by name, with the country plug-ins' national fields (GiroParsers cannot see the registry: the `Giro`
    /// module passes `CountryRegistry.textFields`). A name is a kind (`iban`, `reference` …), `national` (every
    /// national field of `country`, or of every country without one) or one national type (`cz.vs`,
    /// `at.zahlungsreferenz`). With `country`, national candidates of other countries are dropped, except types
    /// named explicitly; every national candidate names its country in `fields.country`. Unknown names throw
    /// `input_invalid`.
    public static func named(_ names: [String], national: [NationalTextField], country: String?) throws(GiroError) -> ParserGroup {
        let country = country?.uppercased()
        let countryFields = country.map { c in national.filter { $0.country == c } } ?? national
        var kinds: [String] = []
        var selected: [NationalTextField] = []
        var explicit = Set<String>()
        for raw in names {
            let name = raw.trimmingCharacters(in: .whitespaces).lowercased()
            if name.isEmpty { continue }
            if name == "national" { selected += countryFields; continue }
            let typed = national.filter { $0.type == name }
            if !typed.isEmpty { selected += typed; explicit.insert(name); continue }
            guard kindNames.contains(name) else {
                throw GiroError(.inputInvalid, field: "parsers",
                                "unknown parser \(raw) (\(kindNames.joined(separator: ", ")), national, or a national type such as \(national.first?.type ?? "cz.vs"))")
            }
            kinds.append(name)
        }
        var list = try named(kinds).parsers
        let running = Set(list.map(\.kind))
        var seen = Set<String>()
        let generic = selected.filter { !$0.shape.builtIn && seen.insert($0.type).inserted }
        if !generic.isEmpty { list.append(NationalFieldParser(fields: generic)) }
        // A built-in type named without its scanner's kind: that scanner runs, keeping only the named types.
        let builtIn = selected.filter(\.shape.builtIn)
        let references = Set(builtIn.filter { NationalFieldParser.parserKind($0.family) == .reference }.map(\.type))
        if !references.isEmpty, !running.contains(.reference) { list.append(TypeFilteredParser(base: ReferenceParser(), types: references)) }
        let accounts = Set(builtIn.filter { NationalFieldParser.parserKind($0.family) == .iban }.map(\.type))
        if !accounts.isEmpty, !running.contains(.iban) { list.append(TypeFilteredParser(base: IBANParser(), types: accounts)) }
        var group = ParserGroup(list)
        var countries: [String: String] = [:]
        for f in national where countries[f.type] == nil { countries[f.type] = f.country }
        group.nationalCountries = countries
        for f in national { group.nationalTypesByCountry[f.country, default: []].insert(f.type) }
        if country != nil { group.allowedNationalTypes = Set(countryFields.map(\.type)).union(explicit) }
        return group
    }

    /// Drops national candidates not allowed and names the country of the others: the context's country when it
    /// declares the type (`cz.vs` on a Slovak slip), else the type's first.
    func nationalize(_ list: inout [ParseCandidate], country: String?) {
        let local = country.flatMap { nationalTypesByCountry[$0] } ?? []
        if let allowed = allowedNationalTypes {
            list.removeAll { nationalCountries[$0.type] != nil && !allowed.contains($0.type) }
        }
        for k in list.indices where list[k].fields["country"] == nil {
            if let c = country, local.contains(list[k].type) { list[k].fields["country"] = c; continue }
            if let c = nationalCountries[list[k].type] { list[k].fields["country"] = c }
        }
    }
}

/// A parser whose candidates are kept only when of the given types (a built-in national type named alone).
struct TypeFilteredParser: FieldParser {
    let base: any FieldParser
    let types: Set<String>
    var kind: ParserKind { base.kind }
    func scan(_ text: [UInt8], context: ParseContext) -> [ParseCandidate] {
        base.scan(text, context: context).filter { types.contains($0.type) }
    }
}

extension ParserGroup {
    /// The same group (limits, national settings) with one more parser.
    public func appending(_ parser: any FieldParser) -> ParserGroup {
        var g = ParserGroup(parsers + [parser], limits: limits)
        g.nationalCountries = nationalCountries
        g.allowedNationalTypes = allowedNationalTypes
        g.nationalTypesByCountry = nationalTypesByCountry
        return g
    }
}
