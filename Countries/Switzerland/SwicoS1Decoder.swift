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
        let bytes = Array(text.utf8)
        let prefix: [UInt8] = Array("//S1".utf8)
        guard bytes.count >= 4, bytes[0..<4].elementsEqual(prefix) else { return [notS1(at: 0)] }
        if bytes.count == 4 { return [] }
        guard bytes[4] == UInt8(ascii: "/") else { return [notS1(at: 4)] }

        var (buffer, elements, problems) = split(bytes, from: 5)
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
            read(tagNumber, tag: tag, value: value, at: valueOffset, into: &info, problems: &problems)
        }
        return problems
    }

    static func notS1(at offset: Int) -> Problem {
        Problem(code: .billInformationInvalid, field: "billInformation", offset: offset, message: "Swico S1 text must start with //S1/")
    }
}
