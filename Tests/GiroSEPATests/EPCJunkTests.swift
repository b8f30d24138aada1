import Testing
import GiroCore
@testable import GiroSEPA

/// Hostile input must end in a typed error or a record — never a trap.
@Suite struct EPCJunkTests {
    /// Small deterministic generator (xorshift), so failures reproduce.
    struct Rng {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
    }

    static let valid = EPC.payload(EPC.elements([11: "Rechnung Müller", 12: "Danke"]))

    /// Decodes and reports which way it went; the point is that it returns at all.
    @discardableResult
    func survive(_ bytes: [UInt8]) -> Bool {
        let payload = Payload(bytes: bytes)
        _ = EPC.format.matches(payload)
        do {
            let r = try EPC.format.decode(payload)
            #expect(r.format == "sepa.epc-qr")
            return true
        } catch {
            #expect(Self.rejectionCodes.contains(error.code.rawValue), "rejected with \(error.code)")
            return false
        }
    }

    /// The codes hostile input may be rejected with; anything else is a new failure mode worth a look.
    static let rejectionCodes: Set<String> = [
        "amount_invalid", "bic_invalid", "charset_invalid", "currency_not_allowed", "empty_payload", "field_missing",
        "iban_invalid_bban", "iban_invalid_checksum", "iban_invalid_country", "iban_invalid_format", "iban_invalid_length",
        "identification_invalid", "payload_too_large", "reference_invalid_checksum", "service_tag_invalid", "structure_invalid",
        "version_unsupported",
    ]

    @Test func randomBytesAfterBCD() {
        var rng = Rng(state: 0x9E37_79B9_7F4A_7C15)
        var decoded = 0
        for _ in 0..<3000 {
            let n = Int(rng.next() % 400)
            var bytes = Array("BCD\n".utf8)
            for _ in 0..<n { bytes.append(rng.byte()) }
            if survive(bytes) { decoded += 1 }
        }
        #expect(decoded == 0, "\(decoded) of 3000 decoded")
    }

    @Test func randomLinesFromAPlausibleAlphabet() {
        // Newlines, digits, letters, spaces, NUL and high bytes: reaches deep into the element checks.
        let alphabet: [UInt8] = Array("\n\n\n\r 0123456789EURBCDSCTINSTDE.,+/*\0".utf8) + [0xC3, 0xBC, 0xFC, 0x80, 0xFF]
        var rng = Rng(state: 42)
        var decoded = 0
        for _ in 0..<5000 {
            var bytes = Array("BCD\n00\(rng.next() % 2 + 1)\n\(rng.next() % 10)\nSCT\n".utf8)
            for _ in 0..<Int(rng.next() % 120) { bytes.append(alphabet[Int(rng.next() % UInt64(alphabet.count))]) }
            if survive(bytes) { decoded += 1 }
        }
        // Seeded, so the count is fixed: none decodes, yet they get as far as the BIC and IBAN checks (see rejectionCodes).
        #expect(decoded == 0, "\(decoded) of 5000 decoded")
    }

    @Test func mutationsOfAValidPayload() {
        var rng = Rng(state: 7)
        var decoded = 0
        for _ in 0..<5000 {
            var bytes = Self.valid
            for _ in 0..<Int(rng.next() % 4 + 1) {
                let i = Int(rng.next() % UInt64(bytes.count))
                switch rng.next() % 3 {
                case 0: bytes[i] = rng.byte()
                case 1: bytes.remove(at: i)
                default: bytes.insert(rng.byte(), at: i)
                }
            }
            if survive(bytes) { decoded += 1 }
        }
        #expect(decoded == 1329, "\(decoded) of 5000 decoded")
    }

    @Test func truncatedAtEveryPosition() {
        for n in 0...Self.valid.count {
            survive(Array(Self.valid.prefix(n)))
            survive(Array(Self.valid.suffix(n)))
        }
        // Up to element 7 the payload is incomplete; from the end of the IBAN on it decodes.
        #expect(!survive(Array(Self.valid.prefix(40))))
        #expect(survive(Array(Self.valid.prefix(65))))
    }

    @Test func oneMegabyte() {
        var rng = Rng(state: 1)
        var bytes = Array("BCD\n002\n1\nSCT\n\nName\nDE71110220330123456789\n".utf8)
        while bytes.count < 1 << 20 { bytes.append(rng.byte()) }
        #expect(!survive(bytes))
        let many = [UInt8](repeating: 0x0A, count: 1 << 20)
        #expect(!survive(Array("BCD".utf8) + many))
        let nuls = Array("BCD\n".utf8) + [UInt8](repeating: 0, count: 1 << 20)
        #expect(!survive(nuls))
    }

    @Test func pathologicalButSmall() {
        for text in ["BCD", "BCD\n", "BCD\r", "\u{FEFF}", "\u{FEFF}BCD", "BCD\n\n\n\n\n\n\n", "BCD\n002\n\n\n\n\n\n\n\n\n\n\n\n\n\n",
                     String(repeating: "\n", count: 20)] {
            #expect(!survive(Array(text.utf8)), "\(text.debugDescription) decoded")
        }
        // A NUL for the name is padding: the name is missing, which the policy keeps as `uncertain`.
        let nulName = try? EPC.format.decode(Payload(bytes: Array("BCD\n002\n1\nSCT\n\n\u{0}\nDE71110220330123456789".utf8)))
        #expect(nulName?.status == .uncertain)
        #expect(!survive([0xEF, 0xBB]))
        #expect(!survive([0xFF, 0xFE, 0x00]))
    }
}
