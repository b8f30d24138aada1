import Foundation
import GiroTestSupport
import Testing
import Giro

/// The `giro` executable on every shared vector of `shared/vectors/cee` (copied into the fixtures): `decode`
/// prints the golden record (or exits 65 with the golden error code); `formats` lists each format with its
/// country and symbologies.
@Suite struct CEEVectorCLITests {
    static let formats = ["hr.hub3", "rs.nbs-ips-qr", "si.upn-qr", "cz.spayd", "cz.sid", "sk.pay-by-square", "hu.mnb-qr"]
    static let vectors = Golden.cases().filter { c in
        formats.contains(c.formatDirectory)
            && c.name.range(of: #"-(hub3|nbs-ips|upnqr|spayd|spayd-sid|bysquare|mnb-hu)-\d+$"#, options: .regularExpression) != nil
    }

    /// hub3 6, nbs-ips 6, upnqr 11, spayd 12, spayd-sid 3, bysquare 8, mnb-hu 4.
    @Test func allVectorsPresent() { #expect(Self.vectors.count == 50) }

    @Test(arguments: vectors)
    func decodePrintsTheGoldenRecord(_ c: Golden.Case) throws {
        let run = try CLITests().giro(["decode", "--file", c.payload.path, "--format", "json", "--as-of", c.asOf.description])
        let golden = try Data(contentsOf: c.golden)
        if c.expectation == "invalid" {
            #expect(run.status == 65)
            let expected = try JSONDecoder().decode(Golden.ErrorEnvelope.self, from: golden).error
            let actual = try JSONDecoder().decode(Golden.ErrorEnvelope.self, from: Data(run.stdout.utf8)).error
            #expect(actual.code == expected.code && actual.field == expected.field)
        } else {
            let expected = try JSONDecoder().decode(PaymentRecord.self, from: golden)
            #expect(run.status == (expected.status == .valid ? 0 : 2), "\(run.stderr)")
            #expect(try JSONDecoder().decode(PaymentRecord.self, from: Data(run.stdout.utf8)) == expected)
        }
    }

    @Test func formatsListsCountryAndSymbologies() throws {
        let run = try CLITests().giro(["formats", "--json"])
        let list = try JSONDecoder().decode([FormatDescriptor].self, from: Data(run.stdout.utf8))
        let byID = Dictionary(uniqueKeysWithValues: list.map { ($0.id, $0) })
        #expect(byID["hr.hub3"]?.country == "HR" && byID["hr.hub3"]?.symbologies == [.pdf417, .qr])
        #expect(byID["rs.nbs-ips-qr"]?.country == "RS" && byID["rs.nbs-ips-qr"]?.symbologies == [.qr, .pdf417])
        #expect(byID["si.upn-qr"]?.country == "SI" && byID["si.upn-qr"]?.symbologies == [.qr])
        #expect(byID["cz.spayd"]?.country == "CZ" && byID["sk.pay-by-square"]?.country == "SK" && byID["hu.mnb-qr"]?.country == "HU")
        #expect(Self.formats.filter { $0 != "cz.sid" }.allSatisfy { byID[$0]?.canEncode == true })
    }
}
