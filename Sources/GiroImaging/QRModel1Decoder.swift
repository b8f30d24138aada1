/// Decodes QR Code Model 1 (ISO/IEC 18004:2000 Annex M), the original QR code that zxing-cpp 1.4 cannot read,
/// from a module matrix (`QRGridFit`). Model 1 shares the finder patterns, timing patterns, format information
/// (masked with 0x2825 instead of Model 2's 0x5412, which is how the two are told apart) and data masks with Model 2,
/// but has no alignment patterns, places its codewords in fixed 2×4 and 4×2 module blocks, and keeps its
/// Reed–Solomon blocks one after the other instead of interleaving them.
///
/// Every matrix access is bounds-checked; a matrix that is not a valid Model 1 symbol gives nil.
package enum QRModel1Decoder {
    package struct Decoded: Equatable {
        package var bytes: [UInt8]
        package var version: Int
        /// True when a Kanji segment was present (its bytes are Shift_JIS).
        package var kanji: Bool
    }

    /// Error-correction blocks per version 1…14 and level L, M, Q, H: check codewords per block, blocks, data
    /// codewords per block (ISO/IEC 18004:2000 Tables M.2 and M.4).
    static let blocks: [[(ec: Int, count: Int, data: Int)]] = [
        [(7, 1, 19), (10, 1, 16), (13, 1, 13), (17, 1, 9)],
        [(10, 1, 36), (16, 1, 30), (22, 1, 24), (30, 1, 16)],
        [(15, 1, 57), (28, 1, 44), (36, 1, 36), (48, 1, 24)],
        [(20, 1, 80), (40, 1, 60), (50, 1, 50), (66, 1, 34)],
        [(26, 1, 108), (52, 1, 82), (66, 1, 68), (44, 2, 23)],
        [(34, 1, 136), (32, 2, 53), (42, 2, 43), (56, 2, 29)],
        [(42, 1, 170), (40, 2, 66), (52, 2, 54), (46, 3, 24)],
        [(24, 2, 104), (48, 2, 80), (64, 2, 64), (56, 3, 29)],
        [(30, 2, 123), (60, 2, 93), (50, 3, 52), (68, 3, 34)],
        [(34, 2, 145), (68, 2, 111), (58, 3, 61), (58, 4, 31)],
        [(40, 2, 168), (40, 4, 64), (52, 4, 52), (54, 5, 29)],
        [(46, 2, 192), (46, 4, 73), (58, 4, 61), (62, 5, 33)],
        [(36, 3, 144), (52, 4, 83), (66, 4, 69), (58, 6, 32)],
        [(40, 3, 163), (60, 4, 92), (60, 5, 62), (66, 6, 35)],
    ]

    package static func decode(_ modules: [[Bool]]) -> Decoded? {
        let n = modules.count
        guard n >= 21, n <= 73, (n - 21) % 4 == 0, modules.allSatisfy({ $0.count == n }) else { return nil }
        let version = (n - 17) / 4
        guard let format = format(modules), version >= 1, version <= blocks.count else { return nil }
        let level = blocks[version - 1][format.level]
        guard var codewords = codewords(modules, mask: format.mask),
              codewords.count == level.count * (level.data + level.ec) else { return nil }
        codewords[0] &= 0x0F  // its upper half lies in the corner beside the finder: not data
        var data: [UInt8] = []
        let ecStart = level.count * level.data
        for k in 0..<level.count {
            let block = Array(codewords[(k * level.data)..<((k + 1) * level.data)])
                + Array(codewords[(ecStart + k * level.ec)..<(ecStart + (k + 1) * level.ec)])
            guard let fixed = ReedSolomonGF256.corrected(block, ecCount: level.ec, maxErrors: maxErrors(ec: level.ec)) else { return nil }
            data += fixed.prefix(level.data)
        }
        return segments(data, version: version)
    }

    /// Errors corrected per block: small blocks keep some check codewords for detection only (ISO/IEC 18004's
    /// misdecode protection), so a random matrix is not "corrected" into a symbol.
    static func maxErrors(ec: Int) -> Int {
        let reserved = ec < 8 ? 3 : ec < 11 ? 2 : ec < 14 ? 1 : 0
        return (ec - reserved) / 2
    }

    // MARK: Format information

    /// The level index (L, M, Q, H) and data mask, when the format information is a Model 1 codeword within 3 bits
    /// and closer to it than to any Model 2 codeword.
    static func format(_ m: [[Bool]]) -> (level: Int, mask: Int)? {
        let n = m.count
        let first: [(Int, Int)] = [(0, 8), (1, 8), (2, 8), (3, 8), (4, 8), (5, 8), (7, 8), (8, 8),
                                   (8, 7), (8, 5), (8, 4), (8, 3), (8, 2), (8, 1), (8, 0)]
        let second: [(Int, Int)] = (0..<7).map { (8, n - 1 - $0) } + (0..<8).map { (n - 8 + $0, 8) }
        let copies = [first, second].map { cells in cells.reduce(0) { ($0 << 1) | (module(m, x: $1.0, y: $1.1) == true ? 1 : 0) } }
        var best = (distance: Int.max, data: 0, model1: false)
        for data in 0..<32 {
            let code = bch(data)
            for (mask, model1) in [(0x2825, true), (0x5412, false)] {
                for bits in copies {
                    let d = (bits ^ code ^ mask).nonzeroBitCount
                    if d < best.distance || (d == best.distance && !model1) { best = (d, data, model1) }
                }
            }
        }
        guard best.model1, best.distance <= 3 else { return nil }
        let levelBits = best.data >> 3  // 01 L, 00 M, 11 Q, 10 H
        let level = [1, 0, 3, 2][levelBits]
        return (level, best.data & 7)
    }

    /// The 15-bit BCH(15,5) codeword of 5 format bits (generator 0x537), before masking.
    static func bch(_ data: Int) -> Int {
        var v = data << 10
        for bit in stride(from: 14, through: 10, by: -1) where v >> bit & 1 == 1 { v ^= 0x537 << (bit - 10) }
        return data << 10 | v
    }

    // MARK: Codeword placement

    static func module(_ m: [[Bool]], x: Int, y: Int) -> Bool? {
        guard y >= 0, y < m.count, x >= 0, x < m[y].count else { return nil }
        return m[y][x]
    }

    /// Model 2's eight data masks (x column, y row): true where the module is inverted.
    static func masked(_ mask: Int, x: Int, y: Int) -> Bool {
        switch mask {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (y / 2 + x / 3) % 2 == 0
        case 5: (x * y) % 2 + (x * y) % 3 == 0
        case 6: ((x * y) % 2 + (x * y) % 3) % 2 == 0
        default: ((x + y) % 2 + (x * y) % 3) % 2 == 0
        }
    }

    /// Codewords in Model 1 order: two columns of 2-wide, 4-tall blocks up the right edge (skipping the
    /// extension patterns), then 4-wide, 2-tall blocks column by column right to left, then 2-wide, 4-tall
    /// blocks between the left finder patterns. Each block's bits run right to left, then upwards.
    static func codewords(_ m: [[Bool]], mask: Int) -> [UInt8]? {
        let n = m.count
        let columns = n / 4 + 3
        var out: [UInt8] = []
        func byte(x: Int, y: Int, width: Int) -> UInt8? {
            var v: UInt8 = 0
            for b in 0..<8 {
                let xx = x - b % width, yy = y - b / width
                guard let dark = module(m, x: xx, y: yy) else { return nil }
                v = v << 1 | (dark != masked(mask, x: xx, y: yy) ? 1 : 0)
            }
            return v
        }
        for j in 0..<columns {
            if j <= 1 {
                let rows = (n - 8) / 4
                for i in 0..<rows {
                    if j == 0, i % 2 == 0, i > 0, i < rows - 1 { continue }  // extension pattern
                    guard let v = byte(x: n - 1 - 2 * j, y: n - 1 - 4 * i, width: 2) else { return nil }
                    out.append(v)
                }
            } else if columns - j <= 4 {
                let rows = (n - 16) / 4
                for i in 0..<rows {
                    let x = (columns - j - 1) * 2 + 1 + (columns - j == 4 ? 1 : 0)  // skips the timing column
                    guard let v = byte(x: x, y: n - 9 - 4 * i, width: 2) else { return nil }
                    out.append(v)
                }
            } else {
                let rows = n / 2
                for i in 0..<rows {
                    if j == 2, i >= rows - 4 { continue }  // top-right finder pattern and format information
                    if i == 0, j % 2 == 1, j + 1 != columns - 4 { continue }  // extension pattern
                    let y = n - 1 - 2 * i - (i >= rows - 3 ? 1 : 0)  // skips the timing row
                    guard let v = byte(x: n - 5 - 4 * (j - 2), y: y, width: 4) else { return nil }
                    out.append(v)
                }
            }
        }
        return out
    }

    // MARK: Segments

    static let alphanumeric = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".utf8)

    /// The bytes of the numeric, alphanumeric, byte and Kanji segments; the bit stream starts 4 bits in.
    static func segments(_ data: [UInt8], version: Int) -> Decoded? {
        var reader = BitReader(bytes: data, position: 4)
        let widths = version <= 9 ? [10, 9, 8, 8] : [12, 11, 16, 10]  // numeric, alphanumeric, byte, Kanji
        var out: [UInt8] = []
        var kanji = false
        while reader.remaining >= 4 {
            guard let mode = reader.read(4) else { return nil }
            switch mode {
            case 0: return out.isEmpty ? nil : Decoded(bytes: out, version: version, kanji: kanji)
            case 1:
                guard var count = reader.read(widths[0]) else { return nil }
                while count > 0 {
                    let digits = min(count, 3)
                    guard let v = reader.read([0, 4, 7, 10][digits]), v < [1, 10, 100, 1000][digits] else { return nil }
                    let text = String(v)
                    out += [UInt8](repeating: 0x30, count: digits - text.count) + Array(text.utf8)
                    count -= digits
                }
            case 2:
                guard var count = reader.read(widths[1]) else { return nil }
                while count > 0 {
                    if count >= 2 {
                        guard let v = reader.read(11), v < 45 * 45 else { return nil }
                        out += [alphanumeric[v / 45], alphanumeric[v % 45]]
                        count -= 2
                    } else {
                        guard let v = reader.read(6), v < 45 else { return nil }
                        out.append(alphanumeric[v])
                        count -= 1
                    }
                }
            case 4:
                guard let count = reader.read(widths[2]) else { return nil }
                for _ in 0..<count {
                    guard let v = reader.read(8) else { return nil }
                    out.append(UInt8(v))
                }
            case 8:
                guard let count = reader.read(widths[3]) else { return nil }
                for _ in 0..<count {
                    guard let v = reader.read(13) else { return nil }
                    let packed = (v / 0xC0) << 8 | (v % 0xC0)
                    let sjis = packed + (packed < 0x1F00 ? 0x8140 : 0xC140)
                    out += [UInt8(truncatingIfNeeded: sjis >> 8), UInt8(truncatingIfNeeded: sjis)]
                }
                kanji = true
            default:
                return nil
            }
        }
        return out.isEmpty ? nil : Decoded(bytes: out, version: version, kanji: kanji)
    }

    struct BitReader {
        let bytes: [UInt8]
        var position: Int
        var remaining: Int { bytes.count * 8 - position }

        mutating func read(_ count: Int) -> Int? {
            guard count >= 0, count <= 16, count <= remaining else { return nil }
            var v = 0
            for _ in 0..<count {
                v = v << 1 | Int(bytes[position / 8] >> (7 - UInt8(position % 8)) & 1)
                position += 1
            }
            return v
        }
    }
}
