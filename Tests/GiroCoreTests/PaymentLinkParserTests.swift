import GiroCore
import Testing

/// The byte-level link splitter every link plug-in shares: scheme, host, path, percent-decoded query, offsets.
@Suite struct PaymentLinkParserTests {
    func parse(_ text: String) throws(GiroError) -> PaymentLink {
        let bytes = Array(text.utf8)
        return try PaymentLinkParser.parse(bytes, 0..<bytes.count, format: "test")
    }

    @Test func partsAndDecodedQuery() throws {
        let l = try parse("HTTPS://user@Pay.Example.com:8443/t/1/x?Name=Jan+de%20Vries&amount=12.50&&flag#frag")
        #expect(l.scheme == "https" && l.host == "pay.example.com" && l.path == "/t/1/x")
        #expect(l.query.map(\.name) == ["name", "amount", "flag"])
        #expect(l.value("name") == "Jan de Vries" && l.value("flag") == "" && l.value("frag") == nil)
        #expect(l.query.first { $0.name == "amount" }?.offset == 60)
    }

    @Test func customSchemeWithoutAuthority() throws {
        let l = try parse("epspayment:pay?iban=AT61%201904")
        #expect(l.scheme == "epspayment" && l.host == "" && l.path == "pay" && l.value("iban") == "AT61 1904")
    }

    @Test func utf8Values() throws {
        #expect(try parse("https://x/?n=%C5%BDeljko").value("n") == "Željko")
    }

    @Test func rejectionsCarryOffsets() {
        func error(_ text: String) -> GiroError? {
            do { _ = try parse(text); return nil } catch { return error }
        }
        #expect(error("https://x/?a=%4")?.code == .structureInvalid)
        #expect(error("https://x/?a=%G1")?.offset == 13)
        #expect(error("https://x/ a")?.offset == 10)
        #expect(error("https://x/?a=%FF")?.code == .charsetInvalid)
        #expect(error("nocolon")?.code == .headerInvalid)
    }

    @Test func sniffHelpers() {
        let head = PaymentLink.head(Array("\u{FEFF}HTTPS://WWW.Payconiq.COM/x".utf8))
        #expect(head.map { PaymentLink.equalsIgnoringCase($0.scheme, "https") } == true)
        #expect(head.map { PaymentLink.host($0.host, isWithin: "payconiq.com") } == true)
        #expect(PaymentLink.host(Array("evilpayconiq.com".utf8)[...], isWithin: "payconiq.com") == false)
        #expect(PaymentLink.head(Array("https:/x".utf8)) == nil && PaymentLink.head(Array("://x".utf8)) == nil)
    }
}
