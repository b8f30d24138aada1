import GiroCore
import GiroSwitzerland
import Testing

/// Junk never crashes the decoder: it always ends in a record or a typed `GiroError`.
@Suite struct JunkTests {
    /// Deterministic xorshift, so failures reproduce.
    struct Rng {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
    }

    @Test func randomBytesAfterHeader() {
        var rng = Rng(state: 0x9E37_79B9_7F4A_7C15)
        let header = Array("SPC\n0200\n1\n".utf8)
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ\n\r /\\:;.-SKQRNOEPD".utf8)
        var records = 0
        var codes: Set<String> = []
        for round in 0..<3000 {
            let length = Int(rng.next() % 600)
            var bytes = header
            for _ in 0..<length {
                let r = rng.next()
                // Half the rounds use any byte value, half a payload-like alphabet.
                bytes.append(round % 2 == 0 ? UInt8(truncatingIfNeeded: r) : alphabet[Int(r % UInt64(alphabet.count))])
            }
            switch SPC.decode(bytes) {
            case .success: records += 1
            case .failure(let e): codes.insert(e.code.rawValue)
            }
        }
        // Seeded, so the split is fixed: a change in what the decoder accepts or how it rejects shows up here.
        #expect(records == 0 && codes == ["structure_invalid", "trailer_invalid"], "\(records) records, codes \(codes.sorted())")
    }

    @Test func validPayloadsTruncatedAtEveryByte() throws {
        var codes: Set<String> = []
        for source in [SPC.bytes(SPC.base), try SPC.vector("spc-2"), try SPC.vector("spc-9"), try SPC.vector("spc-11")] {
            for cut in 0...source.count {
                let result = SPC.decode(Array(source[..<cut]))
                if case .failure(let e) = result { codes.insert(e.code.rawValue) }
            }
        }
        let expected: Set = ["charset_unsupported", "empty_payload", "header_invalid", "structure_invalid", "trailer_invalid", "version_unsupported"]
        #expect(codes == expected, "\(codes.sorted())")
    }

    @Test func everyByteMutated() throws {
        let source = try SPC.vector("spc-2")
        var records = 0
        var codes: Set<String> = []
        for i in source.indices {
            for value: UInt8 in [0x00, 0x0A, 0x0D, 0x2F, 0x5C, 0x80, 0xC3, 0xFF] {
                var bytes = source
                bytes[i] = value
                switch SPC.decode(bytes) {
                case .success: records += 1
                case .failure(let e): codes.insert(e.code.rawValue)
                }
            }
        }
        let expected: Set = ["address_invalid", "amount_invalid", "charset_unsupported", "country_invalid", "currency_invalid",
                             "header_invalid", "iban_invalid_format", "iban_invalid_length", "reference_invalid", "reference_type_invalid",
                             "structure_invalid", "too_many_alternative_schemes", "trailer_invalid", "version_unsupported"]
        #expect(records == 1542 && codes == expected, "\(records) records, codes \(codes.sorted())")
    }

    @Test func oneMegabyte() {
        var rng = Rng(state: 42)
        var big = Array("SPC\n0200\n1\n".utf8)
        while big.count < 1 << 20 { big.append(UInt8(truncatingIfNeeded: rng.next())) }
        #expect(SPC.error(big)?.code == .payloadTooLarge)
        // A megabyte inside one field of a structurally valid payload (via the plug-in, past the engine limit).
        var lines = SPC.base
        lines[29] = String(repeating: "x", count: 1 << 20)
        #expect(SPC.error(lines)?.code == .payloadTooLarge)
        // Lines only.
        let newlines = Array("SPC\n0200\n1\n".utf8) + Array(repeating: UInt8(ascii: "\n"), count: 1 << 20)
        #expect(SPC.error(newlines) != nil)
    }

    @Test func largestAcceptedPayload() {
        var lines = SPC.base
        lines[29] = String(repeating: "x", count: PayloadLimits.maxBytes - SPC.bytes(SPC.base).count + SPC.base[29].utf8.count)
        let r = SPC.record(lines)
        #expect(Set(SPC.warningCodes(r)) == ["field_too_long", "payload_over_limit"])
    }

    @Test func pathologicalBillInformation() {
        for text in ["//S1" + String(repeating: "/", count: 200), "//S1/" + String(repeating: "\\", count: 201),
                     "//S1/" + String(repeating: "10/", count: 60), "//S1/11/" + String(repeating: "9", count: 130),
                     "//S1/40/" + String(repeating: ":;", count: 60), "//S1/32/" + String(repeating: "9", count: 130) + ":1"] {
            let r = SPC.record(SPC.base + [text])
            #expect(r?.billInformation?.raw == text)
        }
    }
}
