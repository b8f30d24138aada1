import Foundation
import Giro
import Testing

/// Every template shipped in `Countries/*/Slips/` loads under schema 1, and every class has fixtures.
@Suite struct SlipTemplateContractTests {
    @Test func everyBuiltInTemplateLoads() throws {
        // Every file in Countries/*/Slips/ is compiled in (Package.swift countrySlips) and registered (builtInFiles).
        #expect(Set(SlipReader.builtInFiles.map(\.name)) == Set(Self.filesOnDisk()))
        for file in SlipReader.builtInFiles {
            let t = try SlipTemplateLoader.load(file.bytes, file: file.name)
            #expect(t.file == file.name)
            #expect(t.anchors.count >= t.minAnchors)
            #expect(t.zones.contains { $0.required }, "\(t.id) has no required zone")
        }
        let ids = SlipReader.builtInTemplates.map(\.id).sorted()
        #expect(ids.count == SlipReader.builtInFiles.count)
        #expect(Set(ids).count == ids.count && ids.contains("hr.hub-3a") && ids.contains("xk.kos-giro") && ids.contains("rs.nalog-za-uplatu-cyr"))
    }

    /// `Countries/<Country>/Slips/*.json`, as repository paths.
    static func filesOnDisk() -> [String] {
        let fm = FileManager.default
        let countries = SlipFixtures.root.appendingPathComponent("Countries")
        var out: [String] = []
        for c in (try? fm.contentsOfDirectory(atPath: countries.path)) ?? [] {
            let slips = countries.appendingPathComponent(c).appendingPathComponent("Slips")
            for f in (try? fm.contentsOfDirectory(atPath: slips.path)) ?? [] where f.hasSuffix(".json") {
                out.append("Countries/\(c)/Slips/\(f)")
            }
        }
        return out
    }

    /// The repository copy of each template is the one compiled in (no stale embedded bytes).
    @Test func embeddedBytesMatchTheFiles() throws {
        for file in SlipReader.builtInFiles {
            let onDisk = try Data(contentsOf: SlipFixtures.root.appendingPathComponent(file.name))
            #expect([UInt8](onDisk) == file.bytes, "\(file.name)")
        }
    }

    @Test func everyClassHasFixtures() {
        let classes = Set(SlipFixtures.cases().map(\.slipClass))
        #expect(classes == Set(SlipReader.builtInTemplates.map(\.id)))
    }

    @Test func userFolderAddsTemplatesAndRefusesDuplicates() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("giro-slips-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let hub = try #require(SlipReader.builtInFiles.first { $0.name.hasSuffix("hub-3a.json") })
        let renamed = String(decoding: hub.bytes, as: UTF8.self).replacingOccurrences(of: "\"hr.hub-3a\"", with: "\"hr.hub-3a-2024\"")
        try renamed.write(to: dir.appendingPathComponent("mine.json"), atomically: true, encoding: .utf8)
        let reader = try SlipReader.standard(templatesFolder: dir.path)
        #expect(reader.templates.map(\.id).contains("hr.hub-3a-2024"))
        #expect(reader.templates.count == SlipReader.builtInTemplates.count + 1)

        try Data(hub.bytes).write(to: dir.appendingPathComponent("copy.json"))
        #expect(throws: GiroError.self) { try SlipReader.standard(templatesFolder: dir.path) }
    }
}
