import Foundation
import Giro
import Testing
import GiroTestSupport

/// Every route's happy path and its error paths, with the status and the problem code.
@Suite("giro serve routes")
struct RouteTests {
    static let root = RepositoryRoot.url
    static func fixture(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: root.appendingPathComponent(path))) }

    @Test func decodeAnswersTheCLIRecordBytes() async throws {
        let server = try await RunningServer.start()
        defer { Task { await server.stop() } }
        let payload = try Self.fixture("fixtures/samples/swiss-qr-bill.txt")
        let record = try PaymentDecoder().decode(bytes: payload)
        for type in ["text/plain", "application/octet-stream"] {
            let r = try await request(server.port, "POST", "/v1/decode", headers: ["Content-Type": type], body: payload)
            #expect(r.status == 200)
            #expect(r.headers["content-type"] == "application/json")
            #expect(r.headers["giro-format"] == "ch.qr-bill" && r.headers["giro-status"] == record.status.rawValue)
            #expect(r.body == record.jsonBytes() + [0x0A])
        }
        let base64 = #"{"payloadBase64":"\#(Data(payload).base64EncodedString())"}"#
        let viaJSON = try await request(server.port, "POST", "/v1/decode", headers: ["Content-Type": "application/json"], body: Array(base64.utf8))
        #expect(viaJSON.status == 200 && viaJSON.body == record.jsonBytes() + [0x0A])
    }

    @Test func decodeErrorsAreProblems() async throws {
        let server = try await RunningServer.start { $0.maxBodyBytes = 16 * 1024 }
        defer { Task { await server.stop() } }
        let p = server.port
        let bad = try await request(p, "POST", "/v1/decode", headers: ["Content-Type": "application/json"],
                              body: Array(#"{"payload":"BCD\n002\n1\nSCT\n\nX\nDE00"}"#.utf8))
        #expect(bad.status == 422)
        #expect(bad.headers["content-type"] == "application/problem+json")
        #expect(bad.json["code"] as? String == "iban_invalid_length")
        #expect(bad.json["field"] as? String == "creditor.account.iban")
        #expect(bad.json["line"] as? Int == 7)
        #expect(bad.json["offset"] as? Int == 17)
        #expect(bad.json["status"] as? Int == 422)
        #expect((bad.json["error"] as? [String: Any])?["code"] as? String == "iban_invalid_length")
        let unknown = try await request(p, "POST", "/v1/decode", headers: ["Content-Type": "text/plain"], body: Array("hello".utf8))
        #expect(unknown.status == 422 && unknown.json["code"] as? String == "unknown_format")
        let malformed = try await request(p, "POST", "/v1/decode", headers: ["Content-Type": "application/json"], body: Array("{".utf8))
        #expect(malformed.status == 400 && malformed.json["code"] as? String == "malformed_request")
        let both = try await request(p, "POST", "/v1/decode", headers: ["Content-Type": "application/json"],
                               body: Array(#"{"payload":"a","payloadBase64":"YQ=="}"#.utf8))
        #expect(both.status == 400)
        let media = try await request(p, "POST", "/v1/decode", headers: ["Content-Type": "image/gif"], body: Array("<a/>".utf8))
        #expect(media.status == 415 && media.json["code"] as? String == "unsupported_media_type")
        let overEngine = try await request(p, "POST", "/v1/decode", headers: ["Content-Type": "text/plain"], body: [UInt8](repeating: 65, count: 9000))
        #expect(overEngine.status == 413 && overEngine.json["code"] as? String == "payload_too_large")
        let overBody = try await request(p, "POST", "/v1/decode", headers: ["Content-Type": "text/plain"], body: [UInt8](repeating: 65, count: 20000))
        #expect(overBody.status == 413 && overBody.json["code"] as? String == "body_too_large")
        let missing = try await request(p, "GET", "/v1/nothing")
        #expect(missing.status == 404 && missing.json["code"] as? String == "not_found")
    }

    /// Schemathesis's coverage phase sends `maxItems + 1` records: decoding them all before counting spent a slow
    /// machine's time budget (503). The count is refused first, so 10 001 non-records name the count, not record 0.
    @Test func exportCountsRecordsBeforeDecodingThem() async throws {
        let server = try await RunningServer.start()
        defer { Task { await server.stop() } }
        let json = ["Content-Type": "application/json"]
        for count in [0, 10_001] {
            let records = Array(repeating: "{}", count: count).joined(separator: ",")
            let body = #"{"debtorName":"Muster AG","debtorIBAN":"CH9300762011623852957","records":[\#(records)]}"#
            let r = try await request(server.port, "POST", "/v1/export/pain001", headers: json, body: Array(body.utf8))
            #expect(r.status == 422, "\(count) records")
            #expect(r.json["code"] as? String == "export_record_count" && r.json["field"] as? String == "records", "\(count) records")
        }
    }

    @Test func imagesAnswerEverySymbol() async throws {
        let server = try await RunningServer.start()
        defer { Task { await server.stop() } }
        let jpeg = try Self.fixture("fixtures/images/generated/qr-and-pdf417-photo.jpg")
        let raw = try await request(server.port, "POST", "/v1/images", headers: ["Content-Type": "image/jpeg"], body: jpeg)
        #expect(raw.status == 200)
        let symbols = (try JSONSerialization.jsonObject(with: Data(raw.body)) as? [[String: Any]]) ?? []
        #expect(symbols.contains { $0["kind"] as? String == "payment" })
        let boundary = "giro-test-boundary"
        let multipart = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"image\"; filename=\"slip.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8)
            + jpeg + Array("\r\n--\(boundary)--\r\n".utf8)
        let form = try await request(server.port, "POST", "/v1/images", headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)"], body: multipart)
        #expect(form.status == 200 && form.body == raw.body)
        let notImage = try await request(server.port, "POST", "/v1/images", headers: ["Content-Type": "image/png"], body: Array("not an image".utf8))
        #expect(notImage.status == 415 && notImage.json["code"] as? String == "image_format_unsupported")
        let small = try await RunningServer.start { $0.maxImagePixels = 1000 }
        defer { Task { await small.stop() } }
        let tooBig = try await request(small.port, "POST", "/v1/images", headers: ["Content-Type": "image/jpeg"], body: jpeg)
        #expect(tooBig.status == 413 && tooBig.json["code"] as? String == "image_too_large")
    }

    /// A printed slip without a barcode: the service reads its print (OCR) as `giro decode IMAGE` does, unless
    /// configured off.
    @Test func imagesReadPrintedSlips() async throws {
        let server = try await RunningServer.start()
        defer { Task { await server.stop() } }
        let png = try Self.fixture("fixtures/slips/samples/hr.hub-3a-water-bill-scan.png")
        let r = try await request(server.port, "POST", "/v1/images", headers: ["Content-Type": "image/png"], body: png)
        #expect(r.status == 200)
        let found = (try JSONSerialization.jsonObject(with: Data(r.body)) as? [[String: Any]]) ?? []
        try #require(found.count == 1)
        #expect(found[0]["kind"] as? String == "slip" && found[0]["slipClass"] as? String == "hr.hub-3a")
        let record = found[0]["record"] as? [String: Any]
        #expect((record?["amount"] as? [String: Any])?["value"] as? String == "1234.50")
        #expect((record?["source"] as? [String: Any])?["kind"] as? String == "slip")
        let off = try await RunningServer.start { $0.slips = nil }
        defer { Task { await off.stop() } }
        let none = try await request(off.port, "POST", "/v1/images", headers: ["Content-Type": "image/png"], body: png)
        #expect(none.status == 200 && none.body == Array("[]\n".utf8))
    }

    @Test func parseAndCheckAndFormats() async throws {
        let server = try await RunningServer.start()
        defer { Task { await server.stop() } }
        let p = server.port
        let text = Array("IBAN HR1210010051863000160 iznos 125,00 EUR".utf8)
        let parsed = try await request(p, "POST", "/v1/parse?country=HR", headers: ["Content-Type": "text/plain"], body: text)
        #expect(parsed.status == 200 && parsed.json["schema"] as? Int == 1)
        #expect(!((parsed.json["candidates"] as? [Any]) ?? []).isEmpty)
        let badParser = try await request(p, "POST", "/v1/parse?parsers=nope", headers: ["Content-Type": "text/plain"], body: text)
        #expect(badParser.status == 400)
        // Off the documented pattern (schemathesis found a tab accepted): blanks, empty names, doubled commas.
        for query in ["%09", "iban,,amount", "iban,%20amount", ","] {
            let off = try await request(p, "POST", "/v1/parse?parsers=\(query)", headers: ["Content-Type": "text/plain"], body: text)
            #expect(off.status == 400, "parsers=\(query)")
        }
        let two = try await request(p, "POST", "/v1/parse?parsers=iban,amount", headers: ["Content-Type": "text/plain"], body: text)
        #expect(two.status == 200)
        // National parsers: the country's only, each candidate naming its country; a national type by name.
        let slip = Array("Verwendungszweck 1OO8 4545 6115 8\nBefizetőazonosító: 9876543217".utf8)
        let german = try await request(p, "POST", "/v1/parse?country=DE", headers: ["Content-Type": "text/plain"], body: slip)
        let types = ((german.json["candidates"] as? [[String: Any]]) ?? []).map { ($0["type"] as? String ?? "", ($0["fields"] as? [String: String])?["country"]) }
        #expect(german.status == 200 && types.map(\.0) == ["de.bzue"] && types.first?.1 == "DE", "\(types)")
        let named = try await request(p, "POST", "/v1/parse?parsers=hu.befizetoazonosito", headers: ["Content-Type": "text/plain"], body: slip)
        #expect(named.status == 200 && ((named.json["candidates"] as? [[String: Any]]) ?? []).map { $0["type"] as? String } == ["hu.befizetoazonosito"])
        let check = try await request(p, "POST", "/v1/check/iban", headers: ["Content-Type": "application/json"],
                                body: Array(#"{"values":["GB82WEST12345698765432","GB00"]}"#.utf8))
        #expect(check.status == 200)
        let expected = try JSONSerialization.jsonObject(with: Data(Self.cliJSON([IdentifierCheck.check(IBANIdentifier(), "GB82WEST12345698765432"),
                                                                                  IdentifierCheck.check(IBANIdentifier(), "GB00")])))
        #expect((try JSONSerialization.jsonObject(with: Data(check.body)) as? NSArray) == expected as? NSArray)
        let lines = try await request(p, "POST", "/v1/check/bic", headers: ["Content-Type": "text/plain"], body: Array("DEUTDEFF\nXX\n".utf8))
        #expect(lines.status == 200)
        let unknownKind = try await request(p, "POST", "/v1/check/nope", headers: ["Content-Type": "text/plain"], body: Array("x".utf8))
        #expect(unknownKind.status == 404 && unknownKind.json["code"] as? String == "not_found")
        let empty = try await request(p, "POST", "/v1/check/iban", headers: ["Content-Type": "text/plain"], body: [])
        #expect(empty.status == 400)
        let formats = try await request(p, "GET", "/v1/formats")
        let expectedFormats = try Self.cliJSON(FormatRegistry.descriptors) + [0x0A]
        #expect(formats.status == 200 && formats.body == expectedFormats)
        #expect(try await request(p, "GET", "/healthz").status == 200)
        #expect(try await request(p, "GET", "/readyz").status == 200)
        let metrics = try await request(p, "GET", "/metrics")
        #expect(metrics.status == 200 && metrics.text.contains("giro_http_requests_total"))
        #expect(metrics.text.contains("giro_errors_total{code=\"not_found\"}"))
    }

    static func cliJSON<T: Encodable>(_ value: T) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return [UInt8](try encoder.encode(value))
    }
}
