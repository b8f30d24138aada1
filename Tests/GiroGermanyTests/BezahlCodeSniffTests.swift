import Foundation
import GiroCore
import GiroGermany
import GiroTestSupport
import GiroTestSupport
import Testing

/// The sniff claims `bank://` + a known authority only: never another format's payload, never random text.
@Suite struct BezahlCodeSniffTests {
    let format = BezahlCode()

    @Test func neverClaimsAnotherFormatsFixtures() {
        let foreign = BC.foreignFixtures()
        for (name, bytes) in foreign {
            #expect(!format.matches(Payload(bytes: bytes)), "claims \(name)")
        }
        #expect(foreign.count >= 200, "only \(foreign.count) foreign fixtures found")
    }

    @Test func neverClaimsTheKitsRandomTexts() {
        let claimed = PluginFixtures<BezahlCode>.randomTexts().filter { format.matches(Payload(bytes: $0)) }
        #expect(claimed.isEmpty)
        #expect(BC.foreignClaims(symbology: .qr).isEmpty)
    }

    @Test func claimsEveryOwnFixture() {
        for f in BC.fixtures() {
            #expect(format.matches(Payload(bytes: f.bytes)), "\(f.name)")
        }
    }

    /// Random strings over URI characters, a quarter of them behind `bank://`: only a known authority may match.
    @Test func neverClaimsRandomURIs() {
        var rng = SplitMix64(seed: 0xDE)
        let alphabet = Array("bank:/?=&%+ABKNabkn0123456789singlepaymentsepacontact_v2 \n".utf8)
        var claimed = 0
        for i in 0..<10_000 {
            let n = Int.random(in: 0...80, using: &rng)
            var bytes: [UInt8] = (0..<n).map { _ in
                Bool.random(using: &rng) ? alphabet.randomElement(using: &rng) ?? 0 : UInt8.random(in: 0...255, using: &rng)
            }
            // Every fourth string starts like a URI, with a random (almost surely unknown) authority.
            if i % 4 == 0 { bytes = Array("bank://".utf8) + bytes }
            if format.matches(Payload(bytes: bytes)) { claimed += 1 }
        }
        #expect(claimed == 0)
    }

    @Test func knownAuthorityInAnyCaseOnly() {
        #expect(format.matches(Payload(text: "BANK://SINGLEPAYMENT?name=x")))
        #expect(format.matches(Payload(text: "bank://contact_v2")))
        #expect(format.matches(Payload(text: "\u{FEFF}bank://singlepaymentsepa?")))
        #expect(!format.matches(Payload(text: "bank://singlepaymentsepax?")))
        #expect(!format.matches(Payload(text: "bank://singlepayment_sepa?")))
        #expect(!format.matches(Payload(text: " bank://singlepayment?")))
        #expect(!format.matches(Payload(text: "bank:/singlepayment?")))
        #expect(!format.matches(Payload(text: "bank://")))
        #expect(!format.matches(Payload(text: "https://example.com/?bank://singlepayment")))
    }
}
