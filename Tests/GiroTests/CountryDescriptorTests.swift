import Foundation
import Giro
import GiroTestSupport
import Testing

/// The country descriptors are the one place a country's contributions are declared: every extras key a golden
/// record carries is declared by its country's descriptor and documented in a country README, and every slip
/// template's national rules are provided by some plug-in.
@Suite struct CountryDescriptorTests {
    static let root = RepositoryRoot.url

    func matches(_ key: String, _ declared: [String]) -> Bool {
        declared.contains { $0.hasSuffix(".*") ? key.hasPrefix(String($0.dropLast())) : $0 == key }
    }

    func extrasKeys(_ url: URL) -> [String] {
        guard let data = try? Data(contentsOf: url), let json = try? JSONSerialization.jsonObject(with: data) else { return [] }
        var out: [String] = []
        func walk(_ v: Any) {
            if let d = v as? [String: Any] {
                for (k, x) in d { if k == "extras", let e = x as? [String: Any] { out += e.keys } else { walk(x) } }
            } else if let a = v as? [Any] { a.forEach(walk) }
        }
        walk(json)
        return out
    }

    @Test func everyGoldenExtrasKeyIsDeclaredByItsCountry() throws {
        var checked = 0
        for country in CountryRegistry.all {
            let dirs = country.formats.map { "fixtures/payloads/" + $0.id }
                + SlipReader.builtInTemplates.filter { t in country.slipTemplates.contains { $0.name == t.file } }.map { "fixtures/slips/" + $0.id }
            for dir in dirs {
                let folder = Self.root.appendingPathComponent(dir)
                for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasSuffix(".json") {
                    for key in extrasKeys(folder.appendingPathComponent(name)) {
                        checked += 1
                        #expect(matches(key, country.extrasKeys), "\(dir)/\(name): extras key \(key) is not declared by \(country.code)")
                    }
                }
            }
        }
        #expect(checked > 100, "only \(checked) extras keys were found in the goldens")
    }

    @Test func everyDeclaredKeyIsDocumented() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Countries").path)
        let readmes = try folders.map { try String(contentsOf: Self.root.appendingPathComponent("Countries/\($0)/README.md"), encoding: .utf8) }.joined()
        for country in CountryRegistry.all {
            for key in country.extrasKeys {
                let stem = key.hasSuffix(".*") ? String(key.dropLast(2)) : key
                #expect(readmes.contains(stem), "\(country.code): extras key \(key) is not documented in any country README")
            }
        }
    }

    @Test func builtInTemplatesHaveTheirRules() {
        #expect(SlipReader.builtInTemplates.count == CountryRegistry.all.flatMap(\.slipTemplates).count)
        for t in SlipReader.builtInTemplates {
            #expect(SlipReader.builtInRules.missing(for: t).isEmpty, "\(t.id): \(SlipReader.builtInRules.missing(for: t))")
        }
    }

    @Test func codesAreUnique() {
        let codes = CountryRegistry.all.map(\.code)
        #expect(Set(codes).count == codes.count)
        #expect(FormatRegistry.all.count == Set(FormatRegistry.all.map(\.id)).count)
    }
}
