import Foundation
import Testing
import Giro
import GiroTestSupport

/// The contract every registered plug-in honours, whatever it is fed: a record or a typed `GiroError`
/// with a stable code — never a crash, never an untyped error.
@Suite struct PluginContractTests {
    static let formats: [any PaymentFormat] = FormatRegistry.all
    static var formatIDs: [String] { formats.map(\.id) }
    static let printedLineFormats: Set<String> = ["ch.esr-coding-line", "se.giro-coding-line"]


    static func junk() -> [(String, [UInt8])] {
        var rng = SplitMix64(seed: 42)
        var out: [(String, [UInt8])] = [
            ("empty", []),
            ("nul", [0]),
            ("nuls", [UInt8](repeating: 0, count: 64)),
            ("invalid-utf8", [0xC3, 0x28, 0xA0, 0xA1, 0xE2, 0x28, 0xA1, 0xF0, 0x28, 0x8C, 0xBC]),
            ("newlines", Array(String(repeating: "\n", count: 40).utf8)),
            ("crs", Array(String(repeating: "\r", count: 40).utf8)),
            ("1MB", [UInt8](repeating: 0x41, count: 1 << 20)),
            ("1MB-lines", Array(String(repeating: "BCD\n", count: 1 << 18).utf8)),
            ("spd", Array("SPD*1.0*ACC:CZ5855000000001265098001*AM:480.50*CC:CZK".utf8)),
            ("hub3", Array("HRVHUB30\nEUR\n000000000012355\n".utf8)),
            ("upn", Array("UPNQR\n\n\n\n\n".utf8)),
            ("url", Array("https://example.com/pay?x=1".utf8)),
            ("bom-only", [0xEF, 0xBB, 0xBF]),
        ]
        for i in 0..<50 {
            let n = Int.random(in: 1...600, using: &rng)
            out.append(("random-\(i)", (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }))
        }
        return out
    }

