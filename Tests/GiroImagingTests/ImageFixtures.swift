import Foundation
import Giro
import GiroTestSupport

/// The generated image fixtures (`fixtures/images/manifest.tsv`, written by `fixtures/images/generate.sh`).
enum ImageFixtures {
    static let repoRoot = RepositoryRoot.url
    static let directory = repoRoot.appendingPathComponent("fixtures/images")

    struct Case: CustomStringConvertible, Sendable {
        var image: String
        /// The symbology of the symbols (the first one's, on pages with several).
        var symbology: Symbology
        var symbologies: [Symbology]
        var payloads: [String]
        /// `record`, or the error code the plug-ins must answer (`unknown_format`).
        var expect: String
        var symbols: Int
        var description: String { image }
        var url: URL { directory.appendingPathComponent(image) }
        func bytes() throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }
    }

    static let cases: [Case] = {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("manifest.tsv"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line -> Case? in
            guard !line.hasPrefix("#") else { return nil }
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let syms = f.count == 5 ? f[1].split(separator: ",").compactMap { Symbology(rawValue: String($0)) } : []
            guard f.count == 5, let sym = syms.first, let n = Int(f[4]) else { return nil }
            return Case(image: f[0], symbology: sym, symbologies: syms, payloads: f[2].split(separator: ",").map(String.init), expect: f[3], symbols: n)
        }
    }()

    static func named(_ prefix: String) -> Case? { cases.first { $0.image.hasPrefix("generated/" + prefix) } }

    /// The golden JSON of a payload fixture (`…/name.txt` → `…/name.json`), as a JSON object.
    static func golden(_ payload: String) throws -> NSDictionary? {
        let url = repoRoot.appendingPathComponent(payload).deletingPathExtension().appendingPathExtension("json")
        return try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? NSDictionary
    }

    /// The record as the payload golden files show it: decoded from text, so the source is `payload`
    /// without a symbology. (Image provenance is checked separately.)
    static func comparable(_ record: PaymentRecord) throws -> NSDictionary? {
        var r = record
        r.source.kind = "payload"
        r.source.symbology = nil
        r.provenance = []
        // Further payments of the same document (PAY by square) came from the same symbol.
        for i in r.additionalPayments.indices {
            r.additionalPayments[i].source.kind = "payload"
            r.additionalPayments[i].source.symbology = nil
        }
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try JSONSerialization.jsonObject(with: e.encode(r)) as? NSDictionary
    }
}

extension ReadingStrategy {
    /// For tests that check what is read: no wall-clock limit (the largest budget, an hour), so a busy machine cannot
    /// change the outcome. The budget itself is tested with an injected clock (`ReadingStrategyBudgetTests`).
    static var unlimited: ReadingStrategy { ReadingStrategy(budgetMilliseconds: ReadingStrategy.maxBudgetMilliseconds) }
}
