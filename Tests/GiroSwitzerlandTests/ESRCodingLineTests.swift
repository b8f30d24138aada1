import Foundation
import GiroCore
@testable import GiroSwitzerland
import GiroTestSupport
import Testing

enum ESR: PluginTestHelpers {
    static let kit = PluginFixtures(SwissESRCodingLine(), directory: "ch.esr-coding-line")
}

/// The orange ESR and red ES coding lines (formats-west.md §3.2–3.3): every block's check digit, the record, the
/// tolerated spacing and the rejections.
@Suite struct ESRCodingLineTests {
    @Test func workedExampleDecodesInFull() throws {
        let r = try #require(ESR.record(try ESR.kit.vector("esr-1")))
        #expect(r.format == "ch.esr-coding-line" && r.country == "CH" && r.status == .valid && r.diagnostics.isEmpty)
        #expect(r.amount == Amount(value: ESR.kit.decimal("3949.75"), currency: "CHF"))
        #expect(r.reference == Reference(type: .qrReference, value: "120000000000234478943216899", valid: true))
        #expect(r.creditor == Party(account: Account(number: "01-162-8")))
        #expect(r.extras == ["ch.esr.slip": "orange", "ch.esr.documentType": "01", "ch.esr.participant": "010001628", "ch.currency": "CHF"])
    }

    @Test func sharedVectors() throws {
        let r2 = ESR.record(try ESR.kit.vector("esr-2"))
        #expect(r2?.amount?.formattedValue == "229.50" && r2?.creditor?.account?.number == "01-61895-5")
        // BC 04: ESR+ without amount, first block = type + check digit.
        let r3 = ESR.record(try ESR.kit.vector("esr-3"))
        #expect(r3?.amount == nil && r3?.extras["ch.currency"] == "CHF" && r3?.extras["ch.esr.documentType"] == "04")
        let r4 = ESR.record(try ESR.kit.vector("esr-4"))
        #expect(r4?.amount == Amount(value: ESR.kit.decimal("440"), currency: "EUR") && r4?.creditor?.account?.number == "03-162-5")
        let r5 = ESR.record(try ESR.kit.vector("esr-5"))
        #expect(r5?.extras["ch.esr.documentType"] == "11" && r5?.reference?.value == "210000000003139471430009017")
        // esr-6: amount check right, reference (first failure) wrong; the partial record keeps the amount.
        let e6 = try #require(ESR.kit.decodeError(try ESR.kit.vector("esr-6")))
        #expect(e6.code == .referenceInvalidChecksum && e6.field == "reference" && e6.offset == 40)
        #expect(e6.partial?.amount?.formattedValue == "494.00" && e6.partial?.reference?.valid == false)
    }

    @Test func redSlipForABankAccount() throws {
        let r = try #require(ESR.record(try ESR.kit.vector("esr-red-1")))
        #expect(r.status == .valid && r.diagnostics.isEmpty)
        #expect(r.creditor == Party(account: Account(number: "123456789012", bankCode: "08888")))
        #expect(r.amount == nil && r.reference == nil)
        #expect(r.extras == ["ch.esr.slip": "red", "ch.es.bankClearing": "08888", "ch.es.bankPostalAccount": "80-939-3"])
    }

    @Test func sixteenDigitReference() {
        let r = ESR.record(String(decoding: (try? ESR.kit.vector("reference-16-digits")) ?? [], as: UTF8.self))
        #expect(r?.reference?.type == .swissESR16 && r?.reference?.value == "1234567890123456" && r?.amount?.formattedValue == "100.00")
    }

