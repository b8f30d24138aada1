import GiroCore

/// Splits a coding line into its digit blocks and terminators, noting every deviation from the printed spacing.
///
/// The printed forms: orange `BB…P>RRR…Q+ TTNNNNNNC>`, red `AAA…C+ 07CCCCCDC>` ⏎ `PPNNNNNNC>`. Whitespace inside a
/// block, around a `>`, or missing after `+` is read through and reported (`esr_spacing`); any other character
/// rejects the line.
struct ESRLineScanner {
    struct Block {
        var digits: [UInt8] = []
        /// `>` or `+`; nil for a last block without its terminator.
        var terminator: UInt8?
        /// Offset of the block's first byte in the payload.
        var offset: Int
    }

    /// What separated each terminator from the next block: nothing, one space, a line break, or something else.
    enum Gap: Equatable { case none, space, lineBreak, other, carriageReturn }

    var blocks: [Block] = []
    /// `gaps[i]`: the whitespace after block i's terminator (before block i + 1).
    var gaps: [Gap] = []
    /// Whitespace between digits of one block, first offset.
    var spaceInsideBlock: Int?
    /// Leading or trailing whitespace of the whole line.
    var trimmed = false

    static let maxBlocks = 3

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// Throws when a byte is not a digit, `>`, `+` or whitespace, a terminator has no digits, or there are more than three blocks.
    init(_ bytes: [UInt8]) throws(ESRLineScanner.Failure) {
        var start = 0, end = bytes.count
        while start < end, Self.isSpace(bytes[start]) { start += 1 }
        while end > start, Self.isSpace(bytes[end - 1]) { end -= 1 }
        trimmed = start > 0 || end < bytes.count
        var current = Block(offset: start)
        current.digits.reserveCapacity(27)
        // The whitespace run since the last digit or terminator, summarised (no array: this runs per payload).
        var gapLength = 0
        var gapKind = Gap.none
        var i = start
        while i < end {
            let b = bytes[i]
            if Self.isDigit(b) {
                if current.digits.isEmpty {
                    if !blocks.isEmpty { gaps.append(gapKind) }
                    current.offset = i
                } else if gapLength > 0 {
                    spaceInsideBlock = spaceInsideBlock ?? i
                }
                gapLength = 0
                gapKind = .none
                current.digits.append(b)
            } else if b == 0x3E || b == 0x2B {
                guard !current.digits.isEmpty else { throw Failure(offset: i, reason: "a '\(Character(Unicode.Scalar(b)))' without digits before it") }
                if gapLength > 0 { spaceInsideBlock = spaceInsideBlock ?? i; gapLength = 0; gapKind = .none }
                current.terminator = b
                blocks.append(current)
                guard blocks.count <= Self.maxBlocks else { throw Failure(offset: i, reason: "more than three blocks") }
                current = Block(offset: i + 1)
                current.digits.reserveCapacity(27)
            } else if Self.isSpace(b) {
                gapKind = Self.extend(gapKind, length: gapLength, with: b)
                gapLength += 1
            } else {
                throw Failure(offset: i, reason: "byte 0x\(String(b, radix: 16, uppercase: true)) is not a digit, '>', '+' or a space", isCharacter: true)
            }
            i += 1
        }
        if !current.digits.isEmpty {
            blocks.append(current)
            guard blocks.count <= Self.maxBlocks else { throw Failure(offset: current.offset, reason: "more than three blocks") }
        }
    }

    struct Failure: Error {
        let offset: Int
        let reason: String
        /// A byte outside the line's alphabet (`charset_invalid`) or blocks in the wrong shape (`structure_invalid`).
        var isCharacter = false
    }

    /// The gap after one more whitespace byte: one space is `.space`, LF or CR LF is `.lineBreak`, anything longer
    /// or mixed is `.other` (a lone CR stays `.carriageReturn`, which no layout expects).
    private static func extend(_ gap: Gap, length: Int, with b: UInt8) -> Gap {
        switch (length, b) {
        case (0, 0x20): return .space
        case (0, 0x0A): return .lineBreak
        case (0, 0x0D): return .carriageReturn   // a line break once its LF follows
        case (1, 0x0A): return gap == .carriageReturn ? .lineBreak : .other
        default: return .other
        }
    }
}
