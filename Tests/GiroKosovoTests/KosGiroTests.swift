import Foundation
import GiroCore
@testable import GiroKosovo
import GiroTestSupport
import Testing

/// Kos-GIRO: only the exact reference and IBAN shapes, from Code128 only; the shared Kosovo vectors.
@Suite struct KosGiroTests {
    @Test func customsReferenceKeptAsWritten() throws {
        let r = try #require(KosGiro.record(try KosGiro.vector("kosovo-4")))
        #expect(r.reference == Reference(type: .kosovoKosGiroReference, value: "152020000037764Y", valid: nil))
        #expect(r.status == .uncertain && r.diagnostics.map(\.code) == [.kosGiroLayoutUnknown])
        #expect(r.amount == nil && r.creditor == nil && r.extras["xk.raw"] == "152020000037764Y")
    }

    @Test(arguments: ["kosovo-1", "kosovo-2"]) func validIBANs(_ name: String) throws {
        let bytes = try KosGiro.vector(name)
        let r = try #require(KosGiro.record(bytes))
        #expect(r.creditor?.account?.iban == String(decoding: bytes, as: UTF8.self) && r.warnings.isEmpty)
    }

    @Test func illustrationIBANRejected() throws {
        // kosovo-3: a bank's illustration; mod 97 fails.
        #expect(KosGiro.kit.decodeError(try KosGiro.vector("kosovo-3"))?.code == .ibanInvalidChecksum)
    }

    @Test func nationalCheckFailureKeptUncertain() {
        // kosovo-3's BBAN with IBAN check digits recomputed: mod 97 holds, the XK national check (BBAN ≡ 1) does not.
        let r = KosGiro.record("XK891901234567891011")
        #expect(KosGiro.warnings(r) == ["iban_invalid_national_check"] && r?.status == .uncertain)
    }

    @Test func otherShapesRejected() {
        for no in ["152020000037764", "152020000037764y", "1520200000377640", "XK05121201234567890", "xk051212012345678906", " 152020000037764Y"] {
            #expect(KosGiro.error(no)?.code == .headerInvalid, "\(no)")
        }
    }

    @Test func sniffNeedsCode128AndTheExactShape() {
        let f = KosovoKosGiro()
        #expect(f.matches(KosGiro.code128("152020000037764Y")) && f.matches(KosGiro.code128("XK051212012345678906")))
        #expect(!f.matches(Payload(text: "152020000037764Y")) && !f.matches(Payload(text: "152020000037764Y", symbology: .qr)))
        #expect(!f.matches(KosGiro.code128("1234567890123456")) && !f.matches(KosGiro.code128("RF18539007547034")))
    }

    @Test func claimsNoForeignPayload() {
        for symbology in [nil, Symbology.code128] {
            let claims = KosGiro.kit.foreignClaims(symbology: symbology)
            #expect(claims.isEmpty, "\(claims.prefix(5))")
        }
    }

    @Test func goldenFloor() { #expect(KosGiro.kit.goldenCaseCount >= 6) }

    @Test func mutatedFixturesNeverCrash() {
        for f in KosGiro.kit.fixtures() { #expect(KosGiro.kit.mutationFailures(f.bytes).isEmpty, "\(f.name)") }
    }

    @Test func seededMutationsPinned() throws {
        let (records, errors) = KosGiro.kit.seededMutations(try KosGiro.vector("kosovo-1"), seed: 0x58C)
        #expect(records == 5 && errors == 1995, "records \(records), errors \(errors)")
    }
}
