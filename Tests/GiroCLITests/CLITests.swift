import Foundation
import Testing
import Giro
import GiroTestSupport

/// Written by one thread, read after it finished (guarded by a DispatchGroup wait).
final class DataBox: @unchecked Sendable { var data = Data() }

/// End-to-end: the built `giro` executable, as a user or a pipeline runs it.
@Suite struct CLITests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `giro` executable built beside the tests (one list of places, shared with `ServeProcess`).
    static var giroURL: URL? { ServeProcess.giroURL }

    func giro(_ args: [String], stdin: Data? = nil) throws -> Run {
        let url = try #require(Self.giroURL, "the giro executable was not built next to the tests")
        let p = Process()
        p.executableURL = url
        p.arguments = args
        let out = Pipe(), err = Pipe(), inp = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = inp
        try p.run()
        // Feed stdin and drain stderr on their own threads: a streaming tool may write output before it
        // has read all its input, so doing these in sequence could deadlock on full pipes.
        let writer = inp.fileHandleForWriting
        let feeding = DispatchGroup()
        DispatchQueue.global().async(group: feeding) { BrokenPipes.feed(writer, stdin) }
        let errBox = DataBox()
        let errHandle = err.fileHandleForReading
        DispatchQueue.global().async(group: feeding) { errBox.data = errHandle.readDataToEndOfFile() }
        let o = out.fileHandleForReading.readDataToEndOfFile()
        feeding.wait()
        let e = errBox.data
        p.waitUntilExit()
        return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    static let spc = Golden.payloadRoot.appendingPathComponent("ch.qr-bill/valid-spc-1.txt").path
    static let epc = Golden.payloadRoot.appendingPathComponent("sepa.epc-qr/valid-epc-4.txt").path

    @Test func decodeValidFileExitsZeroWithRecord() throws {
        let r = try giro(["decode", "--file", Self.spc, "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let record = try JSONDecoder().decode(PaymentRecord.self, from: Data(r.stdout.utf8))
        #expect(record.format == "ch.qr-bill" && record.status == .valid)
        #expect(record.amount?.formattedValue == "3949.75")
    }

    @Test func decodeFromStdinAndArgument() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.epc))
        let viaStdin = try giro(["decode", "-"], stdin: bytes)
        #expect(viaStdin.status == 0, "\(viaStdin.stderr)")
        let viaArg = try giro(["decode", String(decoding: bytes, as: UTF8.self), "--format", "json"])
        #expect(viaArg.status == 0)
        #expect(try JSONDecoder().decode(PaymentRecord.self, from: Data(viaArg.stdout.utf8)).format == "sepa.epc-qr")
    }

    @Test func decodeInvalidExits65WithJSONError() throws {
        let r = try giro(["decode", "--format", "json", "SPC\n0200\n1\nCH4431999123000889013"])
        #expect(r.status == 65)
        let obj = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let error = try #require(obj?["error"] as? [String: Any])
        #expect(error["code"] as? String != nil && error["field"] as? String != nil)
        #expect(r.stderr.hasPrefix("giro decode: "))
        let unknown = try giro(["decode", "hello"])
        #expect(unknown.status == 65 && unknown.stdout.contains("unknown_format"))
    }

    @Test func uncertainRecordExitsTwo() throws {
        // Version 002 without a BIC for a non-EEA (Swiss) IBAN: decoded, but the BIC the payment needs is missing.
        let r = try giro(["decode", "--format", "json", "BCD\n002\n1\nSCT\n\nName\nCH5800791123000889012\nEUR1.00"])
        #expect(r.status == 2, "\(r.stdout)")
        let record = try JSONDecoder().decode(PaymentRecord.self, from: Data(r.stdout.utf8))
        #expect(record.status == .uncertain && record.warnings.contains { $0.code == .bicMissing })
    }

    @Test func noInputAndUsageExitCodes() throws {
        #expect(try giro(["decode", "--file", "/nonexistent/slip.txt"]).status == 66)
        #expect(try giro(["decode", "-"], stdin: Data()).status == 66)
        #expect(try giro(["decode", "--format", "yaml", "x"]).status == 64)
        #expect(try giro(["batch", "--jobs", "0"]).status == 64)
        #expect(try giro(["frobnicate"]).status == 64)
    }

    @Test func textOutput() throws {
        let r = try giro(["decode", "--file", Self.spc, "--format", "text"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("CH58 0079 1123 0008 8901 2") && r.stdout.contains("3949.75 CHF"))
    }

    @Test func batchKeepsOrderAndSurvivesBrokenLines() throws {
        let spc = try String(contentsOfFile: Self.spc, encoding: .utf8)
        let epcBytes = try Data(contentsOf: URL(fileURLWithPath: Self.epc))
        func jsonString(_ s: String) -> String { (try? JSONEncoder().encode(s)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\"" }
        var lines: [String] = []
        for i in 0..<300 {
            switch i % 6 {
            case 0: lines.append(#"{"id":"s\#(i)","payload":\#(jsonString(spc))}"#)
            case 1: lines.append(#"{"id":\#(i),"payloadBase64":"\#(epcBytes.base64EncodedString())"}"#)
            case 2: lines.append(#"{"id":"broken\#(i)","payload": "#)            // malformed JSON
            case 3: lines.append("")                                             // blank line
            case 4: lines.append("not a payment at all")                         // plain text
            default: lines.append(#"{"id":"b64-\#(i)","payloadBase64":"%%%"}"#)  // bad base64
            }
        }
        let input = Data((lines.joined(separator: "\n") + "\n").utf8)
        let r = try giro(["batch", "--jobs", "2"], stdin: input)
        #expect(r.status == 0, "\(r.stderr)")
        let out = r.stdout.split(separator: "\n")
        #expect(out.count == lines.count)
        for (i, line) in out.enumerated() {
            let obj = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(obj["line"] as? Int == i + 1)
            let hasRecord = obj["record"] != nil
            #expect(hasRecord == (i % 6 == 0 || i % 6 == 1), "line \(i + 1): \(line.prefix(120))")
        }
        #expect(r.stderr.contains("300 lines, 100 records, 200 errors"))
        let strict = try giro(["batch", "--strict"], stdin: Data("junk\n".utf8))
        #expect(strict.status == 65)
    }

    @Test func batchSurvivesOverlongLinesAndLargeInputs() throws {
        let spc = try String(contentsOfFile: Self.spc, encoding: .utf8)
        let payload = String(decoding: try JSONEncoder().encode(spc), as: UTF8.self)
        var text = String(repeating: "x", count: 200_000) + "\n"                 // over the 64 KiB line limit
        text += (0..<5000).map { #"{"id":\#($0),"payload":\#(payload)}"# }.joined(separator: "\n")  // several MB
        text += "\n" + String(repeating: "y", count: 70_000)                      // overlong last line, no newline
        let r = try giro(["batch", "-j", "2"], stdin: Data(text.utf8))
        #expect(r.status == 0)
        let out = r.stdout.split(separator: "\n")
        #expect(out.count == 5002)
        #expect(out.first?.contains("payload_too_large") == true && out.last?.contains("payload_too_large") == true)
        #expect(out.dropFirst().dropLast().allSatisfy { $0.contains(#""record":{"#) })
        #expect(r.stderr.contains("5002 lines, 5000 records, 2 errors"))
    }

    @Test func batchJobsGiveIdenticalOutput() throws {
        let spc = try String(contentsOfFile: Self.spc, encoding: .utf8)
        let payload = String(decoding: try JSONEncoder().encode(spc), as: UTF8.self)
        let input = Data((0..<500).map { #"{"id":\#($0),"payload":\#(payload)}"# }.joined(separator: "\n").utf8)
        let one = try giro(["batch", "-j", "1"], stdin: input)
        let two = try giro(["batch", "-j", "2"], stdin: input)
        #expect(one.status == 0 && two.status == 0)
        #expect(one.stdout == two.stdout && !one.stdout.isEmpty)
    }

    @Test func checkAndFormats() throws {
        let ok = try giro(["check", "iban", "GB82 WEST 1234 5698 7654 32", "CH4431999123000889012"])
        #expect(ok.status == 0 && ok.stdout.contains("valid"))
        let bad = try giro(["check", "rf", "RF17 5390 0754 7034", "--json"])
        #expect(bad.status == 65 && bad.stdout.contains("reference_invalid_checksum"))
        #expect(try giro(["check", "qrr", "210000000003139471430009017"]).status == 0)
        #expect(try giro(["check", "bic", "AGRIFRPP8"]).status == 65)
        let formats = try giro(["formats"])
        #expect(formats.status == 0 && formats.stdout.contains("ch.qr-bill") && formats.stdout.contains("sepa.epc-qr"))
        // Columns are as wide as their longest cell, so compare rows with the padding collapsed.
        let rows = Set(formats.stdout.split(separator: "\n").map { $0.split(separator: " ").prefix(3).joined(separator: " ") })
        for row in ["cz.spayd CZ qr", "cz.sid CZ qr", "sk.pay-by-square SK qr", "hu.mnb-qr HU qr",
                    "gb.pay-by-bank GB qr", "at.eps AT qr", "de.bezahlcode DE qr"] {
            #expect(rows.contains(row), "giro formats lacks \(row)")
        }
    }
}
