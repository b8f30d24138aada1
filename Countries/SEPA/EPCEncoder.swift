import Foundation
import GiroCore

/// Record → canonical EPC payload (used for round-trip tests and generators).
///
/// Canonical form: LF separators (CRLF when `extras["sepa.lineSeparator"]` is `CRLF`), no separator after
/// the last populated element, IBAN/BIC compact, amount `EUR` + two decimals, Belgian OGM in its
/// `+++ddd/dddd/ddddd+++` form. Version `001` is kept only when a BIC is present (else `002`).
/// The charset is `extras["sepa.charsetCode"]` when every text encodes in it, UTF-8 (`1`) otherwise.
struct EPCEncoder {
    let format: String

    func fail(_ code: ErrorCode, _ n: Int, _ message: String) -> GiroError {
        GiroError(code, field: EPCElement.path(n), line: n, format: format, message)
    }

    func encode(_ record: PaymentRecord) throws(GiroError) -> [UInt8] {
        let account = record.creditor?.account
        // BIC and IBAN, validated.
        var bic = ""
        if let b = account?.bic, !b.isEmpty {
            do { bic = try BIC.validate(Array(b.utf8), field: EPCElement.path(5)) } catch { throw fail(error.code, 5, error.message) }
        }
        guard let ibanText = account?.iban, !ibanText.isEmpty else {
            throw fail(.fieldMissing, 7, "the record has no creditor IBAN")
        }
        let iban: String
        do { iban = try IBAN.validate(Array(ibanText.utf8), field: EPCElement.path(7)).iban.compact } catch {
            throw fail(error.code, 7, error.message)
        }
        guard let name = record.creditor?.name, !name.isEmpty else {
            throw fail(.fieldMissing, 6, "the record has no creditor name")
        }
        let version = record.formatVersion == "001" && !bic.isEmpty ? "001" : "002"
        let identification = record.extras[EPCExtrasKey.identification] == "INST" ? "INST" : "SCT"

        var amount = ""
        if let a = record.amount {
            switch EPCAmount.format(a) {
            case .success(let s): amount = s
            case .failure(let f): throw fail(f.code, 8, f.message)
            }
        }
        var reference = ""
        if let r = record.reference {
            reference = r.type == .belgianStructured ? Mod97Reference.formatted(r.value) : r.value
        }
        let texts: [(Int, String, Int)] = [
            (6, name, EPCElement.maxName),
            (9, record.purpose ?? "", 4),
            (10, reference, EPCElement.maxStructuredReference),
            (11, record.remittanceInformation ?? "", EPCElement.maxUnstructuredRemittance),
            (12, record.extras[EPCExtrasKey.beneficiaryToOriginatorInformation] ?? "", EPCElement.maxBeneficiaryInformation),
        ]
        for (n, text, max) in texts {
            if text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
                throw fail(.fieldInvalid, n, "element \(n) must not contain line breaks")
            }
            if text.count > max { throw fail(.fieldTooLong, n, "element \(n) has more than \(max) characters") }
        }

        // Charset: the record's declared one when everything encodes in it, else UTF-8.
        var charset = Charset.utf8
        if let code = record.extras[EPCExtrasKey.charsetCode], let declared = EPCTextDecoder.declared(Array(code.utf8)[...]),
           texts.allSatisfy({ Self.encode($0.1, declared) != nil }) {
            charset = declared
        }
        let separator: [UInt8] = record.extras[EPCExtrasKey.lineSeparator] == "CRLF" ? [0x0D, 0x0A] : [0x0A]

        var fields: [[UInt8]] = [
            Array("BCD".utf8), Array(version.utf8), [EPCTextDecoder.code(for: charset) ?? UInt8(ascii: "1")],
            Array(identification.utf8), Array(bic.utf8),
            Self.encode(name, charset) ?? [], Array(iban.utf8), Array(amount.utf8),
            Self.encode(texts[1].1, charset) ?? [], Self.encode(reference, charset) ?? [],
            Self.encode(texts[3].1, charset) ?? [], Self.encode(texts[4].1, charset) ?? [],
        ]
        while fields.count > EPCElement.mandatoryCount, fields.last?.isEmpty == true { fields.removeLast() }
        var out: [UInt8] = []
        out.reserveCapacity(fields.reduce(0) { $0 + $1.count + 2 })
        for (i, f) in fields.enumerated() {
            if i > 0 { out += separator }
            out += f
        }
        guard out.count <= EPCElement.maxPayloadBytes else {
            throw GiroError(.payloadTooLarge, field: "payload", format: format,
                            "the encoded payload has \(out.count) bytes; EPC QR codes hold at most \(EPCElement.maxPayloadBytes)")
        }
        return out
    }

    /// Text → bytes in an EPC charset (nil when a character has no code in it).
    static func encode(_ text: String, _ charset: Charset) -> [UInt8]? { charset.encode(text) }
}