    @Test(arguments: [
        ("amount-check", "esr_check_digit_invalid", "amount"),
        ("participant-check", "esr_check_digit_invalid", "creditor.account.number"),
        ("reference-check", "reference_invalid_checksum", "reference"),
        ("document-type", "esr_document_type_unknown", "extras.ch.esr.documentType"),
        ("no-amount-type-with-amount", "structure_invalid", "amount"),
        ("ocr-letter", "charset_invalid", "payload"),
        ("reference-length", "reference_invalid", "reference"),
        ("two-blocks", "structure_invalid", "creditor.account.number"),
        ("four-blocks", "structure_invalid", "payload"),
        ("red-clearing-check", "esr_check_digit_invalid", "creditor.account.bankCode"),
        ("red-postal-check", "esr_check_digit_invalid", "extras.ch.es.bankPostalAccount"),
        ("red-account-check", "esr_check_digit_invalid", "creditor.account.number"),
    ])
    func rejections(name: String, code: String, field: String) throws {
        let e = try #require(ESR.kit.decodeError(try ESR.kit.vector(name)))
        #expect(e.code.rawValue == code && e.field == field && e.format == "ch.esr-coding-line", "\(e)")
        #expect(e.offset != nil)
    }

    @Test(arguments: [
        ("ocr-spaces", ["esr_spacing"]),
        ("no-space-after-plus", ["esr_spacing"]),
        ("final-terminator-missing", ["esr_terminator_missing"]),
        ("surrounding-whitespace", ["whitespace_trimmed"]),
        ("red-crlf-and-tabs", ["esr_spacing", "whitespace_trimmed"]),
    ])
    func toleratedSpacingIsCosmetic(name: String, warnings: [String]) throws {
        let r = try #require(ESR.record(try ESR.kit.vector(name)))
        #expect(Set(ESR.kit.warningCodes(r)) == Set(warnings))
        #expect(r.status == .valid, "every check digit held: the record can be acted on")
        let clean = ESR.record(try ESR.kit.vector(name.hasPrefix("red") ? "esr-red-1" : "esr-1"))
        #expect(r.amount == clean?.amount && r.reference == clean?.reference && r.creditor == clean?.creditor)
    }

    @Test func amountZeroIsAnInfo() throws {
        let r = try #require(ESR.record(try ESR.kit.vector("amount-zero")))
        #expect(r.amount?.formattedValue == "0.00" && r.status == .valid && r.diagnostics.map(\.code) == [.amountZero])
    }

    @Test func sniff() {
        let f = SwissESRCodingLine()
        #expect(f.matches(Payload(text: "0100003949753>120000000000234478943216899+ 010001628>")))
        #expect(f.matches(Payload(text: "000000000000001234567890128+ 070888854>\n800009393>")))
        for no in ["01000039497531200000000002344789432168990100016", "010001628>", "RF18539007547034>",
                   "0100003949753>12000000000023447894321689a+ 010001628>", "SPC\n0200\n1>11111111111111111111"] {
            #expect(!f.matches(Payload(text: no)), "\(no)")
        }
    }

    @Test func claimsNoForeignPayload() {
        let claims = ESR.kit.foreignClaims()
        #expect(claims.isEmpty, "\(claims.prefix(5))")
    }

    @Test func goldenFloor() { #expect(ESR.kit.goldenCaseCount >= 25) }

    @Test func mutatedFixturesNeverCrash() {
        for f in ESR.kit.fixtures() { #expect(ESR.kit.mutationFailures(f.bytes).isEmpty, "\(f.name)") }
    }

    /// A single changed digit in any block is caught by that block's check digit (mod 10 recursive detects every
    /// single-digit error); only changes of spacing survive.
    @Test func everySingleDigitChangeIsCaught() throws {
        for name in ["esr-1", "esr-3", "esr-red-1"] {
            let base = try ESR.kit.vector(name)
            for i in base.indices where base[i] >= 0x30 && base[i] <= 0x39 {
                for d in UInt8(0x30)...0x39 where d != base[i] {
                    var m = base
                    m[i] = d
                    #expect(ESR.kit.decodeError(m) != nil, "\(name) byte \(i) → \(Character(Unicode.Scalar(d)))")
                }
            }
        }
    }

    @Test func seededMutationsPinned() throws {
        let (records, errors) = ESR.kit.seededMutations(try ESR.kit.vector("esr-1"), seed: 0xE5A)
        #expect(records == 109 && errors == 1891, "records \(records), errors \(errors)")
    }
}
