import Foundation
import GiroCore

/// Writes a record as a canonical SPC payload: LF separators, no separator after the last element,
/// optional trailing elements (bill information, alternative schemes) omitted when empty.
///
/// The version is the record's `formatVersion` when it is `02xx`, else `0200`. The reference type
/// is `QRR` for `qrr`, `SCOR` for `rf`, `NON` when there is no reference. The currency comes from
/// `amount`, or from `extras["ch.currency"]` for an open amount. Bill information is written from `raw`
/// (or, when `raw` is empty and the syntax is `S1`, encoded from the structured fields). The result
/// is decoded again before it is returned, so `encode` never hands out a payload Giro would reject.
struct SPCEncoder {
    let format: String

    func fail(_ code: ErrorCode, field: String, _ message: String) -> GiroError {
        GiroError(code, field: field, format: format, message)
    }

    func encode(_ record: PaymentRecord) throws(GiroError) -> [UInt8] {
        var out: [String] = []
        out.reserveCapacity(34)
        var version = "0200"
        if let v = record.formatVersion {
            let u = Array(v.utf8)
            guard u.count == 4, u[0] == 48, u[1] == 50, u.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
                throw fail(.versionUnsupported, field: "version", "SPC version must be 02xx, found \(v)")
            }
            version = v
        }
        out += ["SPC", version, "1"]
        guard let iban = record.creditor?.account?.iban, !iban.isEmpty else {
            throw fail(.fieldMissing, field: "creditor.account.iban", "the creditor IBAN is mandatory")
        }
        out.append(iban)
        guard let creditor = record.creditor else {
            throw fail(.fieldMissing, field: "creditor", "the creditor is mandatory")
        }
        out += try party(creditor, path: "creditor")
        out += try record.ultimateCreditor.map { p throws(GiroError) in try party(p, path: "ultimateCreditor") }
            ?? Array(repeating: "", count: 7)

        if let amount = record.amount {
            out.append(try amountText(amount.value))
            out.append(amount.currency)
        } else {
            out.append("")
            guard let currency = record.extras[SPCExtrasKey.currency] else {
                throw fail(.fieldMissing, field: "amount.currency", "an open amount needs extras[\"currency\"] (CHF or EUR)")
            }
            out.append(currency)
        }
        out += try record.debtor.map { p throws(GiroError) in try party(p, path: "debtor") } ?? Array(repeating: "", count: 7)

        if let reference = record.reference {
            switch reference.type {
            case .qrReference: out.append("QRR")
            case .creditorReference: out.append("SCOR")
            default:
                throw fail(.referenceTypeInvalid, field: "reference.type",
                           "a QR-bill carries QR references (qrr) or creditor references (rf) only")
            }
            out.append(reference.value)
        } else {
            out += ["NON", ""]
        }
        out.append(record.remittanceInformation ?? "")
        out.append("EPD")

        var bill = record.billInformation?.raw ?? ""
        if bill.isEmpty, let info = record.billInformation, info.syntax == "S1" {
            bill = SwicoS1Encoder.encode(info)
        }
        guard record.alternativeSchemes.count <= SPCLayout.maxAlternativeSchemes else {
            throw fail(.tooManyAlternativeSchemes, field: "alternativeSchemes[2]", "a QR-bill carries at most two alternative schemes")
        }
        if !bill.isEmpty || !record.alternativeSchemes.isEmpty {
            out.append(bill)
            out += record.alternativeSchemes
        }

        var bytes: [UInt8] = []
        bytes.reserveCapacity(out.reduce(0) { $0 + $1.utf8.count + 1 })
        for (i, field) in out.enumerated() {
            if field.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
                throw fail(.fieldInvalid, field: "payload", "element \(i + 1) contains a line break")
            }
            if i > 0 { bytes.append(0x0A) }
            bytes += field.utf8
        }
        // The encoder's output must decode: reuse the decoder as the validator.
        _ = try SwissQRBill().decode(Payload(bytes: bytes))
        return bytes
    }

    func party(_ p: Party, path: String) throws(GiroError) -> [String] {
        let a = p.address ?? Address()
        let name = p.name ?? ""
        if !a.lines.isEmpty {
            guard a.lines.count <= 2 else {
                throw fail(.addressInvalid, field: "\(path).address.lines", "a combined (K) address has at most two lines")
            }
            let first = a.lines.count == 2 ? a.lines[0] : ""
            let second = a.lines[a.lines.count - 1]
            return ["K", name, first, second, "", "", a.country ?? ""]
        }
        return ["S", name, a.street ?? "", a.buildingNumber ?? "", a.postalCode ?? "", a.town ?? "", a.country ?? ""]
    }

    func amountText(_ value: Decimal) throws(GiroError) -> String {
        guard value >= 0, value <= Decimal(string: "999999999.99") ?? 0 else {
            throw fail(.amountOutOfRange, field: "amount", "the amount must be 0.00–999999999.99")
        }
        let text = DecimalText.format(value, minimumFractionDigits: 2)
        guard let point = text.utf8.firstIndex(of: UInt8(ascii: ".")),
              text.utf8.distance(from: point, to: text.utf8.endIndex) == 3 else {
            throw fail(.amountInvalid, field: "amount", "the amount has more than two decimals")
        }
        return text
    }
}
