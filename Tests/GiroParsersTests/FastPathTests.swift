import GiroCore
@testable import GiroParsers
import Testing

/// The shortcuts the scanners take for speed must give what the general code gives.
@Suite struct FastPathTests {
    @Test func currencyTableAgreesWithGiroCore() {
        for a in UInt8(ascii: "A")...UInt8(ascii: "Z") {
            for b in UInt8(ascii: "A")...UInt8(ascii: "Z") {
                for c in UInt8(ascii: "A")...UInt8(ascii: "Z") {
                    let code = String(decoding: [a, b, c], as: UTF8.self)
                    #expect(CurrencyMarkers.minorUnits(a, b, c) == Currency.minorUnits(of: code))
                }
            }
        }
        for odd in ["", "EU", "EURO", "eur", "€", "ÉUR"] {
            #expect(CurrencyMarkers.minorUnits(of: odd) == Currency.minorUnits(of: odd))
        }
    }

    @Test func decimalDigitsMatchStringFormatting() {
        for v: UInt64 in [0, 1, 9, 10, 99, 100, 1234, 1_000_000, 999_999_999_999, UInt64.max] {
            for minDigits in 0...3 {
                var out: [UInt8] = []
                ByteText.appendDecimal(v, minDigits: minDigits, to: &out)
                let plain = String(v)
                #expect(String(decoding: out, as: UTF8.self) == String(repeating: "0", count: max(0, minDigits - plain.count)) + plain)
            }
        }
        #expect(DateParser.iso(2025, 1, 31) == "2025-01-31")
        #expect(DateParser.iso(999, 12, 5) == "999-12-05")
    }

    @Test func wordSkippingStopsAtEveryPossibleTrigger() {
        let t = Array("ab12+++ x|1 č9".utf8)
        #expect(ByteText.nextWordCandidate(t, after: 0) == 4)  // past `ab12`, onto `+`
        #expect(ByteText.nextWordCandidate(t, after: 4) == 5)  // `+` is no letter/digit: one step
        #expect(ByteText.nextWordCandidate(t, after: 8) == 9)  // stops at `|` (a look-alike of 1)
        #expect(ByteText.nextWordCandidate(t, after: t.count - 1) == t.count)
        let glued = try? ReferenceParser().parse("abc+++010/8068/17183+++")
        #expect(glued?.first?.type == "be.ogm")
    }

    @Test func monthNamesStillLowerCaseNonASCIICapitals() throws {
        let months = MonthNames.shared
        #expect(months.lookup(ArraySlice("MÄRZ".utf8)).contains { $0.month == 3 })
        #expect(months.lookup(ArraySlice("ЈАНУАР".utf8)).contains { $0.month == 1 })
        #expect(months.lookup(ArraySlice("märz".utf8)).contains { $0.month == 3 })
        #expect(months.lookup(ArraySlice("částka".utf8)).isEmpty)
        #expect(!months.lowerCaseIsASCIIOnly(ArraySlice("MÄRZ".utf8)))
        #expect(months.lowerCaseIsASCIIOnly(ArraySlice("částka".utf8)))
        #expect(try DateParser().parse("2. ÚNORA 2025").first?.value == "2025-02-02")
    }

    @Test func amountsWithManyGroupsAreRead() throws {
        let found = try AmountParser().parse("12.345.678.901.234,56 EUR")
        #expect(found.first?.value == "12345678901234.56")
    }
}
