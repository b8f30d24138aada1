import FuzzSupport
import GiroCore
import GiroParsers

/// The OCR parser group: every parser over arbitrary text, with a country/currency/date-order context chosen
/// by the first byte. Each candidate must point inside the text, and overlap resolution must not trap.
private let group = ParserGroup([IBANParser(), AmountParser(), DateParser(), ReferenceParser(), EmailParser(),
                                 RawParser(), VINParser()])
private let countries: [String?] = [nil, "HR", "CZ", "SK", "HU", "SI", "RS", "CH", "DE", "AT", "GB", "US"]
private let currencies: [String?] = [nil, "EUR", "CHF", "CZK", "HUF", "RSD", "GBP"]
private let dateOrders: [DateOrder?] = [nil, .dmy, .mdy, .ymd]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParsers(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let choice = Int(input.byte())
    let context = ParseContext(country: countries[choice % countries.count],
                               currency: currencies[(choice / 16) % currencies.count],
                               dateOrder: dateOrders[(choice / 4) % dateOrders.count])
    let text = input.rest()
    guard let candidates = try? group.parse(bytes: text, context: context) else { return 0 }
    for candidate in candidates {
        let span = candidate.span
        fuzzCheck(0 <= span.start && span.start <= span.end && span.end <= text.count,
                  "\(candidate.parser) span \(span.start)..<\(span.end) outside \(text.count) bytes")
        fuzzCheck((0...1).contains(candidate.confidence), "\(candidate.parser) confidence \(candidate.confidence)")
    }
    return 0
}

@_cdecl("FuzzParsers_main")
func fuzzParsersMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc, argv) { data, size in data.map { fuzzParsers($0, size) } ?? 0 }
}
