import Foundation

/// ``FieldDecoding`` for a line-based format (HUB3, UPN QR …): a line index maps to a field path and a
/// byte offset in the caller's payload, so every error and warning names both.
package protocol LineDecoding: FieldDecoding {
    /// The payload's lines (UTF-8).
    var lines: PayloadLines { get }
    /// Dotted record path of the field on line `index` (0-based).
    func path(_ index: Int) -> String
    /// Offset of line `index` in the caller's bytes (only computed for diagnostics).
    func offset(_ index: Int) -> Int
}

extension LineDecoding {
    /// A rejection at line `index` (or of the whole payload when nil), with the diagnostics seen before it.
    @inlinable
    package func fail(_ code: ErrorCode, line index: Int?, field: String? = nil, _ message: String) -> GiroError {
        fail(code, field: field ?? index.map(path) ?? "payload", line: index.map { $0 + 1 }, offset: index.map(offset), message)
    }

    @inlinable
    package mutating func warn(_ code: ErrorCode, line index: Int, field: String? = nil, uncertain: Bool = false, _ message: String) {
        warn(code, field: field ?? path(index), line: index + 1, offset: offset(index), uncertain: uncertain, message)
    }

    @inlinable
    package mutating func info(_ code: ErrorCode, line index: Int, _ message: String) {
        info(code, field: path(index), line: index + 1, offset: offset(index), message)
    }
}

extension LineDecoding {
    /// An amount written as exactly `digits` digits of cents, zero-padded (HUB3 15, UPN QR 11). Fewer digits
    /// are tolerated with the `unpadded` warning; all zeros leaves the amount to the payer (info `amount_zero`).
    @inlinable
    package mutating func zeroPaddedCents(line i: Int, digits: Int, unpadded: ErrorCode) throws(GiroError) -> Decimal {
        let raw = lines.raw(i)
        guard !raw.isEmpty else { throw fail(.fieldMissing, line: i, "the amount is mandatory (\(digits) digits of cents)") }
        guard raw.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
            let example = String(repeating: "0", count: max(0, digits - 5)) + "12355"
            throw fail(.amountInvalid, line: i, "the amount must be \(digits) digits of cents without separators (123,55 → \(example))")
        }
        guard raw.count <= digits else { throw fail(.amountOutOfRange, line: i, "the amount has more than \(digits) digits") }
        if raw.count < digits { warn(unpadded, line: i, "the amount has \(raw.count) digits instead of \(digits)") }
        let cents = raw.reduce(UInt64(0)) { $0 * 10 + UInt64($1 - 48) }
        if cents == 0 { info(.amountZero, line: i, "amount 0: the payer enters the amount") }
        return Decimal(sign: .plus, exponent: -2, significand: Decimal(cents))
    }
}

extension LineDecoding {
    /// Line `index` without surrounding spaces (warning `whitespace_trimmed`: producers write them, banks
    /// accept them); nil when nothing is left.
    @inlinable
    package mutating func trimmedLine(_ index: Int) -> ArraySlice<UInt8>? {
        let raw = lines.raw(index)
        guard !raw.isEmpty else { return nil }
        var lo = raw.startIndex
        var hi = raw.endIndex
        while lo < hi, raw[lo] == 0x20 { lo += 1 }
        while hi > lo, raw[hi - 1] == 0x20 { hi -= 1 }
        if lo != raw.startIndex || hi != raw.endIndex {
            warn(.whitespaceTrimmed, line: index, "leading or trailing spaces removed")
        }
        return lo < hi ? raw[lo..<hi] : nil
    }

    /// An ISO 20022 purpose code (4 letters A–Z) as written on line `i`: lower case is upper-cased and
    /// anything else kept as written, both with `purpose_invalid`.
    @inlinable
    package mutating func purposeCode(_ t: String, line i: Int) -> String {
        let u = t.utf8
        if u.count == 4, u.allSatisfy({ $0 >= 65 && $0 <= 90 }) { return t }
        if u.count == 4, u.allSatisfy({ ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) }) {
            warn(.purposeInvalid, line: i, "purpose code upper-cased")
            return t.uppercased()
        }
        warn(.purposeInvalid, line: i, "'\(t)' is not a purpose code (4 letters A–Z); kept as written")
        return t
    }
}
