import GiroCore

/// A BPAY box's "Ref" read from a slip: the CRN's 2–20 digits as reference type `au.crn`. Its check digit is left
/// unchecked (`valid` nil): which routine the biller uses is registered with BPAY, not printed on the bill.
struct BPAYReferenceRule: NationalReferenceRule {
    let countryCode = "AU"

    func read(model: String?, number: String) -> NationalReferenceReading? {
        guard model == nil || model?.isEmpty == true,
              let digits = try? AustralianDigits.read(number, label: "Ref", maxDigits: BPAYCustomerReference.maxDigits,
                                                      code: .referenceInvalid, field: "reference", name: "a BPAY CRN"),
              digits.digits.count >= 2 else { return nil }
        return NationalReferenceReading(reference: Reference(type: "au.crn", value: digits.text, valid: nil), problems: [])
    }
}
