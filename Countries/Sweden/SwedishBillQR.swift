import Foundation
import GiroCore

/// The Swedish bill QR code (UsingQR, "QR-kod för fakturor", Visma's open specification, revision 2 of June 2014):
/// one flat JSON object, `{"uqr":1,"tp":1,"nme":"Test AB","cid":"555555-5555","iref":"52456","ddt":"20130408",
/// "due":5,"pt":"BG","acc":"433-8778"}`. The amount (a JSON number, or a string in some issuers' codes) is read
/// from its text as a `Decimal`; the account is checked by its payment type (bankgiro, PlusGiro, IBAN, Swedish
/// BBAN). See Countries/Sweden/README.md ("Bill QR code").
public struct SwedishBillQR: PaymentFormat {
    public let id = "se.bill-qr"
    public let country: String? = "SE"
    public let name = "Swedish bill QR code (UsingQR)"
    public let symbologies: [Symbology] = [.qr]

    public init() {}

    /// A JSON object with a `"uqr"` key.
    public func matches(_ payload: Payload) -> Bool {
        let b = payload.bytes
        guard b.count <= SwedishBillQRDecoder.maxBytes, let first = b.first(where: { !SwedishCodingLine.isSpace($0) }), first == 0x7B else { return false }
        let key = Array("\"uqr\"".utf8)
        return b.count >= key.count && (0...(b.count - key.count)).contains { b[$0..<($0 + key.count)].elementsEqual(key) }
    }

    public func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        try PayloadLimits.check(payload.bytes, format: id)
        var decoder = SwedishBillQRDecoder(format: id, payload: payload)
        try decoder.decode()
        return (consume decoder).finished()
    }
}
