import Foundation
import Giro
import Testing

/// A field printed twice on one form (a receipt part beside the main part): the copy is read from the receipt's
/// own label and compared (`SlipFormDuplicates`): agreement is said and raises a name's confidence, disagreement is
/// `slip_duplicate_mismatch` with both values (the main part's value kept), and a copy that passes its checks fills
/// a field the main part left empty.
@Suite struct SlipFormDuplicatesTests {
    /// A 200 × 60 mm form at 10 px per mm: the title (required), `Payer` and `Amount` with a value under each.
    static let template = """
    {
      "schema": 1, "id": "cz.duplicates", "country": "CZ", "name": "Test", "currency": "CZK",
      "size": {"width": 200, "height": 60},
      "classify": {
        "anchors": [
          {"text": "MAIN TITLE", "box": {"x": 80, "y": 2, "w": 30, "h": 4}, "required": true},
          {"text": "Payer", "id": "payer", "box": {"x": 150, "y": 30, "w": 10, "h": 3}},
          {"text": "Amount", "id": "amount", "box": {"x": 140, "y": 10, "w": 10, "h": 3}},
          {"text": "Account", "box": {"x": 90, "y": 25, "w": 10, "h": 3}}
        ],
        "minAnchors": 3
      },
      "zones": [
        {"field": "debtor.name", "box": {"x": 150, "y": 33.5, "w": 45, "h": 5}, "parser": "text", "label": {"anchor": "payer", "value": "below"}},
        {"field": "amount", "box": {"x": 140, "y": 13.5, "w": 30, "h": 5}, "parser": "amount", "label": {"anchor": "amount", "value": "below"}}
      ]
    }
    """

    static func place(_ text: String, _ x: Int, _ y: Int) -> [PageWord] {
        var cx = x
        return text.split(separator: " ").map { token in
            let w = 18 * token.count
            defer { cx += w + 12 }
            return PageWord(text: String(token), x: cx, y: y, w: w, h: 30)
        }
    }

    /// The main part (title, amount, payer) and, when given, a receipt part at the form's left edge repeating
    /// `Payer` and `Amount` with its own values.
    static func read(mainAmount: String?, mainName: String = "JANA NOVÁKOVÁ", receipt: (amount: String, name: String)?) throws -> PaymentRecord {
        let t = try SlipTemplateLoader.load(Array(template.utf8), file: "duplicates.json")
        var words = place("MAIN TITLE", 800, 20) + place("Amount", 1400, 100) + place("Account", 900, 250)
            + place("Payer", 1500, 300) + place(mainName, 1500, 340)
        if let mainAmount { words += place(mainAmount, 1400, 140) }
        if let receipt {
            words += place("Amount", 20, 100) + place(receipt.amount, 20, 140) + place("Payer", 20, 300) + place(receipt.name, 20, 340)
        }
        let found = SlipReader(templates: [t]).read(words: PageWords(width: 2000, height: 600, words: words))
        return try #require(found.first { $0.slipClass == "cz.duplicates" }).record
    }

    static func codes(_ r: PaymentRecord, _ field: String) -> [ErrorCode] {
        r.diagnostics.filter { $0.field == field }.map(\.code)
    }

    static func confidence(_ r: PaymentRecord, _ field: String) -> Double? {
        r.provenance.first { $0.field == field }?.confidence
    }

    @Test func copiesThatAgreeAreSaidAndRaiseANamesConfidence() throws {
        let both = try Self.read(mainAmount: "848,00", receipt: ("848,00", "JANA NOVÁKOVÁ"))
        #expect(both.amount?.value == Decimal(string: "848"))
        #expect(Self.codes(both, "amount") == [.slipDuplicateAgree])
        #expect(Self.codes(both, "debtor.name") == [.slipDuplicateAgree])
        #expect(both.status == .valid)
        let alone = try Self.read(mainAmount: "848,00", receipt: nil)
        #expect(alone.diagnostics.allSatisfy { $0.code != .slipDuplicateAgree && $0.code != .slipDuplicateMismatch })
        let (with, without) = (try #require(Self.confidence(both, "debtor.name")), try #require(Self.confidence(alone, "debtor.name")))
        #expect(with > without && with < 0.9, "a name nothing checks stays below 0.9: \(with) vs \(without)")
    }

    @Test func anAmountTheReceiptContradictsIsUncertainWithBothValues() throws {
        let r = try Self.read(mainAmount: "848,00", receipt: ("884,00", "JANA NOVÁKOVÁ"))
        #expect(r.amount?.value == Decimal(string: "848"), "the main part's value is kept")
        let d = try #require(r.diagnostics.first { $0.code == .slipDuplicateMismatch })
        #expect(d.field == "amount" && d.uncertain && d.severity == .warning)
        #expect(d.message.contains("848") && d.message.contains("884"))
        #expect(r.status == .uncertain)
        #expect((Self.confidence(r, "amount") ?? 1) < 0.5)
    }

    @Test func aNameTheReceiptPrintsOtherwiseOnlyWarnsAndLowersItsConfidence() throws {
        let r = try Self.read(mainAmount: "848,00", receipt: ("848,00", "PETR DVOŘÁK"))
        let d = try #require(r.diagnostics.first { $0.code == .slipDuplicateMismatch })
        #expect(d.field == "debtor.name" && !d.uncertain)
        #expect(d.message.contains("JANA NOVÁKOVÁ") && d.message.contains("PETR DVOŘÁK"))
        #expect(r.debtor?.name == "JANA NOVÁKOVÁ")
        #expect((Self.confidence(r, "debtor.name") ?? 1) <= 0.8)
    }

    /// The amount is found by its print (`SlipAmountSearch`), here the receipt's copy: its box says where it was
    /// read, and confirmed by nothing else it stays a doubted reading, never said to agree with itself.
    @Test func aCheckedCopyFillsWhatTheMainPartLeftEmpty() throws {
        let r = try Self.read(mainAmount: nil, receipt: ("848,00", "JANA NOVÁKOVÁ"))
        #expect(r.amount?.value == Decimal(string: "848"))
        let p = try #require(r.provenance.first { $0.field == "amount" })
        #expect((p.box?.first ?? 2000) < 200, "read in the receipt part: \(String(describing: p.box))")
        #expect(p.confidence < 0.9)
        #expect(!r.diagnostics.contains { $0.code == .slipDuplicateAgree && $0.field == "amount" })
    }

    @Test func aCopyThatIsNoValueOfItsKindIsNotCompared() throws {
        // The receipt's amount box holds a word, not an amount: nothing to compare, nothing said.
        let r = try Self.read(mainAmount: "848,00", receipt: ("CASH", "JANA NOVÁKOVÁ"))
        #expect(Self.codes(r, "amount").isEmpty)
        #expect(r.amount?.value == Decimal(string: "848"))
    }
}
