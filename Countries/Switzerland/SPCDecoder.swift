import GiroCore

/// One decoding run over a Swiss QR-bill payload: the split lines and the
/// warnings collected so far. Every rejection goes through ``fail(_:field:line:offset:_:)`` so the
/// error carries the line, the byte offset and the warnings seen before it.
struct SPCDecoder {
    let format: String
    let lines: PayloadLines
    /// `lines.bytes` and `lines.ranges`, held directly so line checks do not build slices.
    let bytes: [UInt8]
    let ranges: [Range<Int>]
    /// `true` when the payload was not valid UTF-8 and is read as ISO-8859-1 (warning `charset_fallback`).
    var latin1 = false
    var diagnostics: [Diagnostic] = []

    init(format: String, lines: PayloadLines) {
        self.format = format
        self.lines = lines
        self.bytes = lines.bytes
        self.ranges = lines.ranges
    }

    // MARK: Positions

    @inline(__always) func raw(_ index: Int) -> ArraySlice<UInt8> { lines.raw(index) }
    /// `true` when line `index` is empty or absent.
    @inline(__always) func isEmpty(_ index: Int) -> Bool { index >= ranges.count || ranges[index].isEmpty }
    /// Byte offset of line `index` in the original payload (BOM and removed NULs accounted for).
    @inline(__always) func offset(_ index: Int) -> Int { lines.originalOffset(lines.offset(index)) }

    func fail(_ code: ErrorCode, field: String, line index: Int?, offset: Int? = nil, _ message: String) -> GiroError {
        GiroError(code, field: field, line: index.map { $0 + 1 }, offset: offset ?? index.map { self.offset($0) },
                  format: format, diagnostics: diagnostics, message)
    }

    /// Re-raises a core validator's error at the position of line `index`, keeping its code and message.
    func relocate(_ error: GiroError, field: String, line index: Int) -> GiroError {
        fail(error.code, field: field, line: index, offset: offset(index) + (error.offset ?? 0), error.message)
    }

    mutating func warn(_ code: ErrorCode, field: String, line index: Int?, offset: Int? = nil, _ message: String) {
        diagnostics.append(.warning(code, field: field, line: index.map { $0 + 1 },
                                    offset: offset ?? index.map { self.offset($0) }, message))
    }

    mutating func info(_ code: ErrorCode, field: String, line index: Int?, _ message: String) {
        diagnostics.append(.info(code, field: field, line: index.map { $0 + 1 }, offset: index.map { offset($0) }, message))
    }

    // MARK: Text fields

    /// The text of line `index`, or nil when empty. Normalises to NFC (`unicode_normalized`), checks the
    /// character set (`character_outside_set`) and the length limit (`field_too_long`, a warning here:
    /// IG §3.1 treats length overflows as a warning, not a rejection).
    mutating func text(_ index: Int, field: @autoclosure () -> String, max: Int?) -> String? {
        guard index < ranges.count else { return nil }
        let range = ranges[index]
        guard !range.isEmpty else { return nil }
        let isLatin1 = latin1
        let t = bytes.withUnsafeBufferPointer { buffer in
            // Checked: the line's range lies inside the payload (an empty field otherwise).
            guard range.lowerBound >= 0, range.upperBound <= buffer.count else {
                return SPCCharacterSet.decode(UnsafeBufferPointer(start: nil, count: 0), latin1: isLatin1)
            }
            return SPCCharacterSet.decode(UnsafeBufferPointer(rebasing: buffer[range]), latin1: isLatin1)
        }
        if t.normalized {
            warn(.unicodeNormalized, field: field(), line: index, "decomposed characters normalised to NFC")
        }
        if let bad = t.outside {
            let more = t.outsideCount > 1 ? " (and \(t.outsideCount - 1) more)" : ""
            warn(.characterOutsideSet, field: field(), line: index, offset: offset(index) + bad.offset,
                 "\(SPCCharacterSet.describe(bad.scalar)) is outside the QR-bill character set\(more)")
        }
        if let max, t.count > max {
            warn(.fieldTooLong, field: field(), line: index,
                 "\(t.count) characters, the QR-bill allows \(max)")
        }
        return t.text
    }

    /// `true` when line `index` exists and equals `text` exactly (ASCII).
    func line(_ index: Int, is text: StaticString) -> Bool {
        guard index >= 0, index < ranges.count else { return false }
        let r = ranges[index]
        let n = text.utf8CodeUnitCount
        guard r.count == n else { return false }
        return text.withUTF8Buffer { p in
            var k = 0
            while k < n {
                if bytes[r.lowerBound + k] != p[k] { return false }
                k += 1
            }
            return true
        }
    }
}
