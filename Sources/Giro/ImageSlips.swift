import Foundation
import GiroImaging
import GiroOCR
import GiroSlips

/// How `ImageDecoder` reads printed slips: the templates, the OCR engine, the limits, and when to read the print.
///
/// ```swift
/// let decoder = ImageDecoder(slips: SlipScanning(engine: TesseractEngine()))
/// let result = try decoder.decode(imageBytes: photo)
/// for finding in result.findings { print(finding.record?.format ?? "-") }   // barcodes, then slips
/// ```
public struct SlipScanning: Sendable {
    /// When an image is read for print (OCR costs seconds; barcodes milliseconds).
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// Only an image without a payment barcode.
        case fallback
        /// Also an image whose payment barcode comes from a country with a loaded template (a HUB3 barcode and the
        /// HUB-3A form): the barcode's record stays the answer and the print found around it cross-checks it.
        case crossCheck = "check"
    }

    public var reader: SlipReader
    /// Any engine behind `OCREngine`; `TesseractEngine` by default.
    public var engine: any OCREngine
    /// First-pass size, zone resolution and the time budget of one image's slip reading.
    public var options: SlipImageOptions
    public var mode: Mode

    public init(reader: SlipReader = SlipReader(templates: SlipReader.builtInTemplates), engine: any OCREngine = TesseractEngine(),
                options: SlipImageOptions = SlipImageOptions(), mode: Mode = .crossCheck) {
        self.reader = reader
        self.engine = engine
        self.options = options
        self.mode = mode
    }

    /// Whether this image is read for print, given the payment records its barcodes gave.
    func wanted(barcodeRecords records: [PaymentRecord]) -> Bool {
        if records.isEmpty { return true }
        guard mode == .crossCheck else { return false }
        let countries = Set(reader.templates.map { $0.country.uppercased() })
        return records.contains { $0.country.map { countries.contains($0.uppercased()) } ?? false }
    }
}

/// A printed slip found in an image: the same element `giro decode IMAGE` prints (`kind` `slip`).
public struct ImageSlipResult: Sendable, Codable, Hashable {
    public var kind = "slip"
    /// The template id (`hr.hub-3a`).
    public var slipClass: String
    /// Form corners in image pixels (`[x, y]`), clockwise from top-left.
    public var corners: [[Int]]
    public var record: PaymentRecord

    public init(_ reading: SlipReading) {
        slipClass = reading.slipClass
        corners = reading.corners
        record = reading.record
    }
}

/// One element of an image's answer: a barcode symbol or a printed slip; in JSON the element itself, told apart by `kind`.
public enum ImageFinding: Sendable, Hashable, Codable {
    case symbol(ImageSymbolResult)
    case slip(ImageSlipResult)

    /// The payment record, when there is one.
    public var record: PaymentRecord? {
        switch self {
        case .symbol(let s): s.record
        case .slip(let s): s.record
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .symbol(let s): try s.encode(to: encoder)
        case .slip(let s): try s.encode(to: encoder)
        }
    }

    private enum KindKey: String, CodingKey { case kind }

    public init(from decoder: Decoder) throws {
        let kind = try decoder.container(keyedBy: KindKey.self).decode(String.self, forKey: .kind)
        self = kind == "slip" ? .slip(try ImageSlipResult(from: decoder)) : .symbol(try ImageSymbolResult(from: decoder))
    }
}

extension ImageDecodeResult {
    /// Symbols first, then slips: the JSON array `giro decode IMAGE` prints and `/v1/images` answers.
    public var findings: [ImageFinding] { symbols.map(ImageFinding.symbol) + slips.map(ImageFinding.slip) }
}

extension ImageDecoder {
    /// Reads the print when `slips` says so; an OCR failure is kept in `slipError` and the barcodes stand.
    /// `already`: the print as read during the barcode search (kept only if the barcodes found want it).
    func readSlips(_ image: GrayImage, dropout: GrayImage? = nil, into result: inout ImageDecodeResult,
                   already: Result<[SlipReading], GiroError>? = nil, deadline: ContinuousClock.Instant? = nil) {
        guard let scanning = slips, scanning.wanted(barcodeRecords: result.symbols.compactMap(\.record)) else { return }
        let readings: [SlipReading]
        do {
            readings = try (already ?? readSlipsEarly(image, dropout: dropout, deadline: deadline) ?? .success([])).get()
        } catch {
            result.slipError = error
            return
        }
        Self.combine(&result, readings: readings)
    }

