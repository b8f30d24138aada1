import Foundation
import Testing
@testable import GiroCore

@Suite struct PayloadTests {
    @Test func linesKeepEmptyFieldsAndPositions() {
        let lines = PayloadLines(Array("A\n\nBC\r\nD".utf8))
        #expect(lines.count == 4)
        #expect(Array(lines.raw(2)) == Array("BC".utf8))
        #expect(lines.offset(3) == 7)
        #expect(lines.separators == [.lf, .crlf])
        #expect(!lines.endsWithSeparator && lines.trailingEmptyLines == 0)
    }

    @Test func separatorsAndTrailingLines() {
        let crcrlf = PayloadLines(Array("A\r\r\nB\r\n".utf8))
        #expect(crcrlf.count == 2 && crcrlf.separators == [.crcrlf, .crlf] && crcrlf.endsWithSeparator)
        let cr = PayloadLines(Array("A\rB\r\r".utf8))
        #expect(cr.count == 2 && cr.trailingEmptyLines == 1 && cr.separators == .cr)
        let empty = PayloadLines([])
        #expect(empty.count == 1 && empty.raw(0).isEmpty)
        #expect(empty.raw(5).isEmpty && empty.raw(-1).isEmpty)
    }

    @Test func bomAndNULs() {
        let lines = PayloadLines([0xEF, 0xBB, 0xBF, 65, 0, 0, 10, 66])
        #expect(lines.hadByteOrderMark && lines.removedNULs == 2)
        #expect(Array(lines.raw(0)) == [65])
        let codes = lines.layoutDiagnostics(allowed: .lf).map(\.code)
        #expect(codes == [.byteOrderMark, .nulPadding])
    }

    @Test func charsets() throws {
        #expect(try Charset.iso8859_2.decode([0xA9, 0x61][...]).get() == "Ša")
        #expect(try Charset.iso8859_1.decode([0xDC][...]).get() == "Ü")
        #expect(try Charset.iso8859_15.decode([0xA4][...]).get() == "€")
        #expect(try Charset.iso8859_5.decode([0xB0][...]).get() == "А")
        #expect(try Charset.iso8859_7.decode([0xE1][...]).get() == "α")
        #expect(try Charset.iso8859_4.decode([0xA1][...]).get() == "Ą")
        #expect(try Charset.iso8859_10.decode([0xA1][...]).get() == "Ą")
        #expect(try Charset.windows1250.decode([0x8A][...]).get() == "Š")
        #expect(try Charset.windows1252.decode([0x80][...]).get() == "€")
        #expect(try Charset.utf8.decode(Array("Grüße".utf8)[...]).get() == "Grüße")
        if case .failure(let bad) = Charset.utf8.decode([0x41, 0xC3, 0x28][...]) { #expect(bad.offset == 1) } else { Issue.record("accepted") }
        if case .failure(let bad) = Charset.iso8859_7.decode([0x41, 0xAE][...]) { #expect(bad.offset == 1) } else { Issue.record("accepted") }
        if case .failure(let bad) = Charset.windows1252.decode([0x41, 0x81][...]) { #expect(bad.offset == 1) } else { Issue.record("accepted") }
    }

    @Test func utf8ValidatorAgreesWithStdlib() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...8, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let ours = UTF8Validation.isValid(bytes[...])
            let std = String(validating: bytes, as: UTF8.self) != nil
            #expect(ours == std, "\(bytes)")
        }
    }

    @Test func decimalText() {
        #expect(DecimalText.parse("12.3") == Decimal(string: "12.3"))
        #expect(DecimalText.parse("0.01") == Decimal(string: "0.01"))
        #expect(DecimalText.parse("999999999.99") == Decimal(string: "999999999.99"))
        #expect(DecimalText.parse("12345678901234567890.5") == Decimal(string: "12345678901234567890.5"))
        #expect(DecimalText.parse("1.") == nil && DecimalText.parse(".") == nil && DecimalText.parse("1e5") == nil)
        #expect(DecimalText.parse("1,5") == nil && DecimalText.parse("") == nil)
        #expect(DecimalText.format(Decimal(string: "12.3")!, minimumFractionDigits: 2) == "12.30")
        #expect(DecimalText.format(Decimal(1), minimumFractionDigits: 2) == "1.00")
        #expect(DecimalText.format(Decimal(string: "7.7")!, minimumFractionDigits: 0) == "7.7")
    }

    @Test func amountJSONIsAString() throws {
        let data = try JSONEncoder().encode(Amount(value: DecimalText.parse("1949.7")!, currency: "CHF"))
        #expect(String(decoding: data, as: UTF8.self).contains("\"1949.70\""))
        let back = try JSONDecoder().decode(Amount.self, from: data)
        #expect(back.value == DecimalText.parse("1949.70"))
    }
}

@Suite struct DecimalFormattingTests {
    /// The mantissa fast path must print exactly what `Decimal.description` (padded) prints.
    @Test func fastPathMatchesDescription() {
        var rng = SystemRandomNumberGenerator()
        var samples: [Decimal] = [0, 1, 10, 100, Decimal(string: "0.01") ?? 0, Decimal(string: "-12.30") ?? 0,
                                  Decimal(string: "999999999.99") ?? 0, Decimal(string: "7.7") ?? 0,
                                  Decimal(string: "123456789012345678") ?? 0, Decimal(sign: .plus, exponent: 3, significand: 12),
                                  Decimal(sign: .minus, exponent: -5, significand: 0)]
        for _ in 0..<3000 {
            let sig = Decimal(UInt64.random(in: 0...UInt64(1) << 50, using: &rng))
            samples.append(Decimal(sign: Bool.random(using: &rng) ? .plus : .minus, exponent: Int.random(in: -12...4, using: &rng), significand: sig))
        }
        for d in samples {
            for minimum in [0, 2, 3] {
                var expected = d.description
                let point = expected.firstIndex(of: ".")
                let have = point.map { expected.distance(from: $0, to: expected.endIndex) - 1 } ?? 0
                if have < minimum {
                    if point == nil, minimum > 0 { expected += "." }
                    expected += String(repeating: "0", count: minimum - have)
                }
                #expect(DecimalText.format(d, minimumFractionDigits: minimum) == expected, "\(d) min \(minimum)")
            }
        }
    }
}
