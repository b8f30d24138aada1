import GiroCore
import GiroParsers
@testable import GiroBelgium
@testable import GiroNetherlands
import Testing

/// OGM/VCS and betalingskenmerk in OCR text: found where unambiguous, and their verdicts agree with the
/// typed validators (`BelgianOGM`, `DutchBetalingskenmerk`) that `giro check` uses.
@Suite struct BelgianDutchReferenceParserTests {
    func found(_ text: String, _ country: String? = nil) throws -> [(type: String, value: String, status: String)] {
        try ReferenceParser().parse(text, context: ParseContext(country: country)).map { ($0.type, $0.value, "\($0.status)") }
    }

    @Test func framedOGMInAnySpelling() throws {
        for text in ["Mededeling: +++010/8068/17183+++", "communication *** 010 / 8068 / 17183 ***", "OGM 010/8068/17183"] {
            let f = try found(text)
            #expect(f.contains { $0.type == "be.ogm" && $0.value == "010806817183" && $0.status == "valid" }, "\(text): \(f)")
        }
    }

    @Test func ogmVerdictsAgreeWithTheValidator() throws {
        for (text, valid) in [("+++000/0000/09797+++", true), ("+++123/4567/89012+++", false), ("+++333/5331/03799+++", false)] {
            let f = try found("ref " + text).filter { $0.type == "be.ogm" }
            #expect(f.contains { $0.status == "valid" } == valid, "\(text): \(f)")
            #expect(((try? BelgianOGM.validate(Array(text.utf8))) != nil) == valid)
        }
    }

    @Test func labelledSixteenDigitKenmerk() throws {
        let f = try found("Betalingskenmerk: 5000 0567 8901 2345")
        #expect(f.contains { $0.type == "nl.betalingskenmerk" && $0.value == "5000056789012345" && $0.status == "valid" }, "\(f)")
    }

    @Test func unlabelledSixteenDigitsAreNotAKenmerkOutsideNL() throws {
        #expect(try found("Klantnummer 5000056789012345").allSatisfy { $0.type != "nl.betalingskenmerk" })
        #expect(try found("5000056789012345", "NL").contains { $0.type == "nl.betalingskenmerk" && $0.status == "valid" })
    }

    @Test func kenmerkWithAWrongCheckIsNeverValid() throws {
        let f = try found("kenmerk 0000 0567 8901 2345").filter { $0.type == "nl.betalingskenmerk" }
        #expect(!f.contains { $0.status == "valid" }, "\(f)")
        #expect(throws: GiroError.self) { try DutchBetalingskenmerk.validate(Array("0000056789012345".utf8)) }
    }
}
