/// The Reed–Solomon check of an ECC 200 DataMatrix codeword stream (ISO/IEC 16022: field polynomial
/// x⁸+x⁵+x³+x²+1, 0x12D; generator roots α¹…αⁿ; the stream's data and check codewords interleaved over `blocks`).
///
/// libdmtx 0.7's decoder can return a message whose corrected codewords are not a codeword at all: on a symbol
/// whose size it miscounted it "corrects" more errors than the code can and decodes the result (a 16×16 symbol with
/// uneven module widths read as 12×12 gives seven bytes of nonsense). Every libdmtx read is checked here.
package enum DataMatrixCodewords {
    static let field = ReedSolomonGF256.fieldTables(polynomial: 0x12D)

    /// Whether every interleaved block of `code` (data codewords, then check codewords) has zero syndromes.
    package static func consistent(_ code: [UInt8], dataWords: Int, errorWords: Int, blocks: Int) -> Bool {
        guard blocks > 0, dataWords > 0, errorWords > 0, errorWords % blocks == 0,
              code.count >= dataWords + errorWords else { return false }
        let checkPerBlock = errorWords / blocks
        for b in 0..<blocks {
            var block: [UInt8] = []
            for i in stride(from: b, to: dataWords, by: blocks) { block.append(code[i]) }
            for i in stride(from: dataWords + b, to: dataWords + errorWords, by: blocks) { block.append(code[i]) }
            for j in 1...checkPerBlock where evaluate(block, at: field.exp[j]) != 0 { return false }
        }
        return true
    }

    /// The block as a polynomial, highest degree first, evaluated at `x` (Horner).
    static func evaluate(_ block: [UInt8], at x: UInt8) -> UInt8 {
        var acc: UInt8 = 0
        for c in block { acc = multiply(acc, x) ^ c }
        return acc
    }

    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        guard a != 0, b != 0 else { return 0 }
        return field.exp[field.log[Int(a)] + field.log[Int(b)]]
    }
}
