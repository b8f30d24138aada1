import GiroCore
import GiroParsers

extension ParserGroup {
    /// `giro parse` and `/v1/parse`: parsers by name (kinds, `national`, national types such as `cz.vs`) with the
    /// registry's national fields; `country` picks that country's national parsers (see
    /// ``ParserGroup/named(_:national:country:)``).
    public static func registry(_ names: [String], country: String?) throws(GiroError) -> ParserGroup {
        try named(names, national: CountryRegistry.textFields, country: country)
    }

    /// Every name `registry(_:country:)` accepts: the kinds, `national`, then each national type once.
    public static var registryNames: [String] {
        var seen = Set<String>()
        return kindNames + ["national"] + CountryRegistry.textFields.map(\.type).filter { seen.insert($0).inserted }
    }
}
