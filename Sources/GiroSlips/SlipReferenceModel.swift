/// Look-alikes put back where a short code's shape says what each character is: a reference's model read from its
/// own small box (`SI00`, `HR01`, `RF18`, Serbian `97`) — letters where the model has its letters (`S100` →
/// `SI00`), digits where it has its digits (`HRO1` → `HR01`, `9l` → `91`) — and an IBAN's country code (`S156` →
/// `SI56`). Only a result of the expected shape is taken; the reference's or IBAN's own check decides the rest.
enum SlipReferenceModel {
    /// The model as read, or put back when the result is the form's country or `RF` and two digits, or two digits.
    static func normalized(_ s: String, country: String) -> String {
        let c = Array(s.uppercased().unicodeScalars.filter { !$0.properties.isWhitespace }.prefix(8))
        if c.count == 2, let d0 = digit(c[0]), let d1 = digit(c[1]) {
            return String(String.UnicodeScalarView([d0, d1]))
        }
        guard c.count == 4, let l0 = letter(c[0]), let l1 = letter(c[1]), let d0 = digit(c[2]), let d1 = digit(c[3]) else { return s }
        var prefix = String(String.UnicodeScalarView([l0, l1]))
        if prefix != country.uppercased(), prefix != "RF" {
            // `L` read for `I` (`SL00`): a letter of its own, so only taken where it gives the form's country.
            let iFolded = String(String.UnicodeScalarView([l0, l1].map { $0 == "L" ? "I" : $0 }))
            guard iFolded == country.uppercased() else { return s }
            prefix = iFolded
        }
        return prefix + String(String.UnicodeScalarView([d0, d1]))
    }

    /// The text with its first word's country code put back from look-alikes (`S156 2420 …` → `SI56 2420 …`); nil
    /// when that word does not start with two letter-like and two digit-like characters, or its code already is
    /// letters. Whether the result is an IBAN is for its mod 97 to say.
    static func ibanCountryFolded(_ s: String) -> String? {
        var u = Array(s.unicodeScalars.prefix(200))
        guard let start = u.firstIndex(where: { !$0.properties.isWhitespace && !"=*:".unicodeScalars.contains($0) }),
              start + 3 < u.count else { return nil }
        let head = u[start..<(start + 4)].map { $0.properties.uppercaseMapping.unicodeScalars.first ?? $0 }
        guard let l0 = letter(head[0]), let l1 = letter(head[1]), digit(head[2]) != nil, digit(head[3]) != nil,
              !(l0 == head[0] && l1 == head[1]) else { return nil }
        u[start] = l0 == "L" ? "I" : l0
        u[start + 1] = l1 == "L" ? "I" : l1
        return String(String.UnicodeScalarView(u))
    }

    static func digit(_ u: Unicode.Scalar) -> Unicode.Scalar? {
        switch u {
        case "0"..."9": u
        case "O", "D", "Q": "0"
        case "I", "L", "|", "!": "1"
        case "Z": "2"
        case "S": "5"
        case "G": "6"
        case "B": "8"
        default: nil
        }
    }

    static func letter(_ u: Unicode.Scalar) -> Unicode.Scalar? {
        switch u {
        case "A"..."Z": u
        case "1", "|", "!": "I"
        case "5": "S"
        case "0": "O"
        case "8": "B"
        case "2": "Z"
        case "4": "A"
        case "6": "G"
        default: nil
        }
    }
}
