import GiroCore
import GiroParsers
import GiroTestSupport
import Testing

/// For random valid values and one OCR substitution: the parser repairs exactly when the repair is unique
/// (checked by brute force over every single look-alike substitution), and never changes a correct value.
@Suite struct RepairPropertyTests {
    static let toLetter: [Character: Character] = ["0": "O", "1": "I", "2": "Z", "5": "S", "6": "G", "8": "B"]
    static let toDigit: [Character: Character] = ["O": "0", "I": "1", "Z": "2", "S": "5", "G": "6", "B": "8"]

    /// `value` with one OCR look-alike swap (letter ↔ digit) after the 4-character prefix; nil when none applies.
    static func oneLookAlike(_ value: String, _ rng: inout SplitMix64) -> String? {
        var chars = Array(value)
        let positions = chars.indices.filter { $0 >= 4 && (toLetter[chars[$0]] != nil || toDigit[chars[$0]] != nil) }
        guard !positions.isEmpty else { return nil }
        let p = positions[Int(rng.next() % UInt64(positions.count))]
        chars[p] = toLetter[chars[p]] ?? toDigit[chars[p]] ?? chars[p]
        return String(chars)
    }
    /// Countries with letters/digits mixed in the BBAN and no national check (so random BBANs are valid).
    static let countries = ["GB", "NL", "IE", "LV", "MT", "CY", "LU", "KZ", "DE", "AT", "CH", "LI", "GR", "RO", "BG", "QA", "JO"]

    static func randomIBAN(_ rng: inout SplitMix64) -> String? {
        let cc = countries[Int(rng.next() % UInt64(countries.count))]
        guard let entry = IBANRegistry.country(cc) else { return nil }
        var bban: [UInt8] = []
        for cls in entry.classes {
            let r = Int(rng.next() % 36)
            switch cls {
            case UInt8(ascii: "n"): bban.append(UInt8(48 + r % 10))
            case UInt8(ascii: "a"): bban.append(UInt8(65 + r % 26))
            default: bban.append(r < 10 ? UInt8(48 + r) : UInt8(55 + r))
            }
        }
        guard let rem = ISO7064.mod97(bban + Array((cc + "00").utf8)) else { return nil }
        let check = 98 - rem
        return cc + (check < 10 ? "0" : "") + String(check) + String(decoding: bban, as: UTF8.self)
    }

    /// Every single look-alike substitution of `s` that is valid, under the documented rule: a letter may become
    /// a digit; a digit becomes a letter only when the body (after position 4) has another letter.
    static func singleRepairs(_ s: String, valid: (String) -> Bool) -> Set<String> {
        var out: Set<String> = []
        let chars = Array(s)
        for i in chars.indices {
            let lettersElsewhere = chars.indices.contains { $0 >= 4 && $0 != i && chars[$0].isLetter }
            var alts: [Character] = []
            if let d = toDigit[chars[i]] { alts.append(d) }
            if lettersElsewhere, let l = toLetter[chars[i]] { alts.append(l) }
            for alt in alts {
                var c = chars
                c[i] = alt
                let v = String(c)
                if valid(v) { out.insert(v) }
            }
        }
        return out
    }

    @Test func ibanRepairIsAppliedExactlyWhenUnique() throws {
        var rng = SplitMix64(seed: 2024)
        var unique = 0, ambiguous = 0
        for _ in 0..<1500 {
            guard let iban = Self.randomIBAN(&rng) else { continue }
            #expect(IBAN.isValid(iban))
            // A correct value is never "repaired" into another.
            let clean = try IBANParser().parse(iban)
            #expect(clean.first?.value == iban && clean.first?.status == .valid && clean.first?.corrections.isEmpty == true)
            guard let text = Self.oneLookAlike(iban, &rng) else { continue }
            let found = try IBANParser().parse(text)
            let best = try #require(found.first, "\(text)")
            // A letter↔digit swap changes the length of the mod-97 digit string, so the damage can itself be a
            // valid IBAN; then it is taken as read.
            if IBAN.isValid(text) {
                #expect(best.value == text && best.corrections.isEmpty)
                continue
            }
            let repairs = Self.singleRepairs(text, valid: IBAN.isValid)
            if repairs.count == 1 {
                unique += 1
                #expect(best.value == repairs.first && best.status == .valid, "\(text) → \(best.value)")
                #expect(best.corrections.count == 1)
                if repairs.first != iban { Issue.record("unique repair \(repairs) differs from the original \(iban)") }
            } else if repairs.isEmpty {
                // The damage is not an OCR-plausible confusion (a lone letter among letters turned digit …).
                #expect(best.status == .invalid && best.value == text, "\(text) → \(best.value)")
            } else {
                ambiguous += 1
                #expect(best.status == .uncertain && best.value == text, "\(text): \(repairs)")
                #expect(Set(best.alternatives) == repairs)
            }
        }
        #expect(unique > 100)
        #expect(ambiguous > 0)
    }

    @Test func creditorReferenceRepairIsAppliedExactlyWhenUnique() throws {
        var rng = SplitMix64(seed: 99)
        var unique = 0, ambiguous = 0
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        for _ in 0..<1000 {
            let n = 4 + Int(rng.next() % 18)
            let body = String((0..<n).map { _ in alphabet[Int(rng.next() % 36)] })
            guard let rf = CreditorReference.make(body) else { continue }
            let clean = try ReferenceParser().parse(rf)
            #expect(clean.first?.value == rf && clean.first?.corrections.isEmpty == true, "\(rf)")
            guard let text = Self.oneLookAlike(rf, &rng) else { continue }
            let best = try #require(try ReferenceParser().parse(text).first { $0.type == "rf" })
            if CreditorReference.isValid(text) {
                #expect(best.value == text && best.corrections.isEmpty)
                continue
            }
            let repairs = Self.singleRepairs(text) { CreditorReference.isValid($0) && $0.hasPrefix("RF") }
            if repairs.count == 1 {
                unique += 1
                #expect(best.value == repairs.first && best.status == .valid, "\(text) → \(best.value)")
            } else if repairs.isEmpty {
                #expect(best.status == .invalid, "\(text) → \(best.value)")
            } else {
                ambiguous += 1
                #expect(best.status == .uncertain && Set(best.alternatives) == repairs, "\(text): \(repairs)")
            }
        }
        #expect(unique > 100)
    }

    @Test func qrReferenceDigitLookalikesAreRepaired() throws {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<300 {
            var digits = (0..<26).map { _ in UInt8(48 + rng.next() % 10) }
            guard let check = Mod10Recursive.checkDigit(digits) else { continue }
            digits.append(UInt8(48 + check))
            let qrr = String(decoding: digits, as: UTF8.self)
            guard QRReference.isValid(qrr) else { continue }
            var damaged = Array(qrr)
            let positions = damaged.indices.filter { Self.toLetter[damaged[$0]] != nil }
            guard let p = positions.first else { continue }
            damaged[p] = Self.toLetter[damaged[p]] ?? damaged[p]
            let best = try #require(try ReferenceParser().parse(String(damaged)).first)
            #expect(best.value == qrr && best.status == .valid && best.corrections.count == 1)
        }
    }
}
