import GiroCore
import GiroSwitzerland
import Testing

/// Header, version, coding type, the 31–34 line rule, the trailer and the alternative schemes.
@Suite struct LineCountTests {
    @Test(arguments: [0, 1, 2])
    func thirtyOneToThirtyFourLines(extra: Int) {
        let schemes = ["eBill/B/x@y.ch", "UV;UltraPay005;12345"]
        let lines = extra == 0 ? SPC.base : SPC.base + ["//S1/10/1"] + schemes.prefix(extra - 1)
        let r = SPC.record(lines)
        #expect(r?.warnings.isEmpty == true)
        #expect(r?.alternativeSchemes == Array(schemes.prefix(max(0, extra - 1))))
    }

    @Test func thirtyFourLinesWithTwoSchemes() {
        let r = SPC.record(SPC.base + ["", "eBill/B/x@y.ch", "UV;UltraPay005;12345"])
        #expect(r?.alternativeSchemes == ["eBill/B/x@y.ch", "UV;UltraPay005;12345"])
        #expect(r?.billInformation == nil)
    }

    @Test func threeAlternativeSchemesAreRejected() {
        let e = SPC.error(SPC.base + ["", "a/1", "b/2", "c/3"])
        #expect(e?.code == .tooManyAlternativeSchemes)
        #expect(e?.field == "alternativeSchemes[2]")
        #expect(e?.line == 35)
    }

    @Test func emptyAlternativeSchemeLinesAreSkipped() {
        let r = SPC.record(SPC.base + ["", "", "eBill/B/x@y.ch"])
        #expect(r?.alternativeSchemes == ["eBill/B/x@y.ch"])
    }

    @Test func thirtyFiveLinesWithTwoSchemesAreStillTooMany() {
        let e = SPC.error(SPC.base + ["", "", "a/1", "b/2"])
        #expect(e?.code == .structureInvalid)
        #expect(e?.line == 35)
    }

    @Test func alternativeSchemeLength() {
        let ok = SPC.record(SPC.base + ["", String(repeating: "a", count: 100)])
        #expect(ok?.warnings.isEmpty == true)
        let long = SPC.record(SPC.base + ["", String(repeating: "a", count: 101)])
        #expect(long?.warnings.map(\.code) == [.fieldTooLong])
        #expect(long?.warnings.first?.field == "alternativeSchemes[0]")
        #expect(long?.warnings.first?.line == 33)
    }

    @Test(arguments: 0..<30)
    func truncatedAfterLine(_ n: Int) {
        let e = SPC.error(Array(SPC.base.prefix(n + 1)))
        #expect(e != nil)
        if n >= 3 {
            #expect(e?.code == .structureInvalid)
        }
    }

    @Test func missingLineShiftsTheTrailer() {
        var lines = SPC.base
        lines.remove(at: 22)
        let e = SPC.error(lines)
        #expect(e?.code == .structureInvalid)
        #expect(e?.line == 30)
        #expect(e?.message.contains("missing") == true)
    }

    @Test func extraLineShiftsTheTrailer() {
        var lines = SPC.base
        lines.insert("extra", at: 29)
        let e = SPC.error(lines)
        #expect(e?.code == .structureInvalid)
        #expect(e?.line == 32)
    }

    @Test func emptyLastLineIsAMissingTrailer() {
        // An empty line 31 is a trailing empty line: 30 lines remain.
        let e = SPC.error(SPC.with(SPC.base, [30: ""]))
        #expect(e?.code == .structureInvalid)
    }

    @Test(arguments: ["EPX", "epd", "EPD "])
    func trailerMustBeEPD(_ trailer: String) {
        let e = SPC.error(SPC.with(SPC.base, [30: trailer]))
        #expect(e?.code == .trailerInvalid)
        #expect(e?.field == "trailer")
        #expect(e?.line == 31)
    }

    @Test(arguments: ["SPCX", "SPC ", "SPC1"])
    func header(_ header: String) {
        let e = SPC.error(SPC.with(SPC.base, [0: header]))
        #expect(e?.code == .headerInvalid)
        #expect(e?.line == 1)
        #expect(e?.offset == 0)
    }

    @Test(arguments: ["0100", "200", "02000", "02AB", "", "v0200"])
    func unsupportedVersions(_ version: String) {
        let e = SPC.error(SPC.with(SPC.base, [1: version]))
        #expect(e?.code == .versionUnsupported)
        #expect(e?.field == "version")
        #expect(e?.line == 2)
    }

    @Test(arguments: ["2", "0", "", "1 ", "UTF-8"])
    func codingType(_ coding: String) {
        let e = SPC.error(SPC.with(SPC.base, [2: coding]))
        #expect(e?.code == .charsetUnsupported)
        #expect(e?.field == "codingType")
        #expect(e?.line == 3)
    }

    @Test func matchesOnlySPC() {
        let f = SwissQRBill()
        #expect(f.matches(Payload(bytes: SPC.bytes(SPC.base))))
        #expect(f.matches(Payload(bytes: [0xEF, 0xBB, 0xBF] + SPC.bytes(SPC.base))))
        #expect(!f.matches(Payload(text: "BCD\n002\n1\nSCT")))
        #expect(!f.matches(Payload(text: "SP")))
        #expect(f.id == "ch.qr-bill")
        #expect(f.country == "CH")
    }

    @Test func emptyAndOversizedPayloads() {
        #expect(SPC.error([])?.code == .emptyPayload)
        #expect(SPC.error(Array(repeating: UInt8(ascii: "A"), count: PayloadLimits.maxBytes + 1))?.code == .payloadTooLarge)
    }

    @Test func errorsCarryEarlierWarnings() {
        let e = SPC.error([0xEF, 0xBB, 0xBF] + SPC.bytes(SPC.with(SPC.base, [1: "0201", 19: "USD"]), separator: "\r"))
        #expect(e?.code == .currencyNotAllowed)
        #expect(e?.format == "ch.qr-bill")
        #expect(Set(e?.diagnostics.map(\.code.rawValue) ?? []) == ["byte_order_mark", "line_ending_cr", "minor_version"])
    }
}
