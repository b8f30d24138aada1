import ArgumentParser
import Giro

/// `--as-of YYYY-MM-DD`: the day whose format rules judge the payloads (default today, UTC); shared by `decode`,
/// `scan` and `batch`. docs/decoding-policy.md, "Rules in force on a date".
struct AsOfOption: ParsableArguments {
    @Option(name: .customLong("as-of"), help: ArgumentHelp(
        "Judge payloads by the rules in force on this day (YYYY-MM-DD; default: today, UTC).", valueName: "date"))
    var asOfText: String?

    func validate() throws {
        if let asOfText, CalendarDate(iso: asOfText) == nil {
            throw ValidationError("--as-of must be a date YYYY-MM-DD, found '\(asOfText)'")
        }
    }

    var asOf: CalendarDate? { asOfText.flatMap(CalendarDate.init(iso:)) }

    var paymentDecoder: PaymentDecoder { PaymentDecoder(asOf: asOf) }
}
