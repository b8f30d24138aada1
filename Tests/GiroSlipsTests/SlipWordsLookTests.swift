import GiroImaging
import Testing
@testable import GiroSlips

/// A free-text zone read again at its page words (`SlipWordsLook`): kept only where it spells the page pass's
/// letters with the language's own, or completes the value's end.
@Suite struct SlipWordsLookTests {
    @Test func theLanguagesLettersAreKept() {
        #expect(SlipReader.wordsLookKept(["Andrea Brändli"], confidence: 91, page: ["Andrea Brandli"]))
        #expect(SlipReader.wordsLookKept(["Opskrba plinom, račun 2024-6572"], confidence: 40, page: ["Opskrba plinom racun 2024-6572"]))
    }

    @Test func aCutEndIsCompletedWhenConfident() {
        #expect(SlipReader.wordsLookKept(["Eastvale Energy Ltd"], confidence: 91, page: ["Eastvale Energy"]))
        #expect(!SlipReader.wordsLookKept(["Eastvale Energy Ltd"], confidence: 50, page: ["Eastvale Energy"]), "unsure: the page stays")
    }

    /// Another value, a label joined at the end, fewer letters, or the same letters without more accents: the
    /// page pass's reading stays.
    @Test func otherReadingsAreNotKept() {
        #expect(!SlipReader.wordsLookKept(["Grünaustrasse 126"], confidence: 92, page: ["Andrea Brandli"]))
        #expect(!SlipReader.wordsLookKept(["Eastvale Energy Ltd Account name field"], confidence: 92, page: ["Eastvale Energy"]))
        #expect(!SlipReader.wordsLookKept(["Eastvale"], confidence: 92, page: ["Eastvale Energy"]))
        #expect(!SlipReader.wordsLookKept(["ANDREA BRANDLI"], confidence: 92, page: ["Andrea Brandli"]))
        #expect(!SlipReader.wordsLookKept([], confidence: 92, page: ["Andrea Brandli"]))
    }

    /// The words' box in millimetres, with a margin of 0.8 line heights beside the words and 0.6 above and below.
    @Test func wordsBoxInMillimetres() throws {
        let s = 300 / 25.4
        let t = SlipTransform(a: s, b: 0, c: 0, d: 0, e: s, f: 0)
        let page = PageWords(width: 2000, height: 1000, words: [
            PageWord(text: "Andrea", x: 100, y: 200, w: 120, h: 30), PageWord(text: "Brandli", x: 240, y: 202, w: 130, h: 30),
        ])
        let box = try #require(SlipReader.wordsBox([0, 1], page: page, transform: t))
        let line = 30 / s
        #expect(abs(box.x - (100 / s - 0.8 * line)) < 1e-6 && abs(box.w - (270 / s + 1.6 * line)) < 1e-6)
        #expect(abs(box.y - (200 / s - 0.6 * line)) < 1e-6 && abs(box.h - (32 / s + 1.2 * line)) < 1e-6)
        #expect(SlipReader.wordsBox([5], page: page, transform: t) == nil, "a word off the list")
        #expect(SlipReader.wordsBox([], page: page, transform: t) == nil)
    }
}

/// Check digits choose among the looks' characters where they disagree (`SlipCheckChoice`).
@Suite struct SlipCheckChoiceTests {
    /// IBAN mod 97: the account number's digits as a number mod 97 == 1 after moving the country code.
    static func ibanValid(_ s: String) -> Bool {
        let chars = Array(s)
        guard chars.count >= 15 else { return false }
        var total = 0
        for ch in chars.dropFirst(4) + chars.prefix(4) {
            if let d = ch.wholeNumberValue, ch.isASCII { total = (total * 10 + d) % 97 }
            else if ch.isASCII, ch.isUppercase, let a = ch.asciiValue { total = (total * 100 + Int(a) - 55) % 97 }
            else { return false }
        }
        return total == 1
    }

    @Test func twoLooksDisagreeingAtTwoDigits() throws {
        // SK4709000000002292101397: one look misreads the 9th digit, the other the 20th.
        let looks = ["SK4709008000002292101397", "SK47 0900 0000 0022 9210 1897"]
        let choice = try #require(SlipCheckChoice.combined(looks, valid: Self.ibanValid))
        #expect(choice.value == "SK4709000000002292101397")
        #expect(choice.positions == [8, 21])
    }

    @Test func noChoiceWithoutDisagreementOrWithTooMany() {
        #expect(SlipCheckChoice.combined(["SK4709008000002292101397", "SK4709008000002292101397"], valid: Self.ibanValid) == nil)
        #expect(SlipCheckChoice.combined(["SK4709008000002292101397"], valid: Self.ibanValid) == nil)
        #expect(SlipCheckChoice.combined(["SK4719008011102292101397", "SK4709000000002292101397x"], valid: Self.ibanValid) == nil,
                "different lengths are not combined")
        #expect(SlipCheckChoice.combined(["1234567", "7654321"], valid: { _ in true }) == nil, "too many positions")
    }

    /// Two combinations pass: the check cannot tell them apart, so none is chosen.
    @Test func ambiguousChoicesAreRefused() {
        #expect(SlipCheckChoice.combined(["AB", "CD"], valid: { $0 == "AD" || $0 == "CB" }) == nil)
        #expect(SlipCheckChoice.combined(["AB", "CD"], valid: { $0 == "AD" })?.value == "AD")
    }
}