    /// `deadline`: the image's shared one (``ImageDecoder/totalBudgetMilliseconds``); the print gets what is left
    /// of it, and none (`ocr_timeout`) once it has passed.
    func readSlipsEarly(_ image: GrayImage, dropout: GrayImage?, deadline: ContinuousClock.Instant? = nil)
        -> Result<[SlipReading], GiroError>? {
        guard let scanning = slips else { return nil }
        var options = scanning.options
        if let deadline {
            let left = deadline - ContinuousClock.now
            guard left > .zero, !Task.isCancelled else {
                return .failure(GiroError(.ocrTimeout, field: "ocr", "no time was left in the image's budget to read the print"))
            }
            options.budgetMilliseconds = min(options.budgetMilliseconds, left.budgetMilliseconds)
            options.deadline = deadline
        }
        var timings = SlipImageTimings()
        let t0 = ContinuousClock.now
        defer { Self.reportTimings(timings, total: ContinuousClock.now - t0) }
        return Result { () throws(GiroError) in
            try scanning.reader.read(image: image, values: dropout, engine: scanning.engine, options: options, timings: &timings)
        }
    }

    /// `GIRO_SLIP_TIMINGS=1`: where the print's reading spent its time, on stderr (profiling `giro decode`).
    static func reportTimings(_ t: SlipImageTimings, total: Duration) {
        guard ProcessInfo.processInfo.environment["GIRO_SLIP_TIMINGS"] == "1" else { return }
        func ms(_ d: Duration) -> Int { d.budgetMilliseconds }
        let line = "slips: \(ms(total)) ms (sheets \(t.papers): search \(ms(t.paperSearch)), first pass \(ms(t.firstPass)), zones \(ms(t.zones)) in \(t.zoneCalls) OCR calls)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// The barcode search after the print was read without a payment barcode found yet: a form fitted on the page
    /// (a template, not an unknown block) is what the photo shows, so a barcode on it lies at the form's tilt and one
    /// pass turned straight looks for it; anything else (no form, an OCR failure) keeps the full search.
    static func fallbacks(after readings: Result<[SlipReading], GiroError>?) -> ReadingStrategy.Fallbacks {
        guard case .success(let found)? = readings,
              let form = found.first(where: { $0.slipClass != SlipReader.genericClass }),
              form.corners.count == 4, form.corners[0].count == 2, form.corners[1].count == 2 else { return .all }
        let dx = Double(form.corners[1][0] - form.corners[0][0]), dy = Double(form.corners[1][1] - form.corners[0][1])
        guard dx != 0 || dy != 0 else { return .all }
        var tilt = atan2(dy, dx) * 180 / .pi
        while tilt > 45 { tilt -= 90 }
        while tilt <= -45 { tilt += 90 }
        return .slipTilted(tilt, corners: form.corners.map { ImagePoint(x: $0.first ?? 0, y: $0.last ?? 0) })
    }

    /// Ties each slip to the barcode whose centre lies on the form. A payment barcode there is the answer, cross-checked
    /// by the print (the slip is not listed again) — unless the barcode's record is `uncertain` (a partial payload)
    /// and the print's `valid`: then the print is the answer, cross-checked by the barcode, and both are listed; a
    /// barcode a payment format rejected leaves the print as the answer; a slip with no barcode on it is listed as read.
    package static func combine(_ result: inout ImageDecodeResult, readings: [SlipReading]) {
        var slips: [ImageSlipResult] = []
        for reading in readings {
            let onSlip = result.symbols.indices.filter { i in
                let c = result.symbols[i].corners
                guard !c.isEmpty else { return false }
                let x = Double(c.reduce(0) { $0 + $1.x }) / Double(c.count), y = Double(c.reduce(0) { $0 + $1.y }) / Double(c.count)
                return SlipCrossCheck.contains(reading.corners, x: x, y: y)
            }
            if let i = onSlip.first(where: { result.symbols[$0].record.map { $0.source.crossCheck == nil } ?? false }),
               let barcode = result.symbols[i].record {
                // A barcode that holds only part of the payment does not replace a print read in full.
                if barcode.status != .valid, reading.record.status == .valid {
                    var slip = ImageSlipResult(reading)
                    slip.record = SlipCrossCheck.check(print: reading, partialBarcode: barcode)
                    slips.append(slip)
                    continue
                }
                result.symbols[i].record = BarcodeProvenance.applied(to: SlipCrossCheck.check(barcode: barcode, print: reading),
                                                                     corners: result.symbols[i].corners)
                continue
            }
            var slip = ImageSlipResult(reading)
            if let i = onSlip.first(where: { result.symbols[$0].kind == .invalid }) {
                slip.record = SlipCrossCheck.printWins(reading, barcodeError: result.symbols[i].error)
            }
            slips.append(slip)
        }
        result.slips = slips
    }
}
