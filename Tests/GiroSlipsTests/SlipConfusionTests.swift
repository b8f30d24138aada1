import Foundation
import Giro
import Testing

/// The confusion matrix over words: every fixture (all classes found under `fixtures/slips`, every degradation)
/// against every built-in template **alone**. A template must find its own class's fixtures and nothing on any
/// other class's, so a new class whose anchors are too generic (labels every form prints: "IBAN", "Betrag")
/// fails here by name instead of stealing another country's slips in production, where templates are tried in
/// order and the first that fits wins.
@Suite struct SlipConfusionTests {
    static let templates = SlipReader.builtInTemplates

    /// What one template, alone, finds on a page: the classes it claimed.
    static func claims(_ template: SlipTemplate, _ page: PageWords) -> [String] {
        SlipReader(templates: [template]).read(words: page).map(\.slipClass).filter { $0 != SlipReader.unknownClass }
    }

    /// Per fixture (`testDescription`), what each template alone claims (by template index): computed once, on every
    /// core, for both tests below, which read the same claims (each used to compute all of them).
    static let table: [String: [[String]]] = {
        let cases = SlipFixtures.cases()
        let rows = Rows(count: cases.count)
        DispatchQueue.concurrentPerform(iterations: cases.count) { i in
            // An unreadable words file leaves its row out: its test fails on it.
            guard let page = try? JSONDecoder().decode(PageWords.self, from: Data(contentsOf: cases[i].words)) else { return }
            rows.set(i, templates.map { claims($0, page) })
        }
        var out: [String: [[String]]] = [:]
        for (i, c) in cases.enumerated() { out[c.testDescription] = rows.get(i) }
        return out
    }()

    final class Rows: @unchecked Sendable {
        private let lock = NSLock()
        private var rows: [[[String]]?]
        init(count: Int) { rows = Array(repeating: nil, count: count) }
        func set(_ i: Int, _ row: [[String]]) { lock.withLock { rows[i] = row } }
        func get(_ i: Int) -> [[String]]? { lock.withLock { rows[i] } }
    }

    static func row(_ c: SlipFixtures.Case) throws -> [[String]] {
        try #require(table[c.testDescription], "words file unreadable: \(c.words.path)")
    }

    @Test(arguments: SlipFixtures.cases())
    func eachTemplateAloneClaimsOnlyItsOwnClass(_ c: SlipFixtures.Case) throws {
        let row = try Self.row(c)
        try #require(Self.templates.contains { $0.id == c.slipClass }, "no built-in template for fixture class \(c.slipClass)")
        for (t, found) in zip(Self.templates, row) {
            if t.id == c.slipClass {
                #expect(found == [t.id], "template \(t.id) does not find its own fixture \(c.testDescription): \(found)")
            } else {
                #expect(found.isEmpty, "template \(t.id) (\(t.file)) claims \(c.testDescription): its anchors are too generic")
            }
        }
    }

    /// The whole matrix at once (rows: true class, columns: the template tried alone): only the diagonal is set.
    /// Printed on failure so a clash is read at a glance.
    @Test func matrixIsDiagonal() throws {
        let cases = SlipFixtures.cases()
        try #require(!cases.isEmpty)
        var matrix: [String: [String: Int]] = [:]
        for c in cases {
            for (t, found) in zip(Self.templates, try Self.row(c)) where !found.isEmpty { matrix[c.slipClass, default: [:]][t.id, default: 0] += 1 }
        }
        let offDiagonal = matrix.flatMap { row in row.value.keys.filter { $0 != row.key }.map { "\(row.key) → \($0)" } }
        let perClass = Dictionary(grouping: cases, by: \.slipClass).mapValues(\.count)
        let diagonalOK = perClass.allSatisfy { matrix[$0.key]?[$0.key] == $0.value }
        let ids = Self.templates.map(\.id)
        let table = perClass.keys.sorted().map { row in
            row + ": " + ids.map { "\(matrix[row]?[$0] ?? 0)" }.joined(separator: " ")
        }.joined(separator: "\n")
        #expect(offDiagonal.isEmpty && diagonalOK, "columns \(ids.joined(separator: " "))\n\(table)")
    }
}
