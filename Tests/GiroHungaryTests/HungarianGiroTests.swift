import GiroCore
@testable import GiroHungary
import Testing

/// The GIRO account numbers the Hungarian plug-in reads on slips and checks (`giro check hu-account`).
@Suite struct HungarianGiroTests {
    @Test func hungarianGiroAccounts() throws {
        let short = try #require(HungarianGiro("11773016-11111018"))
        #expect(short.iban == "HU42117730161111101800000000" && short.formatted == "11773016-11111018")
        let long = try #require(HungarianGiro("11600006-00000000-12345676"))
        #expect(long.iban == "HU93116000060000000012345676")
        #expect(HungarianGiro(iban: "HU93116000060000000012345676")?.formatted == "11600006-00000000-12345676")
        #expect(HungarianGiro(iban: "HU42117730161111101800000000")?.digits == "1177301611111018")
        #expect(HungarianGiro("11773016-11111019") == nil)
        #expect(HungarianGiro("11773017-11111018") == nil)
        #expect(HungarianGiro("1177301-611111018") == nil)
        #expect(HungarianGiro("117730161111101") == nil)
    }

    @Test func accountIdentifierTakesPrintedForms() throws {
        let kind = HungarianAccount()
        #expect(try kind.validate("11773016-11111018").compact == "1177301611111018")
        #expect(try kind.validate("11773016 11111018").formatted == "11773016-11111018")
        #expect(try kind.validate("HU42 1177 3016 1111 1018 0000 0000").details["iban"] == "HU42117730161111101800000000")
        #expect(throws: GiroError.self) { try kind.validate("11773016-11111019") }
    }
}
