import GiroCore

/// One decoding run over a UPN QR payload: the split lines, the charset they are read in and the
/// warnings collected so far. Rejections go through ``fail(_:line:_:)`` so the error carries the field,
/// line, byte offset and the warnings seen before it.
struct UPNDecoder: LineDecoding {
    let format: String
    let lines: PayloadLines
    /// The charset the payload was written in (ISO-8859-2 unless ECI or the bytes say UTF-8); `lines`
    /// hold the text transcoded to UTF-8.
    let charset: Charset
    var diagnostics: [Diagnostic] = []
    /// The record as decoded so far (carried by errors as `partial`).
    var record = PaymentRecord(format: "si.upn-qr", country: "SI", formatVersion: nil)

    /// Bytes of the UTF-8 byte-order mark removed before decoding (0 or 3).
    let bomLength: Int

    init(format: String, lines: PayloadLines, charset: Charset, bomLength: Int, diagnostics: [Diagnostic]) {
        self.format = format
        self.lines = lines
        self.charset = charset
        self.bomLength = bomLength
        self.diagnostics = diagnostics
    }

    /// Offset of line `index` in the caller's bytes: for a single-byte charset one byte per character
    /// of the transcoded text (only computed for diagnostics).
    func offset(_ index: Int) -> Int {
        let start = lines.offset(index)
        let inText = lines.originalOffset(start) - (lines.hadByteOrderMark ? 3 : 0)
        let removedNULs = inText - start
        let characters = charset == .utf8 ? start : UPNDecoder.characters(lines.bytes[0..<min(start, lines.bytes.count)])
        return bomLength + characters + removedNULs
    }

    func path(_ index: Int) -> String { index < UPNLayout.path.count ? UPNLayout.path[index] : "payload" }


    /// Characters in UTF-8 bytes: one per non-continuation byte.
    static func characters(_ bytes: ArraySlice<UInt8>) -> Int { UTF8Validation.scalarCount(bytes) }

    /// The text of line `index` with surrounding spaces removed (warning `whitespace_trimmed`: the standard
    /// forbids them, producers write them, and the control sum counts them), nil when empty. Over-long
    /// fields are kept with `field_too_long`.
    mutating func text(_ index: Int) -> String? {
        guard let slice = trimmedLine(index) else { return nil }
        let text = String(decoding: slice, as: UTF8.self)
        let max = index < UPNLayout.maxLength.count ? UPNLayout.maxLength[index] : 0
        let count = UPNDecoder.characters(slice)
        if max > 0, count > max {
            warn(.fieldTooLong, line: index, "\(count) characters, UPN QR allows \(max)")
        }
        return text
    }

    /// A flag field (`X` or empty).
    mutating func flag(_ index: Int) -> Bool {
        let raw = lines.raw(index)
        if raw.isEmpty { return false }
        if raw.count == 1, raw.first == UInt8(ascii: "X") { return true }
        if raw.count == 1, raw.first == UInt8(ascii: "x") {
            warn(.upnFlagInvalid, line: index, "lower-case x read as X")
            return true
        }
        warn(.upnFlagInvalid, line: index, "a flag is X or empty; ignored")
        return false
    }

    /// `DD.MM.YYYY` → `YYYY-MM-DD`; a malformed or impossible date is dropped with `date_invalid`.
    mutating func date(_ index: Int) -> String? {
        guard let t = text(index) else { return nil }
        if let iso = UPNDate.iso(Array(t.utf8)) { return iso }
        warn(.dateInvalid, line: index, "'\(t)' is not a date DD.MM.YYYY; ignored")
        return nil
    }
}

/// Calendar dates written `DD.MM.YYYY`.
enum UPNDate {
    static func iso(_ u: [UInt8]) -> String? {
        guard u.count == 10, u[2] == UInt8(ascii: "."), u[5] == UInt8(ascii: ".") else { return nil }
        func number(_ r: Range<Int>) -> Int? {
            var v = 0
            for i in r {
                guard u[i] >= 48, u[i] <= 57 else { return nil }
                v = v * 10 + Int(u[i] - 48)
            }
            return v
        }
        // The shared month-length rule (a local table literal was allocated per call).
        guard let d = number(0..<2), let m = number(3..<5), let y = number(6..<10), y >= 1900, m >= 1, m <= 12, d >= 1,
              d <= CompactDate.daysIn(month: m, year: y) else { return nil }
        return String(decoding: [u[6], u[7], u[8], u[9], 0x2D, u[3], u[4], 0x2D, u[0], u[1]], as: UTF8.self)
    }

    /// `YYYY-MM-DD` → `DD.MM.YYYY` (encoder).
    static func upn(_ isoDate: String) -> String? {
        let u = Array(isoDate.utf8)
        guard u.count == 10, u[4] == UInt8(ascii: "-"), u[7] == UInt8(ascii: "-") else { return nil }
        let out = String(decoding: u[8..<10], as: UTF8.self) + "." + String(decoding: u[5..<7], as: UTF8.self) + "."
            + String(decoding: u[0..<4], as: UTF8.self)
        return UPNDate.iso(Array(out.utf8)) == nil ? nil : out
    }
}
