import Foundation
import GiroCore

/// One decoding run over a HUB3 payload (already transcoded to UTF-8): the split lines and the warnings
/// collected so far. Rejections go through ``fail(_:line:field:_:)`` so the error carries the field,
/// line, byte offset and the warnings seen before it.
struct HUB3Decoder: LineDecoding {
    let format: String
    let lines: PayloadLines
    var diagnostics: [Diagnostic]
    /// The record as decoded so far (carried by errors as `partial`).
    var record = PaymentRecord(format: "hr.hub3", country: "HR", formatVersion: "30")
    /// The payload was in a single-byte charset and transcoded: offsets count characters, not UTF-8 bytes.
    var singleByte = false

    /// Offset of line `index` in the caller's bytes (only computed for diagnostics).
    func offset(_ index: Int) -> Int {
        let start = lines.offset(index)
        let original = lines.originalOffset(start)
        guard singleByte, start <= lines.bytes.count else { return original }
        let continuation = lines.bytes[0..<start].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 1 : 0) }
        return original - continuation
    }
    func path(_ index: Int) -> String { index < HUB3Layout.path.count ? HUB3Layout.path[index] : "extras.hr.optionalData" }


    /// Line `index` as text with surrounding spaces removed (`whitespace_trimmed`), nil when empty.
    /// Over-long fields (`field_too_long`) and characters outside the HUB3 set (`character_outside_set`)
    /// are kept with a warning: real bills carry both and banks accept them.
    mutating func text(_ index: Int) -> String? {
        guard let slice = trimmedLine(index) else { return nil }
        let text = String(decoding: slice, as: UTF8.self)
        var count = 0
        var outside: Unicode.Scalar?
        if UTF8Validation.firstNonASCII(slice) == nil {
            // ASCII (most slips): one table look-up per byte instead of walking scalars.
            count = slice.count
            if let bad = slice.first(where: { !HUB3Charset.allowedASCII[Int($0)] }) { outside = Unicode.Scalar(bad) }
        } else {
            for s in text.unicodeScalars {
                count += 1
                if outside == nil, !HUB3Charset.isAllowed(s) { outside = s }
            }
        }
        if let outside {
            let shown = outside.value < 0x20 || outside.value == 0x7F ? String(format: "U+%04X", outside.value) : "'\(Character(outside))' (U+\(String(outside.value, radix: 16, uppercase: true)))"
            warn(.characterOutsideSet, line: index, "\(shown) is outside the HUB3 character set")
        }
        let max = index < HUB3Layout.maxLength.count ? HUB3Layout.maxLength[index] : Int.max
        if count > max { warn(.fieldTooLong, line: index, "\(count) characters, HUB3 allows \(max)") }
        return text
    }
}

