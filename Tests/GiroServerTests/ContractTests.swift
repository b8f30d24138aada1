import Foundation
import Giro
import GiroServer
import GiroTestSupport
import Testing

/// Sources/GiroServer/openapi.json is the contract: every documented operation and status is produced by the server,
/// nothing undocumented is, and every JSON answer validates against the documented schema.
@Suite("OpenAPI contract", .serialized)
struct ContractTests {
    /// The file, with the registry's check kinds where the file has their placeholder (what `giro serve` serves).
    static let document: [UInt8] = OpenAPIDocument.substituting((try? RouteTests.fixture("Sources/GiroServer/openapi.json")) ?? [])

    @Test func checkKindsAreTheRegistrysKinds() throws {
        let file = try RouteTests.fixture("Sources/GiroServer/openapi.json")
        #expect(String(decoding: file, as: UTF8.self).contains(OpenAPIDocument.placeholder))
        let parameter = try JSONTree.parse(Self.document)["paths"]?["/v1/check/{kind}"]?["post"]?["parameters"]?.array?.first
        let kinds = parameter?["schema"]?["enum"]?.array?.compactMap(\.string) ?? []
        #expect(kinds == CountryRegistry.identifiers.map(\.kind))
    }

    @Test func parserNamesAreTheRegistrysNames() throws {
        let parameter = try JSONTree.parse(Self.document)["paths"]?["/v1/parse"]?["post"]?["parameters"]?.array?.first
        let pattern = try #require(parameter?["schema"]?["pattern"]?.string)
        #expect(!pattern.contains("$"+"GIRO_PARSER_NAMES"))
        let regex = try NSRegularExpression(pattern: pattern)
        func matches(_ s: String) -> Bool { regex.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) != nil }
        for name in ParserGroup.registryNames { #expect(matches(name) && matches("iban," + name), "\(name)") }
        #expect(!matches("nope") && !matches("czxvs") && !matches("iban,,amount"))
    }

    struct Observation: Hashable { var method: String, path: String, status: Int }

    /// One request, checked against the document; returns what was observed.
    static func exercise(_ port: Int, _ method: String, _ template: String, path: String? = nil,
                         headers: [String: String] = [:], body: [UInt8] = [], token: String? = nil) async throws -> Observation {
        var all = headers
        if let token { all["Authorization"] = "Bearer \(token)" }
        let r = try await request(port, method, path ?? template, headers: all, body: body)
        let doc = try JSONTree.parse(document)
        let responses = doc["paths"]?[template]?[method.lowercased()]?["responses"]
        let documented = responses?[String(r.status)]
        #expect(documented != nil, "\(method) \(template) answered undocumented \(r.status): \(r.text.prefix(200))")
        let type = (r.headers["content-type"] ?? "").split(separator: ";").first.map(String.init) ?? ""
        if let content = documented?["content"]?.object {
            #expect(content[type] != nil, "\(method) \(template) \(r.status): content type \(type) not documented")
            let validator = SchemaValidator(document: doc)
            if let schema = content[type]?["schema"], type == "application/json" || type == "application/problem+json" {
                let problems = validator.validate(try JSONTree.parse(r.body), against: schema)
                #expect(problems.isEmpty, "\(method) \(template) \(r.status): \(problems.prefix(5))")
            }
            if let lineSchema = content[type]?["x-line-schema"] {
                for line in r.body.split(separator: 0x0A) {
                    let problems = validator.validate(try JSONTree.parse(Array(line)), against: lineSchema)
                    #expect(problems.isEmpty, "\(method) \(template) line: \(problems.prefix(5))")
                }
            }
        }
        return Observation(method: method, path: template, status: r.status)
    }

    @Test func servedDocumentIsTheRepositoryFile() async throws {
        let server = try await RunningServer.start()
        defer { Task { await server.stop() } }
        #expect(try await request(server.port, "GET", "/openapi.json").body == Self.document)
    }

    @Test func recordSchemasAreTheCLIRecordSchema() throws {
        let record = try JSONTree.parse(try RouteTests.fixture("docs/record.schema.json"))
        let rewritten = try JSONTree.parse(Array(String(decoding: try RouteTests.fixture("docs/record.schema.json"), as: UTF8.self)
            .replacingOccurrences(of: "#/$defs/", with: "#/components/schemas/").utf8))
        let schemas = try JSONTree.parse(Self.document)["components"]?["schemas"]?.object ?? [:]
        for (name, _) in record["$defs"]?.object ?? [:] {
            #expect(schemas[name] == rewritten["$defs"]?[name], "components/schemas/\(name) differs from docs/record.schema.json")
        }
    }

