import Foundation
import GiroCore
import GiroGermany
import GiroTestSupport
import Testing

/// Every deviation the README's "Tolerances" table lists: decoded, with the warning it names, and `uncertain`
/// only where the policy says a check failed or a value was guessed.
@Suite struct BezahlCodeBarelyAcceptableTests {
    static let base = "bank://singlepaymentsepa?name=Max%20Mustermann&iban=DE89370400440532013000&amount=5,00&currency=EUR"

    @Test(arguments: [
        // (payload, warning codes in order, uncertain)
        ("bank://singlepaymentsepa?name=Bäckerei Müller&iban=DE89370400440532013000&amount=3,20", ["de_unencoded_character"], false),
        ("BANK://SinglePaymentSEPA?name=A&iban=DE89370400440532013000", ["de_case_normalized"], false),
        ("bank://singlepaymentsepa?NAME=A&iban=DE89370400440532013000", ["de_case_normalized"], false),
        ("bank://singlepaymentsepa?name=A&iban=DE89370400440532013000&amount=1&currency=eur", ["de_case_normalized"], false),
        ("bank://singlepaymentsepa?name=Max+Mustermann&iban=DE89370400440532013000", ["de_plus_as_space"], false),
        ("bank://singlepaymentsepa?name=A&iban=DE89370400440532013000&reason=100%", ["de_percent_invalid"], false),
        ("bank://singlepaymentsepa?name=A&iban=DE89370400440532013000&bic=GINIBICXXX", ["placeholder_value"], false),
        ("bank://singlepaymentsepa?name=A&iban=DE89370400440532013000&bic=cobadeffxxx", ["bic_normalized"], false),
        ("bank://singlepaymentsepa?name=A&iban=de89370400440532013000", ["iban_lowercase"], false),
        ("bank://singlepaymentsepa?name=A&iban=DE89%203704%200044%200532%200130%2000", ["iban_spaces"], false),
        ("bank://singlepaymentsepa?name=A&iban=DE89370400440532013000&amount=19.99", ["de_amount_decimal_point"], false),
        ("bank://singlepaymentsepa?name=%20A%20&iban=DE89370400440532013000", ["whitespace_trimmed"], false),
        ("bank://singlepaymentsepa?name=A&iban=DE89370400440532013000\r\n", ["whitespace_trimmed"], false),
        ("\u{FEFF}bank://singlepaymentsepa?name=A&iban=DE89370400440532013000", ["byte_order_mark"], false),
        ("bank://singlepaymentsepa?name=A&iban=DE89370400440532013000&invoice=7", ["unknown_key"], false),
        ("bank://singlepaymentsepa?name=A&iban=DE89370400440532013000&mandateid=7", ["unknown_key"], false),
        ("bank://singlepaymentsepa?name=A&iban=DE89370400440532013000&reason=" + String(repeating: "x", count: 141), ["field_too_long"], false),
        ("bank://singlepayment?name=A&account=1&bnc=37040044&reason=" + String(repeating: "x", count: 28), ["field_too_long"], false),
        ("bank://singlepaymentsepa?iban=DE89370400440532013000", ["field_missing"], true),
        ("bank://singlepaymentsepa?name=M%FCller&iban=DE89370400440532013000", ["charset_fallback"], true),
        ("bank://singlepayment?name=A&iban=DE33100205000001194700&account=532013000&bnc=37040044", ["de_account_mismatch"], true),
        ("bank://periodicsinglepaymentsepa?name=A&iban=DE89370400440532013000&periodictimeunit=m", ["de_case_normalized", "field_missing"], true),
        ("bank://singledirectdebitsepa?name=A&iban=DE89370400440532013000&mandateid=1", ["field_missing"], true),
        ("bank://singledirectdebitsepa?name=A&iban=DE89370400440532013000&mandateid=1&creditorid=DE99ZZZ09999999999", ["de_creditor_id_invalid"], true),
    ])
    func tolerated(_ payload: String, _ codes: [String], _ uncertain: Bool) throws {
        let r = try #require(BC.record(payload))
        #expect(BC.warningCodes(r) == codes, "\(payload)")
        #expect(r.status == (uncertain ? .uncertain : .valid), "\(payload)")
    }

