import Foundation
import GiroCore

/// Each tag's value into the bill information.
extension SwicoS1Decoder {
    /// One tag's value into `info`; a value that does not fit its tag is a problem, left out of the structured
    /// fields (text fields keep it). Unknown tags are kept in `unknownTags`.
    static func read(_ number: Int, tag: String, value: ArraySlice<UInt8>, at offset: Int,
                     into info: inout BillInformation, problems: inout [Problem]) {
        func bad(_ field: String, _ message: String) {
            problems.append(Problem(code: .billInformationInvalid, field: field, offset: offset,
                                    message: "Swico S1 tag \(tag): \(message)"))
        }
        switch number {
        case 10:
            info.invoiceNumber = string(value)
        case 11:
            guard let (d, timed) = invoiceDate(value) else {
                return bad("billInformation.invoiceDate", "\(string(value)) is not a date YYMMDD")
            }
            info.invoiceDate = d
            if timed {
                problems.append(Problem(code: .swicoDateWithTime, field: "billInformation.invoiceDate", offset: offset,
                                        message: "invoice date \(string(value)) carries a time of day; date \(d) kept"))
            }
        case 20:
            info.customerReference = string(value)
        case 30:
            info.vatNumber = string(value)
            if !(value.count == 9 && value.allSatisfy({ $0 >= 48 && $0 <= 57 })) {
                bad("billInformation.vatNumber", "VAT number \(string(value)) is not 9 digits (UID without CHE)")
            }
        case 31:
            if value.count == 6, let d = date(value) {
                info.vatDate = d
            } else if value.count == 12, let from = date(value.prefix(6)), let to = date(value.suffix(6)) {
                info.vatDate = from
                info.vatPeriodEnd = to
            } else {
                bad("billInformation.vatDate", "\(string(value)) is neither a date YYMMDD nor a period YYMMDDYYMMDD")
            }
        case 32:
            let single = !value.contains(UInt8(ascii: ":")) && !value.contains(UInt8(ascii: ";"))
            if let details = single ? DecimalText.parseUnsigned(value).map({ [TaxRate(rate: $0)] }) : rateList(value) {
                info.vatDetails = details
            } else {
                bad("billInformation.vatDetails", single ? "\(string(value)) is not a VAT rate" : "\(string(value)) is not a list rate:amount;…")
            }
        case 33:
            guard let list = rateList(value) else { return bad("billInformation.importTaxes", "\(string(value)) is not a list rate:amount;…") }
            info.importTaxes = list
        case 40:
            guard let list = conditions(value) else {
                return bad("billInformation.paymentConditions", "\(string(value)) is not a list discount:days;…")
            }
            info.paymentConditions = list
        default:
            info.unknownTags[tag] = string(value)
        }
    }

    /// Tag 11: `YYMMDD`, or with a time of day (`YYMMDDHHMM`, `YYMMDDHHMMSS`; `timed`), whose date is kept.
    static func invoiceDate(_ value: ArraySlice<UInt8>) -> (date: String, timed: Bool)? {
        switch value.count {
        case 6: date(value).map { ($0, false) }
        case 10, 12: isTime(value.dropFirst(6)) ? date(value.prefix(6)).map { ($0, true) } : nil
        default: nil
        }
    }
}
