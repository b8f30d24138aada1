/// The outcome of checking a national payment reference ("model + poziv na broj / sklic").
///
/// Reference validation is advisory in every national scheme that has one: plug-ins turn a failed
/// check into a warning and keep the payment; the OCR parsers use it to confirm repairs.
package struct ReferenceModelCheck: Sendable, Hashable, Codable {
    /// Normalized model: `HR01`, `SI12`, `97`.
    package var model: String
    /// Data groups as written, without the hyphens.
    package var parts: [String]
    /// The model is defined in the national table.
    package var known: Bool
    /// Known model, structure (group count, lengths, characters) and every check digit hold.
    package var valid: Bool
    /// Readable reasons when not valid (`P2 check digit is 4, expected 7`).
    package var problems: [String]

    package init(model: String, parts: [String], known: Bool, valid: Bool, problems: [String]) {
        self.model = model
        self.parts = parts
        self.known = known
        self.valid = valid
        self.problems = problems
    }
}

extension ReferenceModelCheck {
    /// What a decoder warns about (nil when the check passed): `reference_model_unknown` for a model outside the
    /// national table (nothing was checked), else `reference_invalid` with the problems. Advisory in every scheme.
    package func warning(reference: String) -> (code: ErrorCode, message: String)? {
        if !known { return (.referenceModelUnknown, "model \(model) is not in the national model table; not checked") }
        if !valid { return (.referenceInvalid, "\(model) \(reference): " + problems.joined(separator: "; ")) }
        return nil
    }

    /// The record's reference: `valid` is nil for an unknown model, since nothing was checked.
    package func reference(type: ReferenceType, value: String) -> Reference {
        Reference(type: type, value: value, valid: known ? valid : nil, model: model, parts: parts)
    }
}

/// The grouped model tables by the prefix printed before the model number (`HR01`, `SI12`): registry data of the
/// "model + poziv na broj" system several plug-ins and the OCR parsers share, like the IBAN registry's. `hr`: FINA,
/// "Jedinstveni pregled osnovnih modela poziva na broj", 2021 (formats-cee.md §1.6), up to 22 characters, groups
/// P1–P4; `si`: ZBS (formats-cee.md §3.5), at most 20 digits in up to three groups, MOD11INI.
package typealias ReferenceModelScheme = GroupedReferenceModels.Scheme

extension GroupedReferenceModels.Scheme {
    /// Checks `reference` (the part after the model, hyphens kept) against `model` (`HR01`, `hr01` or `01`).
    package func check(model: String, reference: String) -> ReferenceModelCheck {
        GroupedReferenceModels.check(scheme: self, model: model, reference: reference)
    }
}

/// The two-digit models without a prefix (the Serbian RO tag / "poziv na broj", NBS; formats-cee.md §2.4).
/// `97`: two check digits then the reference, ISO 7064 MOD 97-10, letters allowed; `22`: MOD 11 [impl];
/// `00` and `11`: no check (`11` as on Infostan bills, hyphens allowed).
package enum TwoDigitReferenceModels {
    /// Longest RO value generators and the NBS validator accept, model included.
    package static let maxLength = 25

    /// Checks `reference` (what follows the two model digits) against `model` (`97`, `11`, `00`, `22`).
    package static func check(model: String, reference: String) -> ReferenceModelCheck {
        let r = Array(reference.utf8)
        guard model.utf8.count == 2, model.utf8.allSatisfy(isDigit) else {
            return ReferenceModelCheck(model: model, parts: [reference], known: false, valid: false,
                                       problems: ["model \(model) is not two digits"])
        }
        var problems: [String] = []
        if r.count + 2 > maxLength { problems.append("reference is \(r.count + 2) characters with the model; at most \(maxLength)") }
        if r.isEmpty { problems.append("reference is empty") }
        let known: Bool
        switch model {
        case "97":
            known = true
            if !r.allSatisfy(isAlphanumeric) {
                problems.append("model 97 allows digits and letters only")
            } else if r.count < 3 {
                problems.append("model 97 needs two check digits and at least one data character")
            } else if let expected = ISO7064.mod97CheckDigits(r[2...]) {
                let written = Int(r[0] - 48) * 10 + Int(r[1] - 48)
                if !isDigit(r[0]) || !isDigit(r[1]) {
                    problems.append("model 97 check digits must be digits")
                } else if written != expected {
                    problems.append("check digits are \(pad2(written)), expected \(pad2(expected))")
                }
            }
        case "22":
            known = true
            if !r.allSatisfy(isDigit) || r.count < 2 {
                problems.append("model 22 needs at least two digits and digits only")
            } else if let expected = NationalModuli.model22CheckDigit(r.dropLast()), let last = r.last,
                      Int(last - 48) != expected {
                problems.append("check digit is \(last - 48), expected \(expected)")
            }
        case "00":
            known = true
            if !r.allSatisfy(isDigit) { problems.append("model 00 allows digits only") }
        case "11":
            known = true
            if !r.allSatisfy({ isAlphanumeric($0) || $0 == hyphen }) { problems.append("model 11 allows digits, letters and '-' only") }
        default:
            known = false
            problems.append("model \(model) is not a known model (97, 22, 11, 00)")
            if !r.allSatisfy({ isAlphanumeric($0) || $0 == hyphen }) { problems.append("only digits, letters and '-' are allowed") }
        }
        return ReferenceModelCheck(model: model, parts: [reference], known: known, valid: known && problems.isEmpty,
                                   problems: problems)
    }

    private static func pad2(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
    private static let hyphen = UInt8(ascii: "-")
    private static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
    private static func isAlphanumeric(_ b: UInt8) -> Bool {
        isDigit(b) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122)
    }
}

extension ReferenceModelCheck {
    /// A model reference typed as one value (`giro check hr-reference "HR01 7269-68-0049"`): the model is the
    /// first `modelLength` characters after spaces are dropped; `check` is the national model table's.
    package static func identifier(_ input: String, modelLength: Int, keepHyphens: Bool = true,
                                   check: (_ model: String, _ reference: String) -> ReferenceModelCheck) throws(GiroError) -> ValidIdentifier {
        guard let bytes = IdentifierText.compact(input, limit: 64), bytes.count > modelLength else {
            throw GiroError(.referenceInvalid, field: "reference", "a model of \(modelLength) characters followed by the reference number is expected")
        }
        let model = String(decoding: bytes.prefix(modelLength), as: UTF8.self)
        let rest = String(decoding: bytes.dropFirst(modelLength), as: UTF8.self)
        let number = keepHyphens ? rest : rest.replacingOccurrences(of: "-", with: "")
        let result = check(model, number)
        guard result.known else {
            throw GiroError(.referenceModelUnknown, field: "reference.model", offset: 0, "model \(model) is not in the national model table")
        }
        guard result.valid else {
            throw GiroError(.referenceInvalid, field: "reference", offset: modelLength, "\(model) \(number): " + result.problems.joined(separator: "; "))
        }
        return ValidIdentifier(compact: model + number, formatted: model + " " + number, details: ["model": model])
    }
}
