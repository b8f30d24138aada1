import Foundation
import GiroCore

/// Swico S1 structured bill information (`//S1/<tag>/<value>/<tag>/<value>…`), syntax definition v1.2.
///
/// Escapes: `\/` is a literal slash, `\\` a literal backslash. Tags: `10` invoice number, `11` invoice
/// date `YYMMDD`, `20` customer reference, `30` VAT (UID) number (9 digits, no `CHE`), `31` VAT date
/// `YYMMDD` or period `YYMMDDYYMMDD`, `32` VAT rate or `rate:amount;…`, `33` import tax `rate:amount;…`,
/// `40` payment conditions `discount:days;…`. Unknown tags are kept in `unknownTags`.
///
/// Invalid content is never a rejection: each problem becomes one `bill_information_invalid` warning,
/// the value that failed is left out of the structured fields (text fields keep it) and `raw` keeps
/// everything. Invoice dates with a time of day (`YYMMDDHHMM`, `YYMMDDHHMMSS`, seen in the wild and
/// accepted by manuelbl) keep their date and warn `swico_date_with_time`.
enum SwicoS1Decoder {
    struct Problem: Equatable {
        var code: ErrorCode
        var field: String
        /// Byte offset inside the bill-information text.
        var offset: Int
        var message: String
    }

