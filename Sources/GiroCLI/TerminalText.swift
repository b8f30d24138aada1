/// Makes untrusted text safe to print on a terminal: a payload must not be able to clear the screen, ring the
/// bell, move the cursor or reorder the line (bidi overrides). Control characters become visible escapes.
enum TerminalText {
    /// C0 (except `\n` when `keepNewlines`), DEL, C1 and the bidi embedding/override/isolate controls are
    /// written as `\n`, `\t`, `\r`, `\x1B`, `\u{202E}`; a backslash stays as is.
    static func escape(_ text: String, keepNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepNewlines) }) else { return text }
        var out = String.UnicodeScalarView()
        for u in text.unicodeScalars {
            guard needsEscape(u, keepNewlines) else { out.append(u); continue }
            let code: String
            switch u {
            case "\n": code = "\\n"
            case "\t": code = "\\t"
            case "\r": code = "\\r"
            default:
                let hex = String(u.value, radix: 16, uppercase: true)
                code = u.value <= 0xFF ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{" + hex + "}"
            }
            out.append(contentsOf: code.unicodeScalars)
        }
        return String(out)
    }

    static func needsEscape(_ u: Unicode.Scalar, _ keepNewlines: Bool) -> Bool {
        switch u.value {
        case 0x0A: return !keepNewlines
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C: return true  // bidi marks and overrides
        default: return false
        }
    }
}
