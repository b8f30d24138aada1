import Foundation
import GiroCore

/// Hungarian MNB instant-payment QR code (`HCT` credit transfer, `RTP` request to pay), version 001.
///
/// HCT fills `creditor` (the payee); RTP fills `debtor` (the payer who asks to be charged).
/// See `Countries/Hungary/README.md` for the rules, tolerances and `extras` keys.
public struct HungarianMNBQR: PaymentFormatEncoder {
    public let id = "hu.mnb-qr"
    public let country: String? = "HU"
    public let name = "Hungarian MNB QR code (HCT/RTP 001)"
    public let symbologies: [Symbology] = [.qr]

    /// The clock the validity is compared with (tests pin it).
    let now: @Sendable () -> Date

    public init() { now = { Date() } }
    init(now: @escaping @Sendable () -> Date) { self.now = now }

    public func matches(_ payload: Payload) -> Bool {
        payload.hasPrefix("HCT\n") || payload.hasPrefix("RTP\n") || payload.hasPrefix("HCT\r\n") || payload.hasPrefix("RTP\r\n")
    }

    public func decode(_ payload: Payload) throws(GiroError) -> PaymentRecord {
        try PayloadLimits.check(payload.bytes, format: id)
        var decoder = MNBDecoder(format: id, now: now(), payload: payload)
        return try decoder.decode(payload)
    }

    public func encode(_ record: PaymentRecord) throws(GiroError) -> [UInt8] {
        try MNBEncoder(format: id).encode(record, check: self)
    }
}
