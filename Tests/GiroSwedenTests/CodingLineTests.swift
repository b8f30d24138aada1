import GiroCore
@testable import GiroSweden
import GiroTestSupport
import Testing

/// The bankgiro / PlusGiro inpayment slip's OCR line: every check digit, the record, the lenient slip reader.
@Suite struct CodingLineTests {
    @Test func bankgiroLineDecodesInFull() throws {
        let r = try #require(CodingLine.record("#  12345678903 #  1234 50   9 >  54029681#41#"))
        #expect(r.format == "se.giro-coding-line" && r.country == "SE" && r.status == .valid)
        #expect(r.amount == Amount(value: CodingLine.kit.decimal("1234.50"), currency: "SEK"))
        #expect(r.reference == Reference(type: .swedishOCR, value: "12345678903", valid: true))
        #expect(r.creditor?.account?.number == "5402-9681")
        #expect(r.extras == ["se.documentType": "41", "se.giroType": "bankgiro"])
    }

    @Test(arguments: [
        ("#  12345678903 #  1234 50   5 >  5402968#41#", "se_check_digit_invalid", "amount", 28),
        ("#  12345678904 #  1234 50   9 >  54029681#41#", "reference_invalid_checksum", "reference", 13),
        ("#  12345678903 #  1234 50   9 >  54029682#41#", "se_check_digit_invalid", "creditor.account.number", 40),
        ("#  12345678903 #  1234 5   9 >  54029681#41#", "amount_invalid", "amount", 18),
        ("#  12345678903 #  1234 50   9   54029681#41#", "structure_invalid", "payload", 40),
        ("#  1234x678903 #  1234 50   9 >  54029681#41#", "charset_invalid", "payload", 7),
    ] as [(String, String, String, Int)])
    func everyCheckIsVerified(_ line: String, _ code: String, _ field: String, _ offset: Int) throws {
        let e = try #require(CodingLine.error(line))
        #expect(e.code.rawValue == code && e.field == field && e.offset == offset, "\(e)")
    }

    @Test func blankAmountAndUnpublishedType() throws {
        let blank = try #require(CodingLine.record("#  102343 #              >  54029681#42#"))
        #expect(blank.amount == nil && blank.status == .valid && blank.reference?.value == "102343")
        let pg = try #require(CodingLine.record("#  12345678903 #  250 00   1 >  2865434#14#"))
        #expect(CodingLine.warnings(pg) == ["se_document_type_unpublished"] && pg.creditor?.account?.number == "286543-4")
        #expect(pg.extras["se.giroType"] == "giro")
    }

    @Test func readerCollectsFailedChecks() throws {
        let reader = SwedishCodingLineReader()
        let good = try #require(reader.read("#  12345678903 #  1234 50   9 >  54029681#41#"))
        #expect(good.failedChecks.isEmpty && good.account?.number == "5402-9681" && good.amount?.value == CodingLine.kit.decimal("1234.50"))
        let bad = try #require(reader.read("#  12345678904 #  1234 50   5 >  54029682#41#"))
        #expect(bad.failedChecks == ["reference", "amount", "account"])
        #expect(reader.read("0100003949753>120000000000234478943216899+ 010001628>") == nil)
        // OCR noise outside the alphabet is dropped; the checks still hold.
        let noisy = try #require(reader.read("H#  12345678903 #  1234 50   9 >  54029681#41#."))
        #expect(noisy.failedChecks.isEmpty && noisy.reference?.value == "12345678903")
    }

    @Test func swissLinesAreNotClaimed() {
        let swiss = Payload(text: "0100003949753>120000000000234478943216899+ 010001628>")
        #expect(!SwedishGiroCodingLine().matches(swiss))
        #expect(SwedishGiroCodingLine().matches(Payload(text: "H#  1234567897 #    100 00   8 >   1609908#41#")))
    }

    @Test func mutatedFixturesNeverCrash() {
        for f in CodingLine.kit.fixtures() { #expect(CodingLine.kit.mutationFailures(f.bytes).isEmpty, "\(f.name)") }
        for f in BillQR.kit.fixtures() { #expect(BillQR.kit.mutationFailures(f.bytes).isEmpty, "\(f.name)") }
    }
}

/// Seeded mutations of a clean line and a clean bill code: each is a record or a typed error; the split is pinned,
/// so a change in what the decoders accept shows up here.
@Suite struct SwedishJunkTests {
    @Test func seededMutationsPinned() {
        let line = CodingLine.kit.seededMutations(Array("#  12345678903 #  1234 50   9 >  54029681#41#".utf8), seed: 0x5E)
        #expect(line.records + line.errors == 2000)
        #expect(line.records == 326, "coding line: records \(line.records), errors \(line.errors)")
        let qr = BillQR.kit.seededMutations(Array(#"{"uqr":1,"tp":1,"nme":"Test AB","cid":"1234","iref":"1001","idt":"20220707","ddt":"20220806","due":50,"pt":"BG","acc":"5536-7742"}"#.utf8), seed: 0x5E)
        #expect(qr.records + qr.errors == 2000)
        #expect(qr.records == 646, "bill QR: records \(qr.records), errors \(qr.errors)")
    }
}
