import Foundation
import GiroCore

/// Reduces free text to what a flavour's character set and an element's maximum length allow, and says so:
/// every change is a warning on the record's field, never silent.
struct TextPolicy {
    let characterSet: Pain001Flavor.CharacterSet
    /// Where the warnings go, in order.
    private(set) var warnings: [Diagnostic] = []

    init(_ characterSet: Pain001Flavor.CharacterSet) { self.characterSet = characterSet }

    /// The text as the element may carry it, or nil when nothing is left (XSD text types need a character).
    mutating func clean(_ text: String?, maxLength: Int, field: String) -> String? {
        guard let text else { return nil }
        var replaced = false
        var out = String.UnicodeScalarView()
        for scalar in Self.folded(text, for: characterSet).unicodeScalars {
            if allows(scalar) {
                // Runs of spaces (ours or the text's) become one.
                if scalar != " " || out.last != " " { out.append(scalar) }
            } else {
                replaced = true
                if out.last != " " { out.append(" ") }
            }
        }
        let trimmed = String(out).trimmingCharacters(in: .whitespaces)
        if replaced {
            warnings.append(.warning(.characterOutsideSet, field: field,
                                     "characters outside the \(characterSet.name) character set were replaced by spaces"))
        }
        guard !trimmed.isEmpty else { return nil }
        let scalars = trimmed.unicodeScalars
        guard scalars.count > maxLength else { return trimmed }
        warnings.append(.warning(.fieldTooLong, field: field,
                                 "\(scalars.count) characters cut to the element's \(maxLength)"))
        var cut = String.UnicodeScalarView()
        cut.append(contentsOf: scalars.prefix(maxLength))
        return String(cut).trimmingCharacters(in: .whitespaces)
    }

    mutating func warn(_ diagnostic: Diagnostic) { warnings.append(diagnostic) }

    func allows(_ s: Unicode.Scalar) -> Bool {
        guard Self.isXMLCharacter(s), s.value >= 0x20 else { return false }
        switch characterSet {
        case .unicode:
            return !(0x7F...0x9F).contains(s.value)
        case .sepaLatin:
            return Self.sepaLatin.contains(s.value)
        case .swiss:
            let v = s.value
            return (0x20...0x7E).contains(v) || (0xA0...0x17F).contains(v) || (0x218...0x21B).contains(v) || v == 0x20AC
        }
    }

    /// The EPC basic Latin set: letters, digits and `/ - ? : ( ) . , ' +` and space.
    static let sepaLatin: Set<UInt32> = {
        var set = Set<UInt32>()
        for c in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-?:().,'+ ".unicodeScalars { set.insert(c.value) }
        return set
    }()

    /// Accented letters become their base letter where the set lacks them (`Čapek` → `Capek` for SEPA).
    static func folded(_ text: String, for set: Pain001Flavor.CharacterSet) -> String {
        switch set {
        case .unicode: return text
        case .sepaLatin:
            return text.folding(options: .diacriticInsensitive, locale: nil).replacingOccurrences(of: "ß", with: "ss")
        case .swiss:
            // Latin-1 and Latin Extended-A are allowed: fold only what lies beyond them.
            var out = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                if scalar.value <= 0x17F { out.append(scalar); continue }
                out.append(contentsOf: String(scalar).folding(options: .diacriticInsensitive, locale: nil).unicodeScalars)
            }
            return String(out)
        }
    }

    /// XML 1.0 `Char`: tab, newline, carriage return, U+0020–U+D7FF, U+E000–U+FFFD, U+10000 and above.
    static func isXMLCharacter(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return v == 0x9 || v == 0xA || v == 0xD || (0x20...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v) || v >= 0x10000
    }
}
