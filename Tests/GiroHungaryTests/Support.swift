import Foundation
import GiroTestSupport
import GiroCore
@testable import GiroHungary
import Testing

/// Builds MNB QR payloads field by field and decodes them with a pinned clock (2024-06-01 12:00 UTC).
enum MNB: PluginTestHelpers {
    static let now = Date(timeIntervalSince1970: 1_717_243_200)
    static let format = HungarianMNBQR(now: { now })
    static let iban = "HU42117730161111101800000000"

    static let base: [String] = [
        "HCT", "001", "1", "OTPVHUHBXXX", "Példa Kft.", iban, "HUF1500", "20991231235959+1", "", "Számla 2024/1",
        "", "", "", "", "", "", "",
    ]

    static func with(_ changes: [Int: String]) -> [String] {
        var f = base
        for (i, v) in changes { f[i] = v }
        return f
    }

    static func text(_ fields: [String], separator: String = "\n", final: Bool = true) -> String {
        fields.joined(separator: separator) + (final ? separator : "")
    }


    static let kit = PluginFixtures(format, directory: "hu.mnb-qr")
}
