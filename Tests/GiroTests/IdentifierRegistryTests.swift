import Foundation
import Giro
import Testing

/// Every `giro check` kind of the registry, alike (python-stdnum's one junk test over all formats): its printed
/// example validates, its compact and printed forms validate to the same compact form, and junk never traps — it
/// is refused with a typed error.
@Suite struct IdentifierRegistryTests {
    static let kinds = CountryRegistry.identifiers.map(\.kind)

    @Test func kindsAreUniqueAndNamedForTheirCountry() {
        #expect(Set(Self.kinds).count == Self.kinds.count, "duplicate kinds: \(Self.kinds)")
        for id in CountryRegistry.identifiers {
            guard let country = id.country else { continue }
            #expect(id.kind.hasPrefix(country.lowercased() == "gb" ? "uk-" : country.lowercased() + "-"), "\(id.kind) of \(country)")
        }
    }

    @Test(arguments: kinds)
    func exampleRoundTrips(_ kind: String) throws {
        let id = try #require(CountryRegistry.identifier(kind: kind))
        let valid = try id.validate(id.example)
        #expect(try id.validate(valid.compact).compact == valid.compact, "\(kind): compact form \(valid.compact)")
        #expect(try id.validate(valid.formatted).compact == valid.compact, "\(kind): printed form \(valid.formatted)")
        #expect(id.isValid(id.example) && id.compact(id.example) == valid.compact && id.format(id.example) == valid.formatted)
    }

    static let junk: [String] = [
        "", " ", "-", "+++", "0", "\u{0}\u{1}\u{7f}", "\u{202E}1234", "😀😀😀", "１２３４５６７８９０",
        String(repeating: "9", count: 100_000), String(repeating: "/ -.", count: 5_000), "DROP TABLE", "\n\n\r\t",
    ]

    @Test(arguments: kinds)
    func junkIsRefusedWithATypedError(_ kind: String) throws {
        let id = try #require(CountryRegistry.identifier(kind: kind))
        var generator = SystemRandomNumberGenerator()
        var inputs = Self.junk
        for _ in 0..<200 {
            let length = Int.random(in: 0...40, using: &generator)
            let alphabet = Array("0123456789 -/.+*<>ABCDEFGHIJKLMNOPQRSTUVWXYZabcxyz\u{a0}ž")
            inputs.append(String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "0" }))
        }
        for input in inputs {
            let check = IdentifierCheck.check(id, input)
            if !check.valid {
                let error = try #require(check.error)
                #expect(!error.code.rawValue.isEmpty && !error.message.isEmpty, "\(kind): \(input.prefix(40))")
            }
        }
        for input in Self.junk { #expect(!id.isValid(input), "\(kind) accepted junk \(input.prefix(40).debugDescription)") }
    }
}
