import Foundation
import GiroTestSupport
import Testing
import Giro

/// Pins public-API promises: Sendable types, the README's library example, the generated registry.
@Suite struct APIContractTests {
    static func requireSendable<T: Sendable>(_: T.Type) {}
    static func requireCodable<T: Codable>(_: T.Type) {}

    @Test func publicTypesAreSendableAndCodable() {
        Self.requireSendable(PaymentDecoder.self)
        Self.requireSendable(BatchDecoder.self)
        Self.requireSendable(PaymentRecord.self)
        Self.requireSendable(GiroError.self)
        Self.requireSendable(Payload.self)
        Self.requireSendable(IBAN.self)
        Self.requireSendable(IdentifierCheck.self)
        Self.requireSendable(EPCQRCode.self)
        Self.requireSendable(SwissQRBill.self)
        Self.requireSendable(CzechSPAYD.self)
        Self.requireSendable(CzechSID.self)
        Self.requireSendable(PayBySquare.self)
        Self.requireSendable(HungarianMNBQR.self)
        Self.requireCodable(Invoice.self)
        Self.requireCodable(StandingOrder.self)
        Self.requireCodable(DirectDebit.self)
        Self.requireCodable(PaymentSymbols.self)
        Self.requireCodable(PaymentRecord.self)
        Self.requireCodable(GiroError.self)
        Self.requireCodable(IdentifierCheck.self)
        Self.requireCodable(FormatDescriptor.self)
        #expect(PaymentRecord.schemaVersion == 2)
    }

    /// The library example of the README, kept compiling and true.
    @Test func readmeLibraryExample() throws {
        let text = try String(contentsOf: Golden.payloadRoot.appendingPathComponent("ch.qr-bill/valid-spc-2-clean.txt"), encoding: .utf8)
        let rawQRBytes = Array(text.utf8)
        let decoder = PaymentDecoder()
        let record = try decoder.decode(bytes: rawQRBytes, symbology: .qr)
        #expect(record.creditor?.account?.iban == "CH4431999123000889012")
        #expect(record.amount?.value == Decimal(string: "1949.75") && record.amount?.currency == "CHF")
        #expect(record.source.symbology == "qr")
        let check = try #require(IdentifierCheck.check(kind: "iban", "GB82 WEST 1234 5698 7654 32"))
        #expect(check.valid && check.formatted == "GB82 WEST 1234 5698 7654 32")
        #expect(try Belgium.structuredCommunication.validate("010.8068.17183").compact == "010806817183")
        #expect(try IBAN("CH44 3199 9123 0008 8901 2").isQRIBAN)
    }

    /// The IBAN table is generated: regenerating it from the registry copy pinned in
    /// `fixtures/iban-registry/registry.md` (provenance there) must not change it.
    @Test func ibanRegistryIsUpToDate() throws {
        let spec = Golden.repoRoot.appendingPathComponent("fixtures/iban-registry/registry.md")
        try #require(FileManager.default.fileExists(atPath: spec.path), "IBAN registry copy missing: nothing at \(spec.path)")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", Golden.repoRoot.appendingPathComponent("scripts/generate-iban-registry.py").path, spec.path]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let committed = try Data(contentsOf: Golden.repoRoot.appendingPathComponent("Sources/GiroCore/Banking/IBANRegistryData.swift"))
        #expect(data == committed, "IBANRegistryData.swift differs from the generator's output; regenerate it")
    }
}
