import Foundation

/// Line separators found in a payload.
package struct LineSeparators: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    package static let lf = LineSeparators(rawValue: 1)
    package static let crlf = LineSeparators(rawValue: 2)
    package static let cr = LineSeparators(rawValue: 4)
    package static let crcrlf = LineSeparators(rawValue: 8)

    /// Name used in diagnostics and extras (`LF`, `CRLF`, `CR`, `CRCRLF`, `mixed`, `none`).
    package var name: String {
        switch self {
        case []: return "none"
        case .lf: return "LF"
        case .crlf: return "CRLF"
        case .cr: return "CR"
        case .crcrlf: return "CRCRLF"
        default: return "mixed"
        }
    }
}

/// A line-oriented payload split on the raw bytes: `\r\r\n`, `\r\n`, `\n` and lone `\r` all end a line.
///
/// Empty fields are kept; trailing empty lines are removed and counted so each format can
/// decide whether they are tolerable. Byte ranges point into ``bytes``, so positions survive.
package struct PayloadLines: Sendable {
    /// The bytes after the optional BOM and NUL removal (see ``init(_:stripNUL:)``).
    package let bytes: [UInt8]
    /// Byte range of every line, separator excluded.
    package let ranges: [Range<Int>]
    package let separators: LineSeparators
    /// `true` when the payload ended with a separator.
    package let endsWithSeparator: Bool
    /// Empty lines removed from the end (a final separator does not count as one).
    package let trailingEmptyLines: Int
    package let hadByteOrderMark: Bool
    /// Number of NUL bytes removed (0 when `stripNUL` is false).
    package var removedNULs: Int { nulPositions.count }
    /// Where the removed NULs were, in the caller's bytes (ascending).
    let nulPositions: [Int]
    /// Where each kind of separator first occurs (offset in ``bytes``), for diagnostics.
    var firstSeparator = SeparatorPositions()

    package init(_ input: [UInt8], stripNUL: Bool = true) {
        let bom = PayloadLimits.bomLength(input)
        hadByteOrderMark = bom > 0
        var bytes: [UInt8]
        var nuls: [Int] = []
        if stripNUL, input.withUnsafeBufferPointer({ p in p.baseAddress.map { memchr($0, 0, p.count) != nil } ?? false }) {
            bytes = []
            bytes.reserveCapacity(input.count)
            for i in bom..<input.count { if input[i] == 0 { nuls.append(i) } else { bytes.append(input[i]) } }
        } else {
            bytes = bom > 0 ? Array(input[bom...]) : input
        }
        nulPositions = nuls
        self.bytes = bytes

        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(36)
        var seps: LineSeparators = []
        var firsts = SeparatorPositions()
        var start = 0
        var lastSep = false
        let n = bytes.count
        bytes.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress, n > 0 else { return }
            // Most payloads use LF only: then memchr finds every line end at memory speed.
            if memchr(base, 0x0D, n) == nil {
                var i = 0
                while i < n, let hit = memchr(base + i, 0x0A, n - i) {
                    let at = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
                    if seps.isEmpty { firsts[.lf] = at; seps.insert(.lf) }
                    ranges.append(start..<at)
                    i = at + 1
                    start = i
                }
                lastSep = start == n
                return
            }
            var i = 0
            while i < n {
                let b = p[i]
                // Control bytes are rare in payload text: one compare skips everything else.
                if b > 0x0D { i += 1; lastSep = false; continue }
                if b == 0x0A {
                    if !seps.contains(.lf) { firsts[.lf] = i }
                    ranges.append(start..<i); seps.insert(.lf); i += 1; start = i; lastSep = true
                } else if b == 0x0D {
                    ranges.append(start..<i)
                    let kind: LineSeparators
                    let width: Int
                    if i + 2 < n, p[i + 1] == 0x0D, p[i + 2] == 0x0A {
                        kind = .crcrlf; width = 3
                    } else if i + 1 < n, p[i + 1] == 0x0A {
                        kind = .crlf; width = 2
                    } else {
                        kind = .cr; width = 1
                    }
                    if !seps.contains(kind) { firsts[kind] = i }
                    seps.insert(kind)
                    i += width
                    start = i; lastSep = true
                } else {
                    i += 1; lastSep = false
                }
            }
        }
        firstSeparator = firsts
        if !lastSep || n == 0 { ranges.append(start..<n) }
        endsWithSeparator = lastSep && n > 0
        var trailing = 0
        while ranges.count > 1, let last = ranges.last, last.isEmpty {
            ranges.removeLast()
            trailing += 1
        }
        trailingEmptyLines = trailing
        separators = seps
        self.ranges = ranges
    }

    package var count: Int { ranges.count }

    /// The raw bytes of line `index` (0-based), or an empty slice past the end.
    @inlinable
    package func raw(_ index: Int) -> ArraySlice<UInt8> {
        guard index >= 0, index < ranges.count else { return [] }
        return bytes[ranges[index]]
    }

    /// The offset in the caller's bytes of offset `stripped` in ``bytes`` (undoes BOM and NUL removal).
    package func originalOffset(_ stripped: Int) -> Int {
        var o = (hadByteOrderMark ? 3 : 0) + stripped
        for p in nulPositions {
            if p <= o { o += 1 } else { break }
        }
        return o
    }

    /// Byte offset where line `index` starts (the end of the payload past the last line).
    package func offset(_ index: Int) -> Int {
        guard index >= 0, index < ranges.count else { return bytes.count }
        return ranges[index].lowerBound
    }

    /// `true` when line `index` exists and equals `text` exactly.
    package func line(_ index: Int, equals text: StaticString) -> Bool {
        let r = raw(index)
        guard r.count == text.utf8CodeUnitCount else { return false }
        return text.withUTF8Buffer { p in r.elementsEqual(p) }
    }

    /// The shared tolerances of line-oriented formats as warnings: BOM, NULs, separators, trailing lines.
    /// `allowed` separators produce no warning; `extraLinesAllowed` trailing empty lines are silent.
    package func layoutDiagnostics(allowed: LineSeparators, fieldCountHint: Int? = nil) -> [Diagnostic] {
        var out: [Diagnostic] = []
        if hadByteOrderMark {
            out.append(.warning(.byteOrderMark, field: "payload", offset: 0, "UTF-8 byte-order mark removed"))
        }
        if removedNULs > 0 {
            out.append(.warning(.nulPadding, field: "payload", offset: nulPositions.first, "\(removedNULs) NUL byte(s) removed"))
        }
        // Position of a separator (offset in `bytes`) as the line it ends and the caller's offset.
        func position(at: Int?) -> (line: Int?, offset: Int?) {
            guard let at else { return (nil, nil) }
            let line = (ranges.firstIndex { $0.upperBound >= at } ?? ranges.count - 1) + 1
            return (line, originalOffset(at))
        }
        if separators.rawValue.nonzeroBitCount > 1 {
            // Where the mixing starts: the first occurrence of the second kind to appear.
            let starts = firstSeparator.all.sorted()
            let (line, offset) = position(at: starts.count > 1 ? starts[1] : starts.first)
            out.append(.warning(.lineEndingsMixed, field: "payload", line: line, offset: offset,
                                "mixed line separators (\(describe(separators)))"))
        } else if separators.contains(.crcrlf) {
            let (line, offset) = position(at: firstSeparator[.crcrlf])
            out.append(.warning(.lineEndingCRCRLF, field: "payload", line: line, offset: offset, "CR CR LF line separators"))
        } else if !separators.isEmpty, !allowed.contains(separators) {
            let (line, offset) = position(at: firstSeparator[separators])
            out.append(.warning(.lineEndingCR, field: "payload", line: line, offset: offset,
                                "\(separators.name) line separators are not allowed by the format"))
        }
        if trailingEmptyLines > 0 {
            out.append(.warning(.trailingEmptyLines, field: "payload", line: count + 1,
                                "\(trailingEmptyLines) empty line(s) after the last element ignored"))
        } else if endsWithSeparator {
            out.append(.warning(.trailingNewline, field: "payload", line: count,
                                "separator after the last element ignored"))
        }
        return out
    }

    private func describe(_ s: LineSeparators) -> String {
        var parts: [String] = []
        if s.contains(.lf) { parts.append("LF") }
        if s.contains(.crlf) { parts.append("CRLF") }
        if s.contains(.cr) { parts.append("CR") }
        if s.contains(.crcrlf) { parts.append("CRCRLF") }
        return parts.joined(separator: ", ")
    }
}

/// First offset of each separator kind (no allocation: four slots).
struct SeparatorPositions: Sendable {
    private var lf = -1, crlf = -1, cr = -1, crcrlf = -1

    subscript(kind: LineSeparators) -> Int? {
        get {
            let v: Int
            switch kind {
            case .lf: v = lf
            case .crlf: v = crlf
            case .cr: v = cr
            case .crcrlf: v = crcrlf
            default: v = -1
            }
            return v < 0 ? nil : v
        }
        set {
            let v = newValue ?? -1
            switch kind {
            case .lf: lf = v
            case .crlf: crlf = v
            case .cr: cr = v
            case .crcrlf: crcrlf = v
            default: break
            }
        }
    }

    var all: [Int] { [lf, crlf, cr, crcrlf].filter { $0 >= 0 } }
}
