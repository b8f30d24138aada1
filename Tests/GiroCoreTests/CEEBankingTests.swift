import Foundation
@testable import GiroCore
import Testing

/// Core pieces the Czech, Slovak and Hungarian plug-ins share: CRC-32, compact dates, GIRO accounts.
@Suite struct CEEBankingTests {
    @Test func crc32MatchesZlib() {
        #expect(CRC32.checksum([UInt8]()) == 0)
        #expect(CRC32.hex(CRC32.checksum(Array("123456789".utf8))) == "CBF43926")
        #expect(CRC32.checksum(Array("6789".utf8), continuing: CRC32.checksum(Array("12345".utf8))) == 0xCBF4_3926)
        #expect(CRC32.hex(0x0000_00AB) == "000000AB")
    }

    @Test func compactDates() {
        #expect(CompactDate.iso(Array("20210430".utf8)) == "2021-04-30")
        #expect(CompactDate.iso(Array("20240229".utf8)) == "2024-02-29")
        for bad in ["20230229", "21000229", "20211301", "20210400", "2021043", "2021O430", "00000101"] {
            #expect(CompactDate.iso(Array(bad.utf8)) == nil, "\(bad)")
        }
        #expect(CompactDate.iso(Array("20000229".utf8)) == "2000-02-29")
        #expect(CompactDate.compact("2021-04-30") == "20210430" && CompactDate.compact("2021-4-30") == nil)
    }

    @Test func czechAccountBothWays() throws {
        let a = try #require(PrefixedAccountNumber("721-77628031/0710"))
        #expect(a.iban(country: "CZ") == "CZ5207100007210077628031")
        #expect(PrefixedAccountNumber(iban: "CZ5207100007210077628031")?.formatted == "721-77628031/0710")
        let sk = try #require(PrefixedAccountNumber(iban: "SK9611000000002918599669"))
        #expect(sk.formatted == "2918599669/1100" && sk.iban(country: "SK") == "SK9611000000002918599669")
        #expect(PrefixedAccountNumber("721-77628032/0710") == nil)
    }

    @Test func hungarianNationalCheckInIBANValidation() {
        #expect(IBAN.isValid("HU42 1177 3016 1111 1018 0000 0000"))
        #expect(IBAN.isValid("HU16100320000605635300000000"))
        #expect(NationalCheckDigits.supportedCountries.contains("HU"))
        // Valid mod 97, but the account group fails 9-7-3-1.
        do {
            _ = try IBAN("HU86117730161111101900000000")
            Issue.record("accepted")
        } catch {
            #expect(error.code == .ibanInvalidNationalCheck)
        }
    }
}
