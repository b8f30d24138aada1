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
            let syndromes = ReedSolomonGF256.syndromes(block, ecCount: checkPerBlock, firstRoot: 1, field: field)
            guard syndromes.allSatisfy({ $0 == 0 }) else { return false }
        }
        return true
    }
}
