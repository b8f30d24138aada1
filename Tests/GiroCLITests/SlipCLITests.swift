import Foundation
import Testing
import GiroTestSupport

/// `giro decode --slip CLASS`: classification skipped, with caller words and with an image.
@Suite struct SlipCLITests {
    static let slips = RepositoryRoot.appending("fixtures/slips")
    func giro(_ args: [String]) throws -> CLITests.Run { try CLITests().giro(args) }

    @Test func wordsReadAsTheGivenClass() throws {
        let words = Self.slips.appendingPathComponent("si.upn/rent-scan.words").path
        let own = try giro(["decode", "--ocr", words, "--slip", "si.upn"])
        #expect(own.status == 0 && own.stdout.contains(#""slipClass" : "si.upn""#), "\(own.stderr)")
        // Told it is a HUB-3A, it is read as one (the wrong zones: uncertain), not classified as the UPN it is.
        let told = try giro(["decode", "--ocr", words, "--slip", "hr.hub-3a"])
        #expect(told.status == 2 && told.stdout.contains(#""slipClass" : "hr.hub-3a""#) && !told.stdout.contains(#""slipClass" : "si.upn""#))
    }

    @Test func unknownClassIsAUsageError() throws {
        let words = Self.slips.appendingPathComponent("si.upn/rent-scan.words").path
        let r = try giro(["decode", "--ocr", words, "--slip", "xx.none"])
        #expect(r.status == 64 && r.stdout.contains("slip_class_not_found"))
    }

    @Test func imageReadAsTheGivenClass() throws {
        let image = Self.slips.appendingPathComponent("samples/ch.esr-spec-example-scan.png").path
        let r = try giro(["decode", image, "--slip", "ch.esr"])
        #expect(r.status == 0 && r.stdout.contains(#""slipClass" : "ch.esr""#), "\(r.stderr)")
    }
}
