import Foundation
import Giro
import GiroTestSupport
import Testing

/// Shared by the pain.001 tests: records decoded from the payload fixtures, fixed options, schema validation.
enum Pain001Support {
    static let root = RepositoryRoot.url
    static let goldenFolder = root.appendingPathComponent("fixtures/iso20022/pain001")
    static let schemaFolder = root.appendingPathComponent("fixtures/iso20022/xsd")
    /// 2026-01-15T10:00:00Z: CreDtTm of every golden.
    static let created = Date(timeIntervalSince1970: 1_768_471_200)

    static func options(_ flavor: Pain001Flavor) -> Pain001Options {
        switch flavor {
        case .sepa:
            return Pain001Options(flavor: .sepa, debtorName: "Giro Test Debtor GmbH", debtorIBAN: "DE89370400440532013000",
                                  debtorBIC: "COBADEFFXXX", messageID: "GIRO-TEST", creationDate: created)
        case .ch:
            return Pain001Options(flavor: .ch, debtorName: "Muster AG", debtorIBAN: "CH9300762011623852957",
                                  messageID: "GIRO-TEST", creationDate: created)
        case .v03:
            return Pain001Options(flavor: .v03, debtorName: "Giro Test d.o.o.", debtorIBAN: "HR1210010051863000160",
                                  messageID: "GIRO-TEST", creationDate: created)
        }
    }

    /// The record a payload fixture (`fixtures/payloads/<path>`) decodes to.
    static func record(_ path: String) throws -> PaymentRecord {
        let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent("fixtures/payloads/" + path)))
        return try PaymentDecoder().decode(bytes: bytes)
    }

    /// `xmllint --noout --schema` (libxml2): nil when the document is valid, else xmllint's complaint.
    static func schemaErrors(_ xml: String, schema: String) throws -> String? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["xmllint", "--noout", "--nonet", "--schema", schemaFolder.appendingPathComponent(schema).path, "-"]
        let input = Pipe(), errors = Pipe()
        p.standardInput = input
        p.standardOutput = FileHandle.nullDevice
        p.standardError = errors
        try p.run()
        BrokenPipes.feed(input.fileHandleForWriting, Data(xml.utf8))
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        if p.terminationStatus == 127 { return "xmllint not found: install libxml2-utils (scripts/install-deps.sh)" }
        return p.terminationStatus == 0 ? nil : String(decoding: message, as: UTF8.self)
    }

    /// The flavours whose official XSD ships under fixtures/iso20022/xsd.
    static func hasSchema(_ flavor: Pain001Flavor) -> Bool {
        FileManager.default.fileExists(atPath: schemaFolder.appendingPathComponent(flavor.schemaFile).path)
    }
}
