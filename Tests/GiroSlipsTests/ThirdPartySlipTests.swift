import Foundation
import Giro
import GiroImaging
import GiroSlips
import GiroTestSupport
import Testing

/// Slips drawn by someone else (`fixtures/slips/third-party/`, SOURCE.md there): what Giro reads today from the
/// barcode and from the print, pinned as `giro.json` (`GIRO_RECORD=1` rewrites it), and scored against the
/// picture's truth (`truth.json`, read by eye).
@Suite struct ThirdPartySlipTests {
    static let folder = SlipFixtures.folder.appendingPathComponent("third-party")
    static let cases = ["hr-hub3a-hrvach", "si-upn-media24"]

    /// The fields a reader of the slip must return, in the words of `truth.json`.
    static func fields(_ r: PaymentRecord) -> [String: String] {
        var out: [String: String] = [:]
        out["iban"] = r.creditor?.account?.iban ?? r.creditor?.account?.number
        out["amount"] = r.amount.map { $0.formattedValue }
        out["currency"] = r.amount?.currency
        out["reference"] = r.reference.map { ref in
            guard let model = ref.model, !ref.value.hasPrefix(model) else { return ref.value }
            return model + " " + ref.value
        }
        out["creditor_name"] = r.creditor?.name
        out["debtor_name"] = r.debtor?.name
        return out
    }

    struct Reading: Codable, Equatable {
        var source: String
        var format: String
        var status: String
        var fields: [String: String]
        /// Truth fields (iban, amount, currency, reference, names) read exactly.
        var exact: Int
    }

    static func score(_ f: [String: String], _ truth: [String: String]) -> Int {
        func norm(_ s: String?) -> String? { s.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased() } }
        var n = 0
        for key in ["iban", "amount", "currency", "creditor_name", "debtor_name"] where norm(f[key]) != nil && norm(f[key]) == norm(truth[key]) { n += 1 }
        let ref = truth["reference_model"].map { $0 + " " } ?? ""
        if let r = f["reference"], let t = truth["reference"], norm(r.replacingOccurrences(of: " ", with: "")) == norm((ref + t).replacingOccurrences(of: " ", with: "")) { n += 1 }
        return n
    }

    @Test(arguments: cases)
    func readsAsPinned(_ name: String) throws {
        let dir = Self.folder.appendingPathComponent(name)
        let bytes = [UInt8](try Data(contentsOf: dir.appendingPathComponent("slip.png")))
        let truthJSON = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("truth.json"))) as? [String: Any]
        let truth = (truthJSON?["expected_stated"] as? [String: String]) ?? [:]
        // The barcode, and the print alone (the slip engine on the image, as if the code were unreadable).
        let image = try ImageDecoder().decode(imageBytes: bytes)
        var readings = image.symbols.compactMap(\.record).map {
            Reading(source: "barcode", format: $0.format, status: $0.status.rawValue, fields: Self.fields($0), exact: Self.score(Self.fields($0), truth))
        }
        let slips = try SlipReader.builtIn.read(imageBytes: bytes, engine: TesseractEngine())
        readings += slips.map {
            Reading(source: "print", format: $0.record.format, status: $0.record.status.rawValue,
                    fields: Self.fields($0.record), exact: Self.score(Self.fields($0.record), truth))
        }
        // The print of a slip with a valid IBAN is never "no slip found".
        #expect(!slips.isEmpty)
        let golden = dir.appendingPathComponent("giro.json")
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try e.encode(readings), as: UTF8.self) + "\n"
        if SlipFixtures.recording { try json.write(to: golden, atomically: true, encoding: .utf8) } else {
            #expect(json == (try String(contentsOf: golden, encoding: .utf8)))
        }
    }
}
