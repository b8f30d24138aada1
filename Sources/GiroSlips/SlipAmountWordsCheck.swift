import Foundation
import GiroCore
import GiroImaging

/// The template rule `amount-words`: a form that asks for the amount in words as well (`Částka slovy`,
/// `Suma slovom`, `Forint betűvel`) has it read under or beside that label and compared with the amount in figures.
/// Agreement is `slip_amount_words_agree` (informational; the amount then counts as checked in the provenance),
/// disagreement `slip_amount_words_mismatch` (uncertain, both readings in the message). Words that do not read as
/// a number of the form's languages are ignored: most forms are filled without them.
enum SlipAmountWordsCheck {
    /// How far under its label the words may be printed, in label heights; and how far left of it they may start.
    static let linesBelow = 5.0
    static let reachLeft = 10.0
    /// Words per run tried, and runs tried, at most.
    static let maxRunWords = 8
    static let maxRuns = 200

    static func check(_ record: PaymentRecord, match: SlipMatch, page: PageWords, diagnostics: inout [Diagnostic]) {
        let t = match.template
        guard t.rules.contains(.amountWords), let printed = record.amount, case let amount = printed.value,
              let (text, reading) = words(match, page: page) else { return }
        let figures = printed.formattedValue
        let said = reading.cents.map { "\(reading.units) and \($0)/100" } ?? "\(reading.units)"
        if agrees(reading, amount) {
            diagnostics.append(.info(.slipAmountWordsAgree, field: "amount",
                                     "the amount in words \"\(text)\" reads \(said), as the figures \(figures)"))
        } else {
            diagnostics.append(.warning(.slipAmountWordsMismatch, field: "amount", uncertain: true,
                                        "the amount in words \"\(text)\" reads \(said), the figures \(figures)"))
        }
    }

    /// Words without the minor part agree with the figures' whole units (forms ask for the crowns, forints or euros).
    static func agrees(_ r: SlipAmountWords.Reading, _ amount: Decimal) -> Bool {
        let units = Decimal(r.units)
        if let c = r.cents { return amount == units + Decimal(c) / 100 }
        return amount >= units && amount < units + 1
    }

    /// The longest run of words near a words label of the form's languages that reads as an amount (the nearest
    /// line first among equals), and its reading.
    static func words(_ match: SlipMatch, page: PageWords) -> (String, SlipAmountWords.Reading)? {
        let t = match.template
        let languages = t.languages.filter { SlipAmountWords.language($0) != nil }
        guard !languages.isEmpty, let inverse = match.transform.inverse() else { return nil }
        var inForm: [Int] = []
        for (i, w) in page.words.enumerated() {
            let c = inverse.apply(SlipPoint(x: Double(w.x) + Double(w.w) / 2, y: Double(w.y) + Double(w.h) / 2))
            if c.x.isFinite, c.y.isFinite, c.x >= 0, c.y >= 0, c.x <= t.width, c.y <= t.height { inForm.append(i) }
        }
        var best: (text: String, reading: SlipAmountWords.Reading, words: Int, distance: Double)?
        var tried = 0
        for code in languages {
            guard let lang = SlipAmountWords.language(code) else { continue }
            let labels = inForm.filter { lang.labels.contains(SlipProvenance.fold(page.words[$0].text)) }
            for l in labels {
                let lw = page.words[l]
                let h = Double(max(lw.h, 1))
                let near = inForm.filter { i in
                    let w = page.words[i]
                    let cy = Double(w.y) + Double(w.h) / 2
                    return i != l && cy >= Double(lw.y) - 0.5 * h && cy <= Double(lw.y) + h * (1 + linesBelow)
                        && Double(w.x + w.w) >= Double(lw.x) - reachLeft * h
                }
                for line in SlipValueAssignment.lines(near, page: page) {
                    for start in line.indices {
                        for end in start..<min(line.count, start + maxRunWords) where tried < maxRuns {
                            tried += 1
                            let run = line[start...end]
                            let text = run.map { page.words[$0].text }.joined(separator: " ")
                            guard let r = SlipAmountWords.read(text, language: code) else { continue }
                            let d = abs(Double(page.words[run[run.startIndex]].y) - Double(lw.y))
                            let better = best.map { run.count > $0.words || (run.count == $0.words && d < $0.distance) } ?? true
                            if better { best = (text, r, run.count, d) }
                        }
                    }
                }
            }
        }
        return best.map { ($0.text, $0.reading) }
    }
}
