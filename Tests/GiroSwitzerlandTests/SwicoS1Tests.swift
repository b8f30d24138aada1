import GiroCore
import GiroSwitzerland
import Testing

/// Swico S1 bill information (line 32): tags, escapes, dates, rate lists, conditions, and
/// the non-S1 / non-`//` cases.
@Suite struct SwicoS1Tests {
    func bill(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> (BillInformation?, [Diagnostic]) {
        let r = SPC.record(SPC.with(SPC.base, [29: "Invoice"]) + [text], sourceLocation: sourceLocation)
        return (r?.billInformation, r?.warnings ?? [])
    }

    @Test func sixExampleFullyDecoded() {
        // SIX sample data schema no. 5.
        let text = "//S1/10/10201409/11/200630/20/140.000-53/30/102673831/31/200630/32/7.7/33/7.7:9.30/40/0:30"
        let (b, w) = bill(text)
        #expect(w.isEmpty)
        #expect(b?.syntax == "S1")
        #expect(b?.raw == text)
        #expect(b?.invoiceNumber == "10201409")
        #expect(b?.invoiceDate == "2020-06-30")
        #expect(b?.customerReference == "140.000-53")
        #expect(b?.vatNumber == "102673831")
        #expect(b?.vatDate == "2020-06-30")
        #expect(b?.vatPeriodEnd == nil)
        #expect(b?.vatDetails == [TaxRate(rate: SPC.decimal("7.7"))])
        #expect(b?.importTaxes == [TaxRate(rate: SPC.decimal("7.7"), amount: SPC.decimal("9.3"))])
        #expect(b?.paymentConditions == [PaymentCondition(discount: 0, days: 30)])
        #expect(b?.unknownTags == [:])
    }

    @Test func escapedSlashAndBackslash() {
        let (b, w) = bill("//S1/10/X.66711\\/8824/20/A\\\\B")
        #expect(w.isEmpty)
        #expect(b?.invoiceNumber == "X.66711/8824")
        #expect(b?.customerReference == "A\\B")
    }

    @Test func escapedBackslashBeforeSeparator() {
        let (b, w) = bill("//S1/10/AB\\\\/20/CD")
        #expect(w.isEmpty)
        #expect(b?.invoiceNumber == "AB\\")
        #expect(b?.customerReference == "CD")
    }

    @Test func wildernessDateIsAVATPeriodInTag31() {
        let (b, w) = bill("//S1/31/200714210713")
        #expect(w.isEmpty)
        #expect(b?.vatDate == "2020-07-14")
        #expect(b?.vatPeriodEnd == "2021-07-13")
    }

    @Test(arguments: [("200714210713", "2020-07-14"), ("2007142107", "2020-07-14")])
    func wildernessInvoiceDateWithTime(_ value: String, _ date: String) {
        let (b, w) = bill("//S1/11/" + value)
        #expect(b?.invoiceDate == date)
        #expect(w.map(\.code) == [.swicoDateWithTime])
        #expect(w.first?.field == "billInformation.invoiceDate")
    }

    @Test(arguments: ["201340", "200230", "2007", "20071421", "200714256000", "ABCDEF", "210229"])
    func invalidInvoiceDates(_ value: String) {
        let (b, w) = bill("//S1/11/" + value)
        #expect(b?.invoiceDate == nil)
        #expect(b?.raw == "//S1/11/" + value)
        #expect(w.map(\.code) == [.billInformationInvalid])
    }

    @Test func leapDay() {
        #expect(bill("//S1/11/240229").0?.invoiceDate == "2024-02-29")
    }

    @Test func vatRateList() {
        let (b, w) = bill("//S1/32/8:1000;2.5:51.8;7.7:250")
        #expect(w.isEmpty)
        #expect(b?.vatDetails == [TaxRate(rate: 8, amount: 1000), TaxRate(rate: SPC.decimal("2.5"), amount: SPC.decimal("51.8")), TaxRate(rate: SPC.decimal("7.7"), amount: 250)])
    }

    @Test func paymentConditions() {
        let (b, w) = bill("//S1/40/2:10;0:30")
        #expect(w.isEmpty)
        #expect(b?.paymentConditions == [PaymentCondition(discount: 2, days: 10), PaymentCondition(discount: 0, days: 30)])
    }

    @Test func unknownTagsAreKept() throws {
        // spc-2 (manuelbl sample) uses tags 01/22/41 outside S1 v1.2; its 11/30/40 values are not S1 either.
        let r = SPC.record(try SPC.vector("spc-2"))
        let b = r?.billInformation
        #expect(b?.unknownTags == ["01": "20170309", "22": "36958", "41": "3010"])
        #expect(b?.customerReference == "14000000")
        #expect(b?.invoiceDate == nil)
        #expect(b?.vatNumber == "CH106017086")
        #expect(r?.warnings.map(\.field) == ["billInformation.invoiceDate", "billInformation.vatNumber", "billInformation.paymentConditions"])
        #expect(r?.warnings.allSatisfy { $0.code == .billInformationInvalid && $0.line == 32 } == true)
    }

    static let invalid: [(String, String)] = [
        ("//S1/10/12345/11", "billInformation"),           // tag without value
        ("//S1/10/12345/", "billInformation"),             // trailing slash
        ("//S1/10/1/10/2", "billInformation"),             // repeated tag
        ("//S1/1/12345", "billInformation"),               // one-digit tag
        ("//S1/AB/12345", "billInformation"),              // non-numeric tag
        ("//S1/10/", "billInformation"),                   // empty value
        ("//S1/10/A\\B", "billInformation"),               // bad escape
        ("//S1/30/CHE-102.673.831", "billInformation.vatNumber"),
        ("//S1/31/2006", "billInformation.vatDate"),
        ("//S1/32/7.7:;8", "billInformation.vatDetails"),
        ("//S1/32/abc", "billInformation.vatDetails"),
        ("//S1/33/7.7", "billInformation.importTaxes"),
        ("//S1/40/2:x", "billInformation.paymentConditions"),
        ("//S1/40/1020", "billInformation.paymentConditions"),
    ]

    @Test(arguments: invalid)
    func invalidS1IsAWarningNotARejection(_ text: String, _ field: String) {
        let (b, w) = bill(text)
        #expect(b?.raw == text)
        #expect(b?.syntax == "S1")
        #expect(w.map(\.code) == [.billInformationInvalid])
        #expect(w.first?.field == field)
        #expect(w.first?.line == 32)
    }

    @Test func emptyS1() {
        let (b, w) = bill("//S1")
        #expect(w.isEmpty)
        #expect(b?.syntax == "S1")
        #expect(b?.invoiceNumber == nil)
    }

    @Test func otherSyntaxIsOpaque() {
        let (b, w) = bill("//XY/some/other/syntax")
        #expect(w.isEmpty)
        #expect(b?.syntax == "XY")
        #expect(b?.raw == "//XY/some/other/syntax")
        #expect(b?.invoiceNumber == nil)
        #expect(b?.unknownTags == [:])
    }

    @Test(arguments: ["Some bill information here...", "/S1/10/1", "//S/10", "//S1X/10/1", "//"])
    func notASyntaxIdentifier(_ text: String) {
        let (b, w) = bill(text)
        #expect(b?.syntax == nil)
        #expect(b?.raw == text)
        #expect(w.map(\.code) == [.billInformationInvalid])
    }

    @Test func emptyBillInformationLineWithScheme() {
        let r = SPC.record(SPC.base + ["", "eBill/B/x@y.ch"])
        #expect(r?.billInformation == nil)
        #expect(r?.alternativeSchemes == ["eBill/B/x@y.ch"])
    }

    @Test func combinedLengthWithMessage() {
        let message = String(repeating: "M", count: 100)
        let ok = SPC.record(SPC.with(SPC.base, [29: message]) + ["//S1/10/" + String(repeating: "1", count: 32)])
        #expect(ok?.warnings.isEmpty == true)
        let r = SPC.record(SPC.with(SPC.base, [29: message]) + ["//S1/10/" + String(repeating: "1", count: 33)])
        #expect(SPC.warningCodes(r) == ["additional_information_too_long"])
    }
}
