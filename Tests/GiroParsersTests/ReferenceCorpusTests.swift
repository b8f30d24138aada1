import GiroCore
import GiroParsers
import Testing

@Suite struct ReferenceCorpusTests {
    static let cases = Corpus.load("reference.txt")

    @Test(arguments: cases) func reference(_ c: CorpusCase) throws {
        let found = try ReferenceParser().parse(c.input, context: c.context)
        if c.expected == "none" {
            #expect(!found.contains { $0.status != .invalid }, "\(found.map { "\($0.type):\($0.value)" })")
            return
        }
        var validCount = 0
        for item in c.expected.split(separator: ";") {
            let (status, typed) = Corpus.status(item.trimmingCharacters(in: .whitespaces))
            let p = typed.split(separator: ":", maxSplits: 1).map(String.init)
            let hit = found.first { $0.type == p[0] && $0.value == p[1] }
            #expect(hit?.status == status, "\(typed) in \(found.map { "\($0.type):\($0.value) \($0.status)" })")
            if status == .valid { validCount += 1 }
        }
        #expect(found.filter { $0.status == .valid }.count == validCount)
    }

    /// rf-*, qrr-*, ogm-*, nl-betalingskenmerk-* from the shared vectors: valid ones are found valid and
    /// unchanged, invalid ones are never reported valid.
    @Test(arguments: ["rf-", "qrr-", "ogm-", "nl-betalingskenmerk-"]) func sharedWestVectors(_ prefix: String) throws {
        let vectors = Corpus.vectors("west", prefix: prefix)
        #expect(vectors.count >= 4)
        let context = prefix.hasPrefix("nl") ? ParseContext(country: "NL") : ParseContext()
        for v in vectors {
            let found = try ReferenceParser().parse(v.text, context: context)
            let valid = found.filter { $0.status == .valid }
            if v.expect.hasPrefix("valid") {
                let compact = String(v.text.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }).uppercased()
                if prefix == "nl-betalingskenmerk-", compact.count != 16 {
                    // 7–14-digit betalingskenmerken are not looked for in running text (too ambiguous).
                    continue
                }
                #expect(valid.map(\.value) == [compact], "\(v.name): \(found.map { "\($0.value) \($0.status)" })")
                #expect(valid.first?.corrections.isEmpty == true)
            } else {
                #expect(valid.isEmpty, "\(v.name): \(valid.map(\.value))")
            }
        }
    }

    /// Payloads from ../shared/vectors/cee read as OCR text: the IBANs and national references in them.
    @Test func sharedCEEVectors() throws {
        func load(_ name: String) throws -> String {
            try #require(Corpus.vectors("cee", prefix: name).first { $0.name == name + ".txt" }?.text, "\(name)")
        }
        let hub3 = try ParserGroup.standard().parse(load("hub3-1"))
        #expect(hub3.contains { $0.type == "iban" && $0.value == "HR1210010051863000160" && $0.status == .valid })
        // The vector's note: HR01 reference fails MOD11INI (computed 8, printed 9).
        #expect(hub3.contains { $0.type == "hr.model" && $0.value == "HR01 7269-68949637676-00019" && $0.status == .invalid })
        let upn = try ParserGroup.standard().parse(String(decoding: Array(load("upnqr-1").utf8), as: UTF8.self))
        #expect(upn.contains { $0.type == "iban" && $0.value == "SI56020170014356205" && $0.status == .valid })
        #expect(upn.contains { $0.type == "si.model" && $0.value == "SI12 1234567890120" && $0.status == .valid })
        let ips = try ReferenceParser().parse(load("nbs-ips-1"), context: ParseContext(country: "RS"))
        #expect(ips.contains { $0.type == "rs.model" && $0.value == "97 082240113797893" && $0.status == .valid })
        let ips4 = try ReferenceParser().parse(load("nbs-ips-4"), context: ParseContext(country: "RS"))
        #expect(!ips4.contains { $0.type == "rs.model" && $0.status == .valid })
        let accounts = try IBANParser().parse(load("nbs-ips-1"), context: ParseContext(country: "RS"))
        #expect(accounts.contains { $0.type == "rs.account" && $0.value == "160-0000000000602-16" })
        let spayd = try ParserGroup.standard().parse(load("spayd-1"))
        #expect(spayd.contains { $0.type == "iban" && $0.value == "CZ3301000000000002970297" && $0.status == .valid })
        #expect(spayd.contains { $0.type == "cz.vs" && $0.value == "0987654321" })
        #expect(spayd.contains { $0.type == "cz.ks" && $0.value == "0558" })
        // Every IBAN any CEE payload yields as valid passes the core's own validation.
        for v in Corpus.vectors("cee", prefix: "") {
            for c in try IBANParser().parse(v.text) where c.status == .valid && c.type == "iban" {
                #expect(IBAN.isValid(c.value), "\(v.name): \(c.value)")
            }
        }
    }
}