    /// The policy's classes, checked with the test kit's helpers: severity, uncertainty, status, partial.
    @Test func policyClasses() {
        let iban = "&iban=DE89370400440532013000"
        BC.expectPolicy(Array("bank://singlepaymentsepa?name=A\(iban)&x=1".utf8), .unknownKey, uncertain: false, status: .valid)
        BC.expectPolicy(Array("bank://singlepaymentsepa?name=A\(iban)&bic=X".utf8), .placeholderValue, uncertain: false, status: .valid)
        BC.expectPolicy(Array("bank://singlepaymentsepa?name=A\(iban)&amount=1".utf8), .deCurrencyDefaulted, severity: .info,
                        uncertain: false, status: .valid)
        BC.expectPolicy(Array("bank://singlepaymentsepa?x=1\(iban)".utf8), .fieldMissing, uncertain: true, status: .uncertain)
        BC.expectRejection(Array("bank://contact?name=A&account=1&bnc=37040044".utf8), .notAPayment)
        BC.expectRejection(Array("bank://singlepayment?name=A&account=1&bnc=07040044".utf8), .deBankCodeInvalid)
    }

    @Test func rawSpacesAndUTF8AreReadAsWritten() throws {
        let r = try #require(BC.record("bank://singlepaymentsepa?name=Bäckerei Müller&iban=DE89370400440532013000&reason=Brötchen und Kaffee"))
        #expect(r.creditor?.name == "Bäckerei Müller")
        #expect(r.remittanceInformation == "Brötchen und Kaffee")
    }

    @Test func plusAndPercentDecoding() throws {
        let r = try #require(BC.record("bank://singlepaymentsepa?name=Max+M%C3%BCller&iban=DE89370400440532013000&reason=100%25+sicher%2C+50%"))
        #expect(r.creditor?.name == "Max Müller")
        #expect(r.remittanceInformation == "100% sicher, 50%")
    }

    @Test func latin1PercentEncodingIsAGuess() throws {
        let r = try #require(BC.record("bank://singlepaymentsepa?name=B%E4ckerei&iban=DE89370400440532013000"))
        #expect(r.creditor?.name == "Bäckerei")
        #expect(r.source.charset == "ISO-8859-1")
    }

    @Test func unknownParametersAreKept() throws {
        let r = try #require(BC.record(Self.base + "&invoiceid=2026%2F117&MandateID=x"))
        #expect(r.extras["de.unknown.invoiceid"] == "2026/117")
        #expect(r.extras["de.unknown.mandateid"] == "x")
    }

    @Test func malformedBICIsDropped() throws {
        let r = try #require(BC.record(Self.base + "&bic=COBADEFF1"))
        #expect(r.creditor?.account?.bic == nil)
        #expect(r.warnings.first?.message.contains("COBADEFF1") == true)
    }

    @Test func missingCurrencyIsEUROnlyAsInfo() throws {
        let r = try #require(BC.record("bank://singlepaymentsepa?name=A&iban=DE89370400440532013000&amount=7"))
        #expect(r.amount?.currency == "EUR" && r.warnings.isEmpty && r.status == .valid)
        #expect(r.diagnostics.map(\.code.rawValue) == ["de_currency_defaulted"])
    }

    @Test func emptyValuesAndSegmentsAreAbsent() throws {
        let r = try #require(BC.record("bank://singlepaymentsepa?name=A&&iban=DE89370400440532013000&reason=&amount=&"))
        #expect(r.remittanceInformation == nil && r.amount == nil && r.warnings.isEmpty)
    }
}
