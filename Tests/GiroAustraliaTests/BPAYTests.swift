import GiroCore
@testable import GiroAustralia
import Testing

/// BPAY CRN check-digit routines on the published worked examples (two independent sources each), the `algorithm`
/// option, and biller codes.
@Suite struct BPAYTests {
    static func crn(_ algorithm: String) throws -> any Identifier {
        try BPAYCustomerReference().configured(["algorithm": algorithm])
    }

    @Test func mod10v01PublishedExamples() throws {
        // fontis/bpay-ref-generator: 1234567890 → 12345678903; Biza babelfish: 89557136; tcl wiki: 2007050100001 → 1.
        for value in ["12345678903", "89557136", "20070501000011"] {
            let v = try BPAYCustomerReference().validate(value)
            #expect(v.details["algorithm"] == "MOD10V01" && v.compact == value)
        }
        #expect(code { try BPAYCustomerReference().validate("20070501000012") } == "reference_invalid_checksum")
    }

    @Test func mod10v05PublishedExamples() throws {
        // fontis/bpay-ref-generator: 1234567890 → 12345678905; Biza babelfish: 87348538.
        let v5 = try Self.crn("MOD10V05")
        for value in ["12345678905", "87348538"] {
            #expect(try v5.validate(value).details == ["algorithm": "MOD10V05", "checkDigit": String(value.last ?? "x")])
        }
        #expect(!v5.isValid("12345678903"))
        // Biza's MOD10V05 example happens to pass Luhn too; fontis' does not.
        #expect(BPAYCustomerReference().isValid("87348538") && !BPAYCustomerReference().isValid("12345678905"))
        #expect(PositionWeightedMod10.checkDigit(Array("1234567890".utf8)) == 5)
    }

    @Test func checkDigitErrorPointsAtTheDigit() {
        let error = thrown { try BPAYCustomerReference().validate("1234 5678 904") }
        #expect(error?.code == .referenceInvalidChecksum && error?.offset == 12 && error?.field == "reference")
    }

    @Test func optionValuesAndDefaults() throws {
        #expect(try Self.crn("mod10v05").validate("87348538").details["algorithm"] == "MOD10V05")
        #expect(BPAYCustomerReference().options.first?.values == ["MOD10V01", "MOD10V05"])
        #expect(BPAYCustomerReference().options.first?.defaultValue == "MOD10V01")
        for bad in [["algorithm": "MOD11V01"], ["length": "3"]] {
            do { _ = try BPAYCustomerReference().configured(bad); Issue.record("accepted \(bad)") }
            catch let e as GiroError { #expect(e.code == .inputInvalid) }
            catch { Issue.record("untyped \(error)") }
        }
    }

    @Test func lengths() {
        #expect(code { try BPAYCustomerReference().validate("7") } == "reference_invalid")
        #expect(code { try BPAYCustomerReference().validate(String(repeating: "1", count: 21)) } == "reference_invalid")
        #expect(BPAYCustomerReference().isValid("18"))
    }

    @Test func billerCodesFromPublicBills() throws {
        for value in ["129163", "241927", "49023", "351239", "3475", "53108", "3111", "Biller Code: 129163"] {
            #expect(BPAYBillerCode().isValid(value), "\(value)")
        }
        #expect(try BPAYBillerCode().validate("Biller code 3475").compact == "3475")
        #expect(code { try BPAYBillerCode().validate("129164") } == "identification_invalid")
        #expect(code { try BPAYBillerCode().validate("14") } == "identification_invalid")
    }
}
