import Foundation
import GiroCore

/// Records as Giro prints them, read back: one record (`giro decode`), an array of them, an object with
/// `records` or `record` (a slip, a service answer), or NDJSON lines of those (`giro batch`, `giro scan`).
/// Lines that carry an `error` are refused, not skipped: a payment run must not lose a payment silently.
public enum RecordInput {
    /// Input bytes accepted (a record is about 1–2 KiB of JSON).
    public static let maximumBytes = 16 << 20

    public static func records(from bytes: [UInt8]) throws(GiroError) -> [PaymentRecord] {
        guard bytes.count <= maximumBytes else {
            throw GiroError(.payloadTooLarge, field: "input", "\(bytes.count) bytes; the limit is \(maximumBytes)")
        }
        var records: [PaymentRecord] = []
        if let whole = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) {
            try collect(whole, line: nil, depth: 0, into: &records)
        } else {
            var lineNumber = 0
            for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                lineNumber += 1
                guard line.contains(where: { $0 != 32 && $0 != 9 && $0 != 13 }) else { continue }
                guard let value = try? JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed]) else {
                    throw GiroError(.inputInvalid, field: "input", line: lineNumber, "line \(lineNumber) is not JSON")
                }
                try collect(value, line: lineNumber, depth: 0, into: &records)
            }
        }
        guard !records.isEmpty else { throw GiroError(.exportRecordCount, field: "input", "no record in the input") }
        return records
    }

    /// Wrappers nest a few levels at most (`{"records": [{"record": …}]}`); deeper input is refused, not recursed into.
    static let maximumDepth = 4

    private static func collect(_ value: Any, line: Int?, depth: Int, into records: inout [PaymentRecord]) throws(GiroError) {
        let at = line.map { "line \($0)" } ?? "the input"
        guard depth <= maximumDepth else {
            throw GiroError(.inputInvalid, field: "input", line: line, "\(at) nests records deeper than \(maximumDepth) levels")
        }
        if let array = value as? [Any] {
            for element in array { try collect(element, line: line, depth: depth + 1, into: &records) }
            return
        }
        guard let object = value as? [String: Any] else {
            throw GiroError(.inputInvalid, field: "input", line: line, "\(at) holds no record object")
        }
        if let nested = object["records"] { return try collect(nested, line: line, depth: depth + 1, into: &records) }
        if let nested = object["record"] { return try collect(nested, line: line, depth: depth + 1, into: &records) }
        if object["error"] != nil {
            throw GiroError(.exportNotATransfer, field: "records[\(records.count)]", line: line, "\(at) is an error, not a record")
        }
        guard records.count < Pain001Export.maximumRecords else {
            throw GiroError(.exportRecordCount, field: "input", "more than \(Pain001Export.maximumRecords) records")
        }
        do {
            let data = try JSONSerialization.data(withJSONObject: object)
            records.append(try JSONDecoder().decode(PaymentRecord.self, from: data))
        } catch {
            throw GiroError(.inputInvalid, field: "records[\(records.count)]", line: line,
                            "\(at) is not a Giro record (schema \(PaymentRecord.schemaVersion)): \(error)")
        }
    }
}
