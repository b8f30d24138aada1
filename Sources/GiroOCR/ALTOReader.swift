import GiroCore
import GiroImaging

/// ALTO XML v2–v4: words are `String` elements (`CONTENT`, `HPOS`, `VPOS`, `WIDTH`, `HEIGHT`, optional `WC` 0–1),
/// the page size is `Page` `WIDTH`/`HEIGHT`. `MeasurementUnit` `pixel` is taken as is; `mm10` (1/10 mm) and `inch1200`
/// are converted at `CallerOCRLimits.assumedDPI`. Namespace prefixes (`alto:String`) are ignored.
enum ALTOReader {
    enum Unit: String {
        case pixel, mm10, inch1200

        /// Pixels per unit at the assumed resolution.
        var scale: Double {
            switch self {
            case .pixel: 1
            case .mm10: Double(CallerOCRLimits.assumedDPI) / 254
            case .inch1200: Double(CallerOCRLimits.assumedDPI) / 1200
            }
        }
    }

    static func read(_ bytes: [UInt8]) throws(GiroError) -> PageWords {
        var markup = Markup(bytes)
        // Units come before the layout in every ALTO version, so words are converted as they are read.
        var unit = Unit.pixel
        var inUnit = false
        var sawRoot = false
        var pages = 0
        var collector = WordCollector(bytes)
        while let event = try markup.next() {
            switch event {
            case .start(let qualified, let attributes, _, let offset):
                let name = localName(qualified)
                switch name {
                case "alto": sawRoot = true
                case "MeasurementUnit": inUnit = true
                case "Page":
                    pages += 1
                    guard pages == 1 else {
                        throw OCRInputError.at(offset, in: bytes, field: "page", "more than one Page: pass one page per call")
                    }
                    collector.slack = unit == .pixel ? 0 : 2
                    if let w = attributes.value("WIDTH"), let h = attributes.value("HEIGHT") {
                        try collector.setPage(width: number(w, "Page WIDTH", bytes, offset) * unit.scale,
                                              height: number(h, "Page HEIGHT", bytes, offset) * unit.scale, at: offset)
                    }
                case "String":
                    let text = attributes.value("CONTENT") ?? ""
                    let x = try number(attributes.value("HPOS"), "String HPOS", bytes, offset)
                    let y = try number(attributes.value("VPOS"), "String VPOS", bytes, offset)
                    let w = try number(attributes.value("WIDTH"), "String WIDTH", bytes, offset)
                    let h = try number(attributes.value("HEIGHT"), "String HEIGHT", bytes, offset)
                    let confidence = try attributes.value("WC").map { (wc: String) throws(GiroError) -> Double in
                        try number(wc, "String WC", bytes, offset)
                    }
                    let s = unit.scale
                    try collector.add(text: text, x: x * s, y: y * s, w: w * s, h: h * s, confidence: confidence, at: offset)
                default: continue
                }
            case .end(let qualified, _):
                if localName(qualified) == "MeasurementUnit" { inUnit = false }
            case .text(let text, let offset):
                guard inUnit else { continue }
                let name = text.trimmingBlanks()
                guard let parsed = Unit(rawValue: name) else {
                    throw OCRInputError.at(offset, in: bytes, field: "MeasurementUnit", "unknown ALTO MeasurementUnit '\(name.prefix(40))'")
                }
                unit = parsed
            }
        }
        guard sawRoot else { throw OCRInputError.at(0, in: bytes, "no <alto> root element") }
        return try collector.finished()
    }

    private static func localName(_ name: Substring) -> Substring {
        name.lastIndex(of: ":").map { name[name.index(after: $0)...] } ?? name
    }

    private static func number(_ raw: String?, _ what: String, _ bytes: [UInt8], _ offset: Int) throws(GiroError) -> Double {
        guard let raw else { throw OCRInputError.at(offset, in: bytes, field: what, "\(what) is missing") }
        guard let value = Double(raw.trimmingBlanks()), value.isFinite else {
            throw OCRInputError.at(offset, in: bytes, field: what, "\(what) '\(raw.prefix(40))' is not a number")
        }
        return value
    }
}
