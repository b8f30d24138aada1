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
    func readSlips(_ image: GrayImage, dropout: GrayImage? = nil, into result: inout ImageDecodeResult) {
        guard let scanning = slips, scanning.wanted(barcodeRecords: result.symbols.compactMap(\.record)) else { return }
        let readings: [SlipReading]
        do {
            readings = try scanning.reader.read(image: image, values: dropout, engine: scanning.engine, options: scanning.options)
        } catch {
            result.slipError = error
            return
        }
        Self.combine(&result, readings: readings)
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
