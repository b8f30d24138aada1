// giro-slip-bench (make bench-slips): per slip class × degradation, ms per image and per-field exact matches of
// the template engine against a baseline run in the same process on the same images: whole-page Tesseract
// (sparse) + ParserGroup with no template (which has no way to tell a creditor's name from a debtor's).
// Images come from `make fixtures-slips IMAGES=1` (fixtures/slips/<class>/<case>-<degradation>.png|jpg).
import Foundation
import Giro
import GiroTestSupport

struct Tally {
    var images = 0
    var ms = 0.0
    var hit: [String: Int] = [:]
    var total: [String: Int] = [:]
    mutating func score(_ field: String, _ expected: String?, _ got: String?) {
        guard let expected else { return }
        total[field, default: 0] += 1
        if got == expected { hit[field, default: 0] += 1 }
    }
    func cell(_ f: String) -> String { total[f].map { "\(hit[f] ?? 0)/\($0)" } ?? "–" }
}

let root = URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "fixtures/slips")
let fields = SlipExpectation.fields
let reader = SlipReader.builtIn
let engine = TesseractEngine()
var engineRows: [String: Tally] = [:], baseRows: [String: Tally] = [:]
let fm = FileManager.default
let classes = ((try? fm.contentsOfDirectory(atPath: root.path)) ?? []).filter { $0.contains(".") }.sorted()
for cls in classes {
    let dir = root.appendingPathComponent(cls)
    for file in ((try? fm.contentsOfDirectory(atPath: dir.path)) ?? []).sorted() where file.hasSuffix(".png") || file.hasSuffix(".jpg") {
        let stem = String(file.dropLast(4))
        guard let dash = stem.lastIndex(of: "-"),
              let e = try? SlipExpectation(contentsOf: dir.appendingPathComponent("\(stem[..<dash]).expect")),
              let bytes = fm.contents(atPath: dir.appendingPathComponent(file).path) else { continue }
        let key = "\(cls) \(stem[stem.index(after: dash)...])"

        var t0 = ContinuousClock.now
        let record = (try? reader.read(imageBytes: [UInt8](bytes), engine: engine))?.first?.record
        var elapsed = ContinuousClock.now - t0
        var row = engineRows[key] ?? Tally()
        row.images += 1
        row.ms += Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        for field in fields { row.score(field, e.expected(field), SlipExpectation.observed(field, in: record)) }
        engineRows[key] = row

        t0 = ContinuousClock.now
        var candidates: [ParseCandidate] = []
        if let loaded = try? ImageLoader().load([UInt8](bytes)), case let image = OCRImage(loaded.image),
           let page = try? engine.recognize(image, settings: OCRSettings(languages: ["eng"], layout: .sparse)) {
            let text = SlipReader.lines(page).text.joined(separator: "\n")
            let country = String(cls.prefix(2)).uppercased()
            candidates = (try? ParserGroup.standard().parse(text, context: ParseContext(country: country))) ?? []
        }
        elapsed = ContinuousClock.now - t0
        var base = baseRows[key] ?? Tally()
        base.images += 1
        base.ms += Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let iban = candidates.first { $0.type == "iban" && $0.status == .valid }?.value
        let amount = candidates.first { $0.parser == .amount }.flatMap { c in c.amount.map { "\(Amount(value: $0, currency: c.currency ?? "").formattedValue) \(c.currency ?? "")" } }
        let reference = candidates.first { $0.parser == .reference }.map { $0.fields["reference"] ?? $0.value }
        base.score("iban", e.iban, iban)
        base.score("amount", e.amount, amount)
        base.score("reference", e.reference, reference)
        base.score("creditor", e.creditor, nil)
        base.score("debtor", e.debtor, nil)
        baseRows[key] = base
    }
}

print("| class degradation | images | template ms/img | baseline ms/img | " + fields.map { "\($0) (template / baseline)" }.joined(separator: " | ") + " |")
print("|---|---|---|---|" + fields.map { _ in "---|" }.joined())
for key in engineRows.keys.sorted() {
    guard let t = engineRows[key], let b = baseRows[key] else { continue }
    let cells = fields.map { "\(t.cell($0)) / \(b.cell($0))" }
    print("| \(key) | \(t.images) | \(Int(t.ms / Double(max(t.images, 1)))) | \(Int(b.ms / Double(max(b.images, 1)))) | " + cells.joined(separator: " | ") + " |")
}
