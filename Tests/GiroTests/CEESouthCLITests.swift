import Foundation
import Testing
import Giro

/// The `giro` executable on the Croatian, Serbian and Slovenian vectors: `decode` prints the golden record
/// (or exits 65 with the golden error code), `formats` lists the three formats with country and symbologies.
@Suite struct CEESouthCLITests {
    static let formats = ["hr.hub3", "rs.nbs-ips-qr", "si.upn-qr"]
    /// The shared vectors (hub3-N, nbs-ips-N, upnqr-N) among the fixtures.
    static let vectors = Golden.cases().filter { c in
        formats.contains(c.formatDirectory) && c.name.range(of: #"-(hub3|nbs-ips|upnqr)-\d+$"#, options: .regularExpression) != nil
    }

    @Test func allVectorsPresent() { #expect(Self.vectors.count == 6 + 6 + 11) }

    @Test(arguments: vectors)
    func decodePrintsTheGoldenRecord(_ c: Golden.Case) throws {
        let run = try CLITests().giro(["decode", "--file", c.payload.path, "--format", "json"])
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
        #expect(Self.formats.allSatisfy { byID[$0]?.canEncode == true })
    }
}
