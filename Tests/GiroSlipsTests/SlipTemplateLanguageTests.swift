import Foundation
import Giro
import Testing

/// Every OCR language a built-in template asks for is installed by the project's own script: a template asking for
/// a language the machine lacks fails each image of its class with `ocr_language_missing` (the Swedish avis asked
/// for `swe` while no script installed it).
@Suite struct SlipTemplateLanguageTests {
    /// Tesseract codes of the `tesseract-ocr-<code>` packages in scripts/install-deps.sh (`srp-latn` → `srp_latn`).
    static func installedByScript() throws -> Set<String> {
        let script = try String(contentsOf: SlipFixtures.root.appendingPathComponent("scripts/install-deps.sh"), encoding: .utf8)
        var codes: Set<String> = []
        for token in script.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "(" || $0 == ")" })
        where token.hasPrefix("tesseract-ocr-") {
            codes.insert(String(token.dropFirst("tesseract-ocr-".count)).replacingOccurrences(of: "-", with: "_"))
        }
        return codes
    }

    /// Languages of a template and of its zones.
    static func languages(_ t: SlipTemplate) -> Set<String> {
        Set(t.languages).union(t.zones.flatMap { $0.ocr.languages ?? [] }).union(["eng"])
    }

    @Test func everyTemplateLanguageIsInstalledByTheScript() throws {
        let installed = try Self.installedByScript()
        #expect(installed.contains("eng") && installed.contains("hrv"), "the script's package list was not parsed")
        #expect(!SlipReader.builtInTemplates.isEmpty)
        for t in SlipReader.builtInTemplates {
            let missing = Self.languages(t).subtracting(installed)
            #expect(missing.isEmpty, "\(t.id) asks for \(missing.sorted()) which scripts/install-deps.sh does not install")
        }
    }

    /// The check itself fails on a template whose language the script leaves out.
    @Test func aLanguageTheScriptLacksIsCaught() throws {
        let installed = try Self.installedByScript()
        var t = try #require(SlipReader.builtInTemplates.first)
        t.languages = ["xyz"]
        #expect(!Self.languages(t).subtracting(installed).isEmpty)
    }
}