    /// Decodes `text` (which starts with `//S1`) into `info`; returns the problems found.
    static func decode(_ text: String, into info: inout BillInformation) -> [Problem] {
        var problems: [Problem] = []
        let bytes = Array(text.utf8)
        let prefix: [UInt8] = Array("//S1".utf8)
        guard bytes.count >= 4, bytes[0..<4].elementsEqual(prefix) else {
            return [Problem(code: .billInformationInvalid, field: "billInformation", offset: 0, message: "Swico S1 text must start with //S1/")]
        }
        if bytes.count == 4 { return [] }
        guard bytes[4] == UInt8(ascii: "/") else {
            return [Problem(code: .billInformationInvalid, field: "billInformation", offset: 4, message: "Swico S1 text must start with //S1/")]
        }

        // Split on unescaped slashes, undoing the escapes: the unescaped bytes go into one buffer and
        // each element is a range of it plus its offset in the original text.
        var buffer: [UInt8] = []
        buffer.reserveCapacity(bytes.count)
        var elements: [(range: Range<Int>, offset: Int)] = []
        elements.reserveCapacity(16)
        var elementStart = 0
        var start = 5
        var i = 5
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\\") {
                if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") || bytes[i + 1] == UInt8(ascii: "\\") {
                    buffer.append(bytes[i + 1])
                    i += 2
                    continue
                }
                problems.append(Problem(code: .billInformationInvalid, field: "billInformation", offset: i,
                                        message: "backslash not followed by / or \\ (kept literally)"))
                buffer.append(b)
                i += 1
            } else if b == UInt8(ascii: "/") {
                elements.append((elementStart..<buffer.count, start))
                elementStart = buffer.count
                i += 1
                start = i
            } else {
                buffer.append(b)
                i += 1
            }
        }
        elements.append((elementStart..<buffer.count, start))

        if elements.count % 2 == 1, let last = elements.last {
            problems.append(Problem(code: .billInformationInvalid, field: "billInformation", offset: last.offset,
                                    message: last.range.isEmpty ? "Swico S1 text ends with a slash (tag without value)"
                                                                : "Swico S1 tag \(string(buffer[last.range])) has no value"))
        }

        // Tags seen so far, as a bit set over 00…99.
        var seenLow: UInt64 = 0
        var seenHigh: UInt64 = 0
        var k = 0
        while k + 1 < elements.count {
            let tagBytes = buffer[elements[k].range]
            let tagOffset = elements[k].offset
            let value = buffer[elements[k + 1].range]
            let valueOffset = elements[k + 1].offset
            k += 2
            guard tagBytes.count == 2, let t0 = tagBytes.first, let t1 = tagBytes.last,
                  t0 >= 48, t0 <= 57, t1 >= 48, t1 <= 57 else {
                problems.append(Problem(code: .billInformationInvalid, field: "billInformation", offset: tagOffset,
                                        message: "Swico S1 tag '\(string(tagBytes))' is not two digits"))
                continue
            }
            let tagNumber = Int(t0 - 48) * 10 + Int(t1 - 48)
            let bit: UInt64 = 1 << UInt64(tagNumber % 64)
            let repeated = tagNumber < 64 ? seenLow & bit != 0 : seenHigh & bit != 0
            if tagNumber < 64 { seenLow |= bit } else { seenHigh |= bit }
            let tag = string(tagBytes)
            guard !repeated else {
                problems.append(Problem(code: .billInformationInvalid, field: "billInformation", offset: tagOffset,
                                        message: "Swico S1 tag \(tag) repeated; the first value is kept"))
                continue
            }
            guard !value.isEmpty else {
                problems.append(Problem(code: .billInformationInvalid, field: "billInformation", offset: valueOffset,
                                        message: "Swico S1 tag \(tag) has an empty value"))
                continue
            }
            func bad(_ field: String, _ message: String) {
                problems.append(Problem(code: .billInformationInvalid, field: field, offset: valueOffset,
                                        message: "Swico S1 tag \(tag): \(message)"))
            }
            switch tagNumber {
            case 10:
                info.invoiceNumber = string(value)
            case 11:
                switch value.count {
                case 6:
                    if let d = date(value) { info.invoiceDate = d } else { bad("billInformation.invoiceDate", "\(string(value)) is not a date YYMMDD") }
                case 10, 12:
                    if let d = date(value.prefix(6)), isTime(value.dropFirst(6)) {
                        info.invoiceDate = d
                        problems.append(Problem(code: .swicoDateWithTime, field: "billInformation.invoiceDate", offset: valueOffset,
                                                message: "invoice date \(string(value)) carries a time of day; date \(d) kept"))
                    } else {
                        bad("billInformation.invoiceDate", "\(string(value)) is not a date YYMMDD")
                    }
                default:
                    bad("billInformation.invoiceDate", "\(string(value)) is not a date YYMMDD")
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
                if !value.contains(UInt8(ascii: ":")) && !value.contains(UInt8(ascii: ";")) {
                    if let rate = DecimalText.parseUnsigned(value) {
                        info.vatDetails = [TaxRate(rate: rate)]
                    } else {
                        bad("billInformation.vatDetails", "\(string(value)) is not a VAT rate")
                    }
                } else if let list = rateList(value) {
                    info.vatDetails = list
                } else {
                    bad("billInformation.vatDetails", "\(string(value)) is not a list rate:amount;…")
                }
            case 33:
                if let list = rateList(value) {
                    info.importTaxes = list
                } else {
                    bad("billInformation.importTaxes", "\(string(value)) is not a list rate:amount;…")
                }
            case 40:
                if let list = conditions(value) {
                    info.paymentConditions = list
                } else {
                    bad("billInformation.paymentConditions", "\(string(value)) is not a list discount:days;…")
                }
            default:
                info.unknownTags[tag] = string(value)
            }
        }
        return problems
    }

    static func string(_ b: ArraySlice<UInt8>) -> String { String(decoding: b, as: UTF8.self) }

    /// Two ASCII digits at `i` of `b` as a number (callers check that all bytes are digits).
    @inline(__always)
    static func pair(_ b: ArraySlice<UInt8>, _ i: Int) -> Int {
        Int(b[b.startIndex + i] &- 48) * 10 + Int(b[b.startIndex + i + 1] &- 48)
    }

    /// `YYMMDD` → `20YY-MM-DD` when it is a calendar date.
    static func date(_ b: ArraySlice<UInt8>) -> String? {
        guard b.count == 6, b.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        let year = 2000 + pair(b, 0)
        let month = pair(b, 2)
        let day = pair(b, 4)
        guard month >= 1, month <= 12, day >= 1 else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let length: Int
        switch month {
        case 2: length = leap ? 29 : 28
        case 4, 6, 9, 11: length = 30
        default: length = 31
        }
        guard day <= length else { return nil }
        let s = b.startIndex
        return "20" + string(b[s..<s + 2]) + "-" + string(b[s + 2..<s + 4]) + "-" + string(b[s + 4..<s + 6])
    }

    /// `HHMM` or `HHMMSS`.
    static func isTime(_ b: ArraySlice<UInt8>) -> Bool {
        guard b.count == 4 || b.count == 6, b.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return false }
        guard pair(b, 0) < 24, pair(b, 2) < 60 else { return false }
        return b.count == 4 || pair(b, 4) < 60
    }

    /// `rate:amount;rate:amount…` (every entry must be well-formed).
    static func rateList(_ b: ArraySlice<UInt8>) -> [TaxRate]? {
        var out: [TaxRate] = []
        for entry in b.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false) {
            let parts = entry.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
            guard parts.count == 2, let rate = DecimalText.parseUnsigned(parts[0]),
                  let amount = DecimalText.parseUnsigned(parts[1]) else { return nil }
            out.append(TaxRate(rate: rate, amount: amount))
        }
        return out.isEmpty ? nil : out
    }

    /// `discount:days;…` with whole days (up to 4 digits).
    static func conditions(_ b: ArraySlice<UInt8>) -> [PaymentCondition]? {
        var out: [PaymentCondition] = []
        for entry in b.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false) {
            let parts = entry.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
            guard parts.count == 2, let discount = DecimalText.parseUnsigned(parts[0]),
                  !parts[1].isEmpty, parts[1].count <= 4, parts[1].allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
            var days = 0
            for c in parts[1] { days = days * 10 + Int(c - 48) }
            out.append(PaymentCondition(discount: discount, days: days))
        }
        return out.isEmpty ? nil : out
    }
}
