import GiroCore

/// Bank-State-Branch number (`giro check au-bsb`): 6 digits printed `062-000`. No check digit exists; the first two
/// or three digits must be an institution prefix of the embedded table (``BSBInstitutions``).
struct AustralianBSB: Identifier {
    let kind = "au-bsb"
    let country: String? = "AU"
    let summary = "Australian BSB (bank-state-branch): 6 digits, institution prefix checked"
    let example = "062-000"

    func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        let read = try AustralianDigits.read(input, label: "BSB", maxDigits: 6, code: .inputInvalid, field: "bsb", name: "a BSB")
        let d = read.digits
        guard d.count == 6 else {
            throw GiroError(.inputInvalid, field: "bsb", "a BSB has 6 digits, found \(d.count)")
        }
        guard let bank = BSBInstitutions.institution(d) else {
            throw GiroError(.fieldInvalid, field: "bsb", offset: read.offsets[0],
                            "BSB prefix \(String(decoding: d[0..<2], as: UTF8.self)) is not a financial institution in the embedded AusPayNet table")
        }
        let s = read.text
        var details = ["bankCode": bank.prefix, "bank": bank.name]
        if !bank.code.isEmpty { details["institution"] = bank.code }
        if bank.prefix.utf8.count == 2, let state = BSBInstitutions.state(d[2]) { details["state"] = state }
        return ValidIdentifier(compact: s, formatted: String(s.prefix(3)) + "-" + String(s.suffix(3)), details: details)
    }
}
