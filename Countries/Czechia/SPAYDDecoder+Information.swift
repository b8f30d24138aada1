import Foundation
import GiroCore

/// Notification (NT, X-PER), informational texts kept in extras, the message (MSG) and the embedded QR Faktura
/// invoice (X-INV).
extension SPAYDDecoder {
    func checkNotification(_ attributes: SPAYDAttributes) throws(GiroError) {
        if let nt = attributes.present(.nt), !(nt.raw.elementsEqual([0x50]) || nt.raw.elementsEqual([0x45])) {
            throw fail(.fieldInvalid, nt, "NT must be P (phone) or E (e-mail)")
        }
        if let per = attributes.present(.xPer) {
            let days = try digits(per, max: 2)
            guard let n = Int(days), n <= 30 else { throw fail(.fieldInvalid, per, "X-PER must be 0–30 days") }
        }
    }

    mutating func readInformation(_ attributes: SPAYDAttributes, extras: inout [String: String]) {
        for (key, name) in SPAYDKey.extrasNames {
            if let a = attributes.present(key) {
                extras[name] = text(a, max: key.max)
            }
        }
        if let msg = attributes.present(.msg) {
            let message = text(msg, max: 60)
            record.remittanceInformation = message
        }
    }

    mutating func readInvoice(_ attributes: SPAYDAttributes) throws(GiroError) {
        guard let inv = attributes.present(.xInv) else { return }
        let (sid, bad) = ShortDescriptor.percentDecode(inv.raw)
        if bad != nil { warn(.percentEscapeInvalid, inv, "X-INV holds a '%' that is not an escape; kept literally") }
        // The embedded SID's errors carry the payment read so far (a shared copy of this record).
        var sidDecoder = SIDDecoder(format: format, path: "invoice.", baseOffset: inv.offset, record: record)
        sidDecoder.diagnostics = diagnostics
        let invoice = try sidDecoder.invoice(sid)
        diagnostics = sidDecoder.diagnostics
        latin1 = latin1 || sidDecoder.latin1
        record.invoice = invoice
    }
}
