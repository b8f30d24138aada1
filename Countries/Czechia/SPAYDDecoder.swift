import Foundation
import GiroCore

/// Decodes `SPD*` (payment or standing order) and `SCD*` (direct-debit consent) descriptors, filling ``record``
/// as the attributes are read. One extension per concern: the attributes and the CRC
/// (`SPAYDDecoder+Attributes`), accounts, amount and symbols (`+Payment`), dates and recurrence (`+Schedule`),
/// texts and the embedded invoice (`+Information`).
struct SPAYDDecoder: DescriptorDecoding {
    let format: String
    let path = ""
    var diagnostics: [Diagnostic] = []
    var record: PaymentRecord
    var latin1 = false

    /// SPAYD 1.0–1.2 are defined (ČBA).
    static let knownMinor = 2

    init(format: String, payload: Payload) {
        self.format = format
        record = PaymentRecord(format: format, country: "CZ", formatVersion: nil,
                               source: SourceInfo(kind: payload.kind, symbology: payload.symbology?.rawValue, charset: "UTF-8"))
    }

    /// Reads the descriptor into ``record``; the caller ends with ``finished()`` on the consumed decoder.
    /// The steps run in the order of the record's diagnostics and of the partial record a rejection carries.
    mutating func decode(_ payload: Payload) throws(GiroError) {
        let (d, start) = try descriptor(payload)
        record.formatVersion = d.version
        // Extras are gathered here and attached once the payment fields are read (each write through the
        // record costs an access check); a rejection's partial record has the fields, not these notes.
        var extras: [String: String] = [:]
        extras.reserveCapacity(8)  // room for the usual extras without rehashing
        extras[SPAYDExtrasKey.descriptor] = d.header
        checkVersion(d, knownMinor: Self.knownMinor, offset: start + 4)
        let isConsent = d.header == "SCD"

        let attributes = try indexAttributes(d, extras: &extras)
        try readAccounts(attributes)
        let amount = try readAmount(attributes, isConsent: isConsent, extras: &extras)
        let symbols = try readSymbols(attributes)
        let schedule = try readSchedule(attributes)
        try checkNotification(attributes)
        readInformation(attributes, extras: &extras)
        if isConsent {
            consent(amount: amount, schedule: schedule, symbols: symbols, extras: &extras)
        } else {
            order(amount: amount, schedule: schedule, symbols: symbols, extras: &extras)
        }
        try readInvoice(attributes)
        try checkCRC(attributes, extras: &extras)
        if latin1 { record.source.charset = "ISO-8859-1" }
        record.extras = extras
    }
}
