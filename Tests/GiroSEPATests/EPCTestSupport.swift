import Testing
import GiroCore
import GiroTestSupport
@testable import GiroSEPA

/// Shared helpers (the plug-in test kit's, plus payloads built from element lists so each test shows only
/// what it varies).
enum EPC: PluginTestHelpers {
    static let format = EPCQRCode()
    static let kit = PluginFixtures(format, directory: "sepa.epc-qr")

    /// A valid v002 payload (DE IBAN, BIC, amount, RF reference) — every test starts from here.
    static let base: [String] = [
        "BCD", "002", "1", "SCT", "BHBLDEHHXXX", "Franz Mustermann", "DE71110220330123456789",
        "EUR12.30", "GDDS", "RF18539007547034",
    ]

    /// `base` with elements replaced (1-based element number → text); extra numbers append.
    static func elements(_ changes: [Int: String] = [:], count: Int? = nil) -> [String] {
        var e = base
        let n = max(count ?? e.count, changes.keys.max() ?? 0)
        while e.count < n { e.append("") }
        for (k, v) in changes { e[k - 1] = v }
        if let count { e = Array(e.prefix(count)) }
        return e
    }

    static func payload(_ elements: [String], separator: String = "\n") -> [UInt8] {
        Array(elements.joined(separator: separator).utf8)
    }

    static func decode(_ bytes: [UInt8]) throws(GiroError) -> PaymentRecord {
        try kit.decode(bytes).get()
    }

    static func decode(_ text: String) throws(GiroError) -> PaymentRecord {
        try decode(Array(text.utf8))
    }

    static func decode(_ elements: [String]) throws(GiroError) -> PaymentRecord {
        try decode(payload(elements))
    }

    /// The error a payload is rejected with, or nil when it decodes.
    static func error(_ bytes: [UInt8]) -> GiroError? { kit.decodeError(bytes) }

    static func error(_ elements: [String]) -> GiroError? { error(payload(elements)) }

    static func codes(_ r: PaymentRecord) -> [String] { kit.warningCodes(r) }
}

extension PaymentRecord {
    /// Record without what the round trip may legitimately change.
    var comparable: PaymentRecord {
        var r = GiroTestSupport.comparable(self)
        r.extras[EPCExtrasKey.lineSeparator] = nil
        return r
    }
}
