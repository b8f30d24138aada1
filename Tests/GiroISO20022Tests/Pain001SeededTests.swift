import Foundation
import Giro
import GiroTestSupport
import Testing

/// Seeded random records (hostile text from a pool of awkward characters, odd amounts, partial addresses, every
/// reference type): every flavour either refuses a record with a typed error or writes XML its XSD accepts.
@Suite struct Pain001SeededTests {
    static let pool: [String] = ["a", "Z", "9", " ", "<", ">", "&", "\"", "'", "/", "-", "?", ":", "(", ")", ".", ",", "+",
                                 "ä", "Č", "ß", "Ș", "€", "Ж", "中", "\u{0}", "\u{1}", "\t", "\n", "\u{7F}", "\u{85}",
                                 "\u{FFFE}", "\u{1F4B8}", "]]>", "\u{301}", "&amp;"]

    static func text(_ rng: inout SplitMix64, max: Int) -> String {
        String((0..<Int.random(in: 0...max, using: &rng)).map { _ in pool.randomElement(using: &rng) ?? "" }.joined())
    }

    static func record(_ rng: inout SplitMix64, currency: String) -> PaymentRecord {
        var r = Pain001RefusalTests.transfer(amount: ["0.01", "1", "12.30", "999999999.99", "1234.5"].randomElement(using: &rng),
                                             currency: currency)
        r.creditor?.name = text(&rng, max: 90)
        if Bool.random(using: &rng) {
            r.creditor?.address = Address(street: text(&rng, max: 80), buildingNumber: text(&rng, max: 20),
                                          postalCode: text(&rng, max: 20), town: Bool.random(using: &rng) ? text(&rng, max: 40) : nil,
                                          country: ["CH", "DE", "xx", nil].randomElement(using: &rng) ?? nil,
                                          lines: Bool.random(using: &rng) ? [text(&rng, max: 80), text(&rng, max: 80), "x", "y"] : [])
        }
        r.remittanceInformation = Bool.random(using: &rng) ? text(&rng, max: 200) : nil
        r.ultimateCreditor = Bool.random(using: &rng) ? Party(name: text(&rng, max: 80)) : nil
        r.purpose = ["GDDS", "x", nil].randomElement(using: &rng) ?? nil
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: r.reference = Reference(type: .creditorReference, value: "RF18539007547034", valid: true)
        case 1: r.reference = Reference(type: .belgianStructured, value: "010806817183", valid: true)
        case 2: r.reference = Reference(type: "hr.model", value: "102-3057-89016", valid: true, model: "HR01")
        case 3: r.reference = Reference(type: .creditorReference, value: text(&rng, max: 40), valid: false)
        default: break
        }
        r.dueDate = ["2026-02-30", "2026-03-01", "garbage", nil].randomElement(using: &rng) ?? nil
        return r
    }

    @Test(arguments: Pain001Flavor.allCases)
    func randomRecordsAreRefusedOrValid(_ flavor: Pain001Flavor) throws {
        var rng = SplitMix64(seed: 0x9A1_0001)
        var accepted: [PaymentRecord] = []
        var refusals: [String: Int] = [:]
        for _ in 0..<300 {
            let r = Self.record(&rng, currency: flavor == .ch ? "CHF" : "EUR")
            do throws(GiroError) {
                _ = try Pain001Export.document([r], options: Pain001Support.options(flavor))
                accepted.append(r)
            } catch {
                refusals[error.code.rawValue, default: 0] += 1
                #expect(error.field.hasPrefix("records[0]"), "\(error)")
            }
        }
        #expect(accepted.count > 100, "\(refusals)")
        let doc = try Pain001Export.document(accepted, options: Pain001Support.options(flavor))
        #expect(doc.numberOfTransactions == accepted.count)
        if Pain001Support.hasSchema(flavor) {
            let errors = try Pain001Support.schemaErrors(doc.xml, schema: flavor.schemaFile)
            #expect(errors == nil, "\(errors?.prefix(2000) ?? "")")
        }
    }
}