    @Test func everyDocumentedStatusIsProducedAndValid() async throws {
        var seen: Set<Observation> = []
        let png = Array(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==") ?? Data())
        let jpeg = try RouteTests.fixture("fixtures/images/generated/qr-and-pdf417-photo.jpg")
        let swiss = try RouteTests.fixture("fixtures/samples/swiss-qr-bill.txt")
        let huge = [UInt8](repeating: 0x41, count: 5 * 1024 * 1024)
        let xml = ["Content-Type": "application/xml"]
        let text = ["Content-Type": "text/plain"]

        let server = try await RunningServer.start { $0.maxBodyBytes = 4 * 1024 * 1024 }
        let p = server.port
        seen.insert(try await Self.exercise(p, "POST", "/v1/decode", headers: text, body: swiss))
        seen.insert(try await Self.exercise(p, "POST", "/v1/decode", headers: ["Content-Type": "application/json"], body: Array("{".utf8)))
        seen.insert(try await Self.exercise(p, "POST", "/v1/decode", headers: text, body: [UInt8](repeating: 0x41, count: 9000)))
        seen.insert(try await Self.exercise(p, "POST", "/v1/decode", headers: ["Content-Type": "image/gif"], body: Array("<a/>".utf8)))
        seen.insert(try await Self.exercise(p, "POST", "/v1/decode", headers: text, body: Array("hello".utf8)))
        seen.insert(try await Self.exercise(p, "POST", "/v1/images", headers: ["Content-Type": "image/jpeg"], body: jpeg))
        seen.insert(try await Self.exercise(p, "POST", "/v1/images", headers: ["Content-Type": "multipart/form-data"], body: jpeg))
        seen.insert(try await Self.exercise(p, "POST", "/v1/images", headers: ["Content-Type": "image/png"], body: huge))
        seen.insert(try await Self.exercise(p, "POST", "/v1/images", headers: ["Content-Type": "image/png"], body: Array("nope".utf8)))
        seen.insert(try await Self.exercise(p, "POST", "/v1/images", headers: ["Content-Type": "image/png"], body: Array(png.prefix(40))))
        let pdf = try RouteTests.fixture("fixtures/documents/epc-consistent.pdf")
        seen.insert(try await Self.exercise(p, "POST", "/v1/documents", headers: ["Content-Type": "application/pdf"], body: pdf))
        seen.insert(try await Self.exercise(p, "POST", "/v1/documents", headers: ["Content-Type": "multipart/form-data"], body: pdf))
        seen.insert(try await Self.exercise(p, "POST", "/v1/documents", headers: ["Content-Type": "application/pdf"], body: huge))
        seen.insert(try await Self.exercise(p, "POST", "/v1/documents", headers: text, body: pdf))
        seen.insert(try await Self.exercise(p, "POST", "/v1/documents", headers: ["Content-Type": "application/pdf"], body: Array(pdf.prefix(pdf.count / 2))))
        seen.insert(try await Self.exercise(p, "POST", "/v1/batch", headers: ["Content-Type": "application/x-ndjson"], body: swiss.prefix(3) + [0x0A]))
        seen.insert(try await Self.exercise(p, "POST", "/v1/batch", headers: xml, body: Array("x".utf8)))
        seen.insert(try await Self.exercise(p, "POST", "/v1/batch", path: "/v1/batch?asOf=2026-02-30", headers: text, body: swiss))
        seen.insert(try await Self.exercise(p, "POST", "/v1/decode", path: "/v1/decode?asOf=2026-11-13", headers: text, body: swiss))
        seen.insert(try await Self.exercise(p, "POST", "/v1/parse", headers: text, body: Array("IBAN HR1210010051863000160".utf8)))
        seen.insert(try await Self.exercise(p, "POST", "/v1/parse", path: "/v1/parse?parsers=nope", headers: text, body: Array("x".utf8)))
        seen.insert(try await Self.exercise(p, "POST", "/v1/parse", headers: text, body: huge))
        seen.insert(try await Self.exercise(p, "POST", "/v1/parse", headers: xml, body: Array("x".utf8)))
        seen.insert(try await Self.exercise(p, "POST", "/v1/check/{kind}", path: "/v1/check/iban", headers: text, body: Array("GB82WEST12345698765432".utf8)))
        seen.insert(try await Self.exercise(p, "POST", "/v1/check/{kind}", path: "/v1/check/iban", headers: text))
        seen.insert(try await Self.exercise(p, "POST", "/v1/check/{kind}", path: "/v1/check/nope", headers: text, body: Array("x".utf8)))
        seen.insert(try await Self.exercise(p, "POST", "/v1/check/{kind}", path: "/v1/check/iban?algorithm=MOD10V05", headers: text, body: Array("x".utf8)))
        seen.insert(try await Self.exercise(p, "POST", "/v1/check/{kind}", path: "/v1/check/iban", headers: text, body: huge))
        seen.insert(try await Self.exercise(p, "POST", "/v1/check/{kind}", path: "/v1/check/iban", headers: xml, body: Array("x".utf8)))
        // Records out: pain.001 and encode take a record as /v1/decode answers it.
        let record = String(decoding: try PaymentDecoder().decode(bytes: swiss).jsonBytes(), as: UTF8.self)
        let json = ["Content-Type": "application/json"]
        let export = { (flavor: String) in Array(#"{"debtorName":"Muster AG","debtorIBAN":"CH9300762011623852957","flavor":"\#(flavor)","records":[\#(record)]}"#.utf8) }
        seen.insert(try await Self.exercise(p, "POST", "/v1/export/pain001", headers: json, body: export("ch")))
        seen.insert(try await Self.exercise(p, "POST", "/v1/export/pain001", headers: json, body: export("sepa")))
        seen.insert(try await Self.exercise(p, "POST", "/v1/export/pain001", headers: json, body: Array("{".utf8)))
        seen.insert(try await Self.exercise(p, "POST", "/v1/export/pain001", headers: json, body: huge))
        seen.insert(try await Self.exercise(p, "POST", "/v1/export/pain001", headers: xml, body: Array("x".utf8)))
        seen.insert(try await Self.exercise(p, "POST", "/v1/encode", path: "/v1/encode?as=ch.qr-bill", headers: json, body: Array(record.utf8)))
        seen.insert(try await Self.exercise(p, "POST", "/v1/encode", path: "/v1/encode?as=xx.nothing", headers: json, body: Array(record.utf8)))
        seen.insert(try await Self.exercise(p, "POST", "/v1/encode", headers: json, body: Array(record.utf8)))
        seen.insert(try await Self.exercise(p, "POST", "/v1/encode", path: "/v1/encode?as=ch.qr-bill", headers: json, body: huge))
        seen.insert(try await Self.exercise(p, "POST", "/v1/encode", path: "/v1/encode?as=ch.qr-bill", headers: xml, body: Array("x".utf8)))
        for path in ["/v1/formats", "/healthz", "/readyz", "/openapi.json", "/metrics"] {
            seen.insert(try await Self.exercise(p, "GET", path))
        }
        server.service.drain.startDraining()
        let gated: [(String, String, String)] = [("POST", "/v1/decode", "/v1/decode"), ("POST", "/v1/images", "/v1/images"),
                                                 ("POST", "/v1/documents", "/v1/documents"),
                                                 ("POST", "/v1/batch", "/v1/batch"), ("POST", "/v1/parse", "/v1/parse"),
                                                 ("POST", "/v1/check/{kind}", "/v1/check/iban"), ("GET", "/v1/formats", "/v1/formats"),
                                                 ("POST", "/v1/export/pain001", "/v1/export/pain001"), ("POST", "/v1/encode", "/v1/encode?as=ch.qr-bill")]
        for (method, template, path) in gated {
            seen.insert(try await Self.exercise(p, method, template, path: path, headers: text, body: method == "POST" ? Array("x".utf8) : []))
        }
        seen.insert(try await Self.exercise(p, "GET", "/readyz"))
        await server.stop()

        let guarded = try await RunningServer.start { $0.bearerToken = "t0ken"; $0.maxConcurrent = 1; $0.maxQueue = 0 }
        for (method, template, path) in gated {
            seen.insert(try await Self.exercise(guarded.port, method, template, path: path, headers: text, body: method == "POST" ? Array("x".utf8) : []))
        }
        seen.insert(try await Self.exercise(guarded.port, "GET", "/metrics"))
        let (_, finish) = try LimitTests.slowDecode(guarded.port, token: "t0ken")
        try await guarded.waitUntilInFlight(1)
        for (method, template, path) in gated {
            seen.insert(try await Self.exercise(guarded.port, method, template, path: path, headers: text,
                                          body: method == "POST" ? Array("x".utf8) : [], token: "t0ken"))
        }
        _ = try await finish()
        await guarded.stop()

        let doc = try JSONTree.parse(Self.document)
        var documented: Set<Observation> = []
        for (path, item) in doc["paths"]?.object ?? [:] {
            for (method, operation) in item.object ?? [:] {
                for status in operation["responses"]?.object?.keys ?? [:].keys {
                    documented.insert(Observation(method: method.uppercased(), path: path, status: Int(status) ?? 0))
                }
            }
        }
        let missing = documented.subtracting(seen).sorted { "\($0)" < "\($1)" }
        let extra = seen.subtracting(documented).sorted { "\($0)" < "\($1)" }
        #expect(missing.isEmpty, "documented but never produced: \(missing)")
        #expect(extra.isEmpty, "produced but not documented: \(extra)")
    }
}
