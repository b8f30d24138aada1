import Giro
import Testing

/// formats-west §6.1 and §7.1: the worked examples, the vectors (valid and known-invalid), and the errors'
/// distinction between a malformed value and a wrong check.
@Suite struct BelgianDutchReferenceTests {
    func ogm(_ text: String) -> ErrorCode? {
        do { _ = try BelgianOGM.validate(Array(text.utf8)); return nil } catch { return error.code }
    }

    func kenmerk(_ text: String) -> ErrorCode? {
        do { _ = try DutchBetalingskenmerk.validate(Array(text.utf8)); return nil } catch { return error.code }
    }

    @Test(arguments: ["+++010/8068/17183+++", "***010/8068/17183***", "010/8068/17183", "010806817183", "+++ 010 / 8068 / 17183 +++"])
    func ogmSpellings(_ text: String) throws {
        #expect(try BelgianOGM.validate(Array(text.utf8)) == "010806817183")
    }

    @Test func ogmWorkedExamples() throws {
        #expect(Mod97Reference.checkDigits(Array("0108068171".utf8)[...]) == 83)
        #expect(Mod97Reference.checkDigits(Array("0000000097".utf8)[...]) == 97)  // remainder 0 → 97
        #expect(try BelgianOGM.validate(Array("+++000/0000/09797+++".utf8)) == "000000009797")
        #expect(Mod97Reference.formatted("010806817183") == "+++010/8068/17183+++")
    }

    @Test func ogmFormatAndCheckErrorsAreDistinct() {
        #expect(ogm("+++XXX/5331/03705+++") == .referenceInvalid)  // ogm-6
        #expect(ogm("+++010/8068/1718+++") == .referenceInvalid)
        #expect(ogm("0108068171830") == .referenceInvalid)
        #expect(ogm("000000000097") == .referenceInvalid)  // all zero
        #expect(ogm("010/8068/17180") == .referenceInvalidChecksum)  // ogm-2
        #expect(ogm("+++333/5331/03799+++") == .referenceInvalidChecksum)  // ogm-5
        #expect(ogm("+++123/4567/89012+++") == .referenceInvalidChecksum)  // ogm-7
        #expect(ogm("000000000000") == .referenceInvalid)
    }

    @Test func kenmerkWorkedExamples() throws {
        let sixteen = try DutchBetalingskenmerk.validate(Array("5000 0567 8901 2345".utf8))
        #expect(sixteen.compact == "5000056789012345" && sixteen.hasCheckDigit && sixteen.lengthCode == nil)
        #expect(WeightedMod11Reference.checkDigit(Array("000056789012345".utf8)[...]) == 5)  // A = 215, 215 mod 11 = 6
        let fourteen = try DutchBetalingskenmerk.validate(Array("12 2345 3462 2567".utf8))
        #expect(fourteen.lengthCode == 2)
        #expect(try DutchBetalingskenmerk.validate(Array("5834567890".utf8)).lengthCode == 8)  // vector 5
        #expect(try DutchBetalingskenmerk.validate(Array("1234567".utf8)).hasCheckDigit == false)  // vector 2
        #expect(WeightedMod11Reference.formatted("5000056789012345") == "5000 0567 8901 2345")
    }

    @Test func kenmerkOfficialRuleNotElfproef() {
        // Vectors 3 and 4: valid only under elfproef's swapped 10/11 mapping.
        #expect(kenmerk("173456789") == .referenceInvalidChecksum)
        #expect(kenmerk("02345678901234") == .referenceInvalidChecksum)
        #expect(kenmerk("073456789") == nil)  // C = 0 when 11 − r = 11
        #expect(kenmerk("12345678901234") == nil)  // the same body with C = 1
    }

    @Test func kenmerkLengthsAndLengthCode() {
        for bad in ["12345678", "123456789012345", "123456", "12345678901234567"] {  // 8 and 15 do not exist
            #expect(kenmerk(bad) == .referenceInvalid, "\(bad)")
        }
        #expect(kenmerk("153456789") == .referenceInvalid)  // L must be 7
        #expect(kenmerk("5000-0567") == .referenceInvalid)
    }
}