    /// Each plug-in's own header followed by junk: the decoder must get past the sniff and still not crash.
    static func headedJunk() -> [(String, [UInt8])] {
        var rng = SplitMix64(seed: 7)
        let headers = ["BCD\n", "BCD\n001\n1\nSCT\n", "BCD\n002\n9\nSCT\n\n\n", "SPC\n", "SPC\n0200\n1\n", "SPC\n0200\n1\nCH4431999123000889012\nS\n",
                       "SPD*1.0*ACC:", "SCD*1.0*", "SID*1.0*ID:", "HCT\n001\n1\n", "RTP\n001\n", "0004", "2000",
                       "HRVHUB30\n", "HRVHUB30\nEUR\n000000000012355\n", "K:PR|", "K:PR|V:01|C:1|R:840000000095584510|", "UPNQR\n",
                       "UPNQR\n\n\n\n\nJanez\n", "0100003949753>", "000000000000001234567890128+ "]
        var out: [(String, [UInt8])] = []
        for h in headers {
            for i in 0..<40 {
                let n = Int.random(in: 0...400, using: &rng)
                let alphabet = Array("\n\r\0 01239ABCDEFGHIJKLMNOPRSTUVWXYZabcz.,:/\\ČŽ€".utf8)
                let body: [UInt8] = (0..<n).map { _ in
                    Bool.random(using: &rng) ? alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] : UInt8.random(in: 0...255, using: &rng)
                }
                out.append(("\(h.prefix(3))-\(i)", Array(h.utf8) + body))
            }
            // Many fields, many empty lines.
            out.append(("\(h.prefix(3))-lines", Array((h + String(repeating: "x\n", count: 200)).utf8)))
        }
        return out
    }

    /// Junk samples that are a genuine payload of one format (the `spd` sample is a valid SPAYD).
    static let genuine: [String: String] = ["spd": "cz.spayd"]

    /// What a plug-in may say about input that is not its format at all.
    static let junkRejectionCodes: Set<String> = [
        "base32_invalid", "charset_invalid", "empty_payload", "header_invalid", "payload_too_large", "service_tag_invalid",
        "structure_invalid",
    ]

    @Test(arguments: formatIDs)
    func junkNeverCrashesAndIsRejected(_ id: String) throws {
        let format = try #require(FormatRegistry.format(id: id))
        for (name, bytes) in Self.junk() where Self.genuine[name] != id {
            do {
                let record = try format.decode(Payload(bytes: bytes))
                Issue.record("\(id) accepted junk '\(name)' as \(record.format)")
            } catch {
                #expect(Self.junkRejectionCodes.contains(error.code.rawValue) && !error.message.isEmpty, "\(id)/\(name): \(error.code)")
            }
        }
    }

    @Test(arguments: formatIDs)
    func headerWithJunkNeverCrashes(_ id: String) throws {
        let format = try #require(FormatRegistry.format(id: id))
        let inputs = Self.headedJunk()
        var decoded = 0
        for (_, bytes) in inputs {
            do { _ = try format.decode(Payload(bytes: bytes)); decoded += 1 } catch {
                #expect(!error.message.isEmpty)
            }
        }
        // Seeded, so fixed: none of the 779 inputs is a payment, whatever header it starts with.
        #expect(decoded == 0, "\(id): \(decoded) of \(inputs.count) decoded")
    }

    @Test func sniffsDoNotOverlap() throws {
        for (_, bytes) in Self.junk() {
            let payload = Payload(bytes: bytes)
            #expect(Self.formats.filter { $0.matches(payload) }.count <= 1)
        }
        #expect(Set(Self.formatIDs).count == Self.formatIDs.count, "duplicate plug-in ids")
    }

    /// Every format's fixture payloads (the shared vectors' copies among them), by owning format id.
    static func fixturePayloads() -> [(owner: String, name: String, bytes: [UInt8])] {
        Golden.cases().compactMap { c in
            (try? Data(contentsOf: c.payload)).map { (c.formatDirectory, c.name, [UInt8]($0)) }
        }
    }

    /// 10,000 seeded random strings of four shapes a scanner meets on non-payment symbols: alphanumeric ids,
    /// digits-only numbers, base32hex-ish blobs and short text lines; plus known look-alikes.
    static func foreignText() -> [(kind: String, text: String)] {
        var rng = SplitMix64(seed: 2024)
        func pick(_ alphabet: [Character], _ lengths: ClosedRange<Int>) -> String {
            String((0..<Int.random(in: lengths, using: &rng)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] })
        }
        let upper = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), digits = Array("0123456789")
        let alphanumeric = upper + digits + Array("abcdefghijklmnopqrstuvwxyz")
        let base32hex = digits + Array("ABCDEFGHIJKLMNOPQRSTUV")
        let words = ["Invoice", "Total", "EUR", "Račun", "Rechnung", "pay", "K:", "PR", "HRV", "UPN", "SPD", "ABCD", "0001",
                     "IBAN", "12,50", "Order", "2024", "https://example.com", "|", ":", "*"]
        // An invoice number and a long numeric barcode: neither is any format's header.
        var out: [(String, String)] = [("look-alike", "2024INVOICE12345678ABCDEF"), ("look-alike", "0000123456789012345678901")]
        for i in 0..<10_000 {
            switch i % 4 {
            case 0: out.append(("alphanumeric", pick(alphanumeric, 4...60)))
            case 1: out.append(("digits", pick(digits, 4...60)))
            case 2: out.append(("base32hex", pick(base32hex, 8...200)))
            default:
                let n = Int.random(in: 1...6, using: &rng)
                let lines = (0..<n).map { _ in (0..<Int.random(in: 1...6, using: &rng)).map { _ in words.randomElement(using: &rng) ?? "" }.joined(separator: " ") }
                out.append(("text", lines.joined(separator: "\n")))
            }
        }
        return out
    }

    /// No sniff claims a payload of another format, nor random text: a claim would turn a foreign symbol into
    /// a broken payment of the wrong format (docs/decoding-policy.md, "Sniffing").
    @Test func sniffsClaimNoForeignPayload() {
        var claims: [String: [String]] = [:]
        for (owner, name, bytes) in Self.fixturePayloads() {
            let payload = Payload(bytes: bytes)
            for f in Self.formats where f.id != owner && f.matches(payload) {
                claims[f.id, default: []].append("fixture \(owner)/\(name)")
            }
        }
        for (kind, text) in Self.foreignText() {
            let payload = Payload(text: text)
            for f in Self.formats where f.matches(payload) {
                claims[f.id, default: []].append("\(kind) '\(text.prefix(60))'")
            }
        }
        for (id, inputs) in claims.sorted(by: { $0.key < $1.key }) {
            let examples: String = inputs.prefix(5).joined(separator: "\n")
            Issue.record("\(id) claims \(inputs.count) foreign input(s), e.g.:\n\(examples)")
        }
    }

    @Test func engineRejectsJunkWithStableCodes() {
        let decoder = PaymentDecoder()
        func code(_ bytes: [UInt8]) -> ErrorCode? {
            do { _ = try decoder.decode(bytes: bytes); return nil } catch { return error.code }
        }
        #expect(code([]) == .emptyPayload)
        #expect(code([UInt8](repeating: 0x41, count: 1 << 20)) == .payloadTooLarge)
        #expect(code(Array("hello".utf8)) == .unknownFormat)
        #expect(code([0xFF, 0xFE, 0x00]) == .unknownFormat)
    }

    @Test func descriptorsAreComplete() {
        for d in FormatRegistry.descriptors {
            // A coding line printed in OCR-B is read by OCR, not from a barcode: no symbology.
            #expect(d.id.contains(".") && !d.name.isEmpty && (!d.symbologies.isEmpty || Self.printedLineFormats.contains(d.id)))
            if let c = d.country { #expect(CountryCode.isValid(c)) }
        }
    }
}
