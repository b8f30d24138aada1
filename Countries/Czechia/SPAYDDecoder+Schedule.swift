import Foundation
import GiroCore

/// Dates (DT, DL), recurrence (FRQ) and death handling (DH): a standing order, a direct-debit consent's limits,
/// or a single payment's due date.
struct SPAYDSchedule {
    var first: String?
    var last: String?
    var frequency: (code: String, name: String)?
    var stopOnDeath: Bool?
}

extension SPAYDDecoder {
    func readSchedule(_ attributes: SPAYDAttributes) throws(GiroError) -> SPAYDSchedule {
        var s = SPAYDSchedule()
        s.first = try attributes.present(.dt).map { a throws(GiroError) in try date(a) }
        s.last = try attributes.present(.dl).map { a throws(GiroError) in try date(a) }
        if let f = attributes.present(.frq) {
            let code = String(decoding: f.raw, as: UTF8.self)
            guard let name = SPAYDKey.frequencies[code] else {
                throw fail(.fieldInvalid, f, "FRQ must be 1D, 1M, 3M, 6M or 1Y")
            }
            s.frequency = (code, name)
        }
        if let dh = attributes.attribute(.dh) {
            switch Array(dh.raw) {
            case [], [48]: s.stopOnDeath = false
            case [49]: s.stopOnDeath = true
            default: throw fail(.fieldInvalid, dh, "DH must be 0 (continue) or 1 (stop)")
            }
        }
        return s
    }

    /// `SCD*`: the consent's limit, period, validity and symbols.
    mutating func consent(amount: Amount?, schedule s: SPAYDSchedule, symbols: PaymentSymbols, extras: inout [String: String]) {
        var dd = DirectDebit()
        dd.maxAmount = amount
        dd.limitPeriod = s.frequency?.name
        dd.validFrom = s.first
        dd.validTill = s.last
        dd.stopOnDeath = s.stopOnDeath
        dd.symbols = symbols.nonEmpty
        record.directDebit = dd
        if let f = s.frequency { extras[SPAYDExtrasKey.frequencyCode] = f.code }
    }

    /// `SPD*`: a standing order when FRQ is given, otherwise one payment due on DT (DL and DH kept in extras).
    mutating func order(amount: Amount?, schedule s: SPAYDSchedule, symbols: PaymentSymbols, extras: inout [String: String]) {
        record.amount = amount
        record.symbols = symbols.nonEmpty
        if let frequency = s.frequency {
            record.standingOrder = StandingOrder(frequency: frequency.name, frequencyCode: frequency.code,
                                                 firstDate: s.first, lastDate: s.last, stopOnDeath: s.stopOnDeath)
        } else {
            record.dueDate = s.first
            if let dl = s.last { extras[SPAYDExtrasKey.lastDate] = dl }
            if let stopOnDeath = s.stopOnDeath { extras[SPAYDExtrasKey.stopOnDeath] = stopOnDeath ? "1" : "0" }
        }
    }
}
