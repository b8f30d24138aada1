import Foundation
import GiroImaging

/// One symbol found in an image, after the plug-ins had their say.
public struct ImageSymbolResult: Sendable, Codable, Hashable {
    public enum Kind: String, Sendable, Codable, Hashable {
        /// A payment plug-in decoded it: `record` is set.
        case payment
        /// No plug-in recognised it, or one recognised it as something else (`error` says which).
        case notAPayment = "not_a_payment"
        /// A payment format recognised it but rejected it: `error` holds the decode error.
        case invalid
    }

    /// Version of this JSON shape (the embedded record has its own `schema`).
    public var schema: Int = ImageDecodeResult.schemaVersion
    public var kind: Kind
    public var symbology: Symbology
    public var eci: Int?
    public var reader: ReaderKind
    /// The strategy pass that found it (`zxing`, `dmtx`, `zxing-rotate6`, …).
    public var pass: String
    public var corners: [ImagePoint]
    public var record: PaymentRecord?
    public var error: GiroError?
    /// The bytes as text, for reading: in the symbol's ECI charset(s) when it has an ECI, else UTF-8 when valid,
    /// Shift_JIS for a QR code in valid Shift_JIS, else ISO-8859-1 (every byte maps to a character).
    public var text: String
    /// How `text` was read: a charset name (`UTF-8`, `Shift_JIS`, `ISO-8859-1`, `ISO-8859-5`, …), `ECI n` for an
    /// ECI without a known name, or several names joined by `+` when the symbol switches charsets by ECI.
    public var textCharset: String
    public var bytesBase64: String
    public var bytesHex: String

    init(symbol: DetectedSymbol, outcome: Result<PaymentRecord, GiroError>) {
        symbology = symbol.symbology
        eci = symbol.eci
        reader = symbol.reader
        pass = symbol.pass
        corners = symbol.corners
        switch outcome {
        case .success(let r): (kind, record, error) = (.payment, BarcodeProvenance.applied(to: r, corners: symbol.corners), nil)
        case .failure(let e) where e.code == .unknownFormat || e.code == .notAPayment: (kind, record, error) = (.notAPayment, nil, e)
        case .failure(let e): (kind, record, error) = (.invalid, nil, e)
        }
        (text, textCharset) = SymbolText.interpret(symbol)
        bytesBase64 = Data(symbol.bytes).base64EncodedString()
        let digits = Array("0123456789abcdef".utf8)
        bytesHex = String(decoding: symbol.bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(schema, forKey: .schema)
        try c.encode(kind, forKey: .kind)
        try c.encode(symbology, forKey: .symbology)
        try c.encode(eci, forKey: .eci)
        try c.encode(reader, forKey: .reader)
        try c.encode(pass, forKey: .pass)
        try c.encode(corners, forKey: .corners)
        try c.encode(record, forKey: .record)
        try c.encode(error, forKey: .error)
        try c.encode(text, forKey: .text)
        try c.encode(textCharset, forKey: .textCharset)
        try c.encode(bytesBase64, forKey: .bytesBase64)
        try c.encode(bytesHex, forKey: .bytesHex)
    }
}

/// Everything read from one image (schema version 1).
public struct ImageDecodeResult: Sendable, Codable, Hashable {
    public static let schemaVersion = 1
    public var schema: Int = ImageDecodeResult.schemaVersion
    public var fileFormat: ImageFileFormat?
    public var width: Int
    public var height: Int
    /// EXIF orientation applied before reading (1 = none).
    public var orientation: Int
    public var symbols: [ImageSymbolResult]
    public var passes: [String]
    public var budgetExhausted: Bool
    /// Barcode-library failures met during the search (the search went on without them).
    public var readerErrors: [GiroError]
    /// Printed slips read by their templates (`ImageDecoder.slips`); a slip whose barcode decoded is not repeated
    /// here: the barcode's record is the answer.
    public var slips: [ImageSlipResult] = []
    /// Why the print could not be read (OCR engine or language missing, `ocr_timeout` …); the barcodes stand.
    public var slipError: GiroError?

    /// Every payment record: the barcodes', then the slips'.
    public var payments: [PaymentRecord] { symbols.compactMap(\.record) + slips.map(\.record) }
}

extension ImageDecodeResult {
    enum CodingKeys: String, CodingKey {
        case schema, fileFormat, width, height, orientation, symbols, passes, budgetExhausted, readerErrors, slips, slipError
    }

    // Written by hand so results without the slip keys (before they existed) still decode.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(fileFormat: try c.decodeIfPresent(ImageFileFormat.self, forKey: .fileFormat),
                  width: try c.decode(Int.self, forKey: .width), height: try c.decode(Int.self, forKey: .height),
                  orientation: try c.decode(Int.self, forKey: .orientation), symbols: try c.decode([ImageSymbolResult].self, forKey: .symbols),
                  passes: try c.decode([String].self, forKey: .passes), budgetExhausted: try c.decode(Bool.self, forKey: .budgetExhausted),
                  readerErrors: try c.decode([GiroError].self, forKey: .readerErrors),
                  slips: try c.decodeIfPresent([ImageSlipResult].self, forKey: .slips) ?? [],
                  slipError: try c.decodeIfPresent(GiroError.self, forKey: .slipError))
        schema = try c.decodeIfPresent(Int.self, forKey: .schema) ?? Self.schemaVersion
    }
}

/// Decodes payment barcodes from an image file: load (PNG/JPEG/WebP, EXIF orientation, pixel limit),
/// read every symbol with the reading strategy, hand each symbol's raw bytes to the plug-ins; with `slips` set,
/// also read printed slips by OCR and their templates.
///
/// ```swift
/// let result = try ImageDecoder().decode(imageBytes: Array(try Data(contentsOf: url)))
/// for record in result.payments { print(record.amount?.formattedValue ?? "open") }
/// ```
public struct ImageDecoder: Sendable {
    public var decoder: PaymentDecoder
    public var loader: ImageLoader
    public var strategy: ReadingStrategy
    /// Printed slips: nil (the default) reads barcodes only; `SlipScanning` says with which templates, OCR engine
    /// and budget, and whether the print is read only without a payment barcode or also to cross-check one.
    public var slips: SlipScanning?
    /// One time budget for the whole image in milliseconds: loading, the barcode search and the print's reading
    /// share it, each part getting what is left. nil (the default): the barcode search and the print each have their
    /// own budget (`strategy`, `slips`). A service sets it so that a request's work ends with the request.
    public var totalBudgetMilliseconds: Int? {
        didSet { totalBudgetMilliseconds = totalBudgetMilliseconds.map(ReadingStrategy.clampedBudget) }
    }

    public init(decoder: PaymentDecoder = PaymentDecoder(), loader: ImageLoader = ImageLoader(),
                strategy: ReadingStrategy = ReadingStrategy(), slips: SlipScanning? = nil) {
        self.decoder = decoder
        self.loader = loader
        self.strategy = strategy
        self.slips = slips
    }

    /// Throws only when the file cannot be loaded (`image_format_unsupported`, `image_invalid`,
    /// `image_too_large`); an image without barcodes returns an empty `symbols` list, and an OCR failure while
    /// reading slips is kept in `slipError`.
    public func decode(imageBytes: [UInt8]) throws(GiroError) -> ImageDecodeResult {
        let deadline = totalBudgetMilliseconds.map { ContinuousClock.now + .milliseconds($0) }
        let loaded = try loader.load(imageBytes)
        var result = decode(image: loaded.image, dropout: loaded.dropout, deadline: deadline)
        result.fileFormat = loaded.fileFormat
        result.orientation = loaded.orientation
        return result
    }

    /// `dropout`: the image with the form colour dropped (`LoadedImage.dropout`), where slip values are read.
    /// `deadline`: when all of this image's work must end at the latest (a PDF's, or the file's load started the
    /// clock); `totalBudgetMilliseconds` from now, when set and earlier.
    package func decode(image: GrayImage, dropout: GrayImage? = nil, deadline: ContinuousClock.Instant? = nil) -> ImageDecodeResult {
        let deadline = [deadline, totalBudgetMilliseconds.map { ContinuousClock.now + .milliseconds($0) }].compactMap { $0 }.min()
        // With slips on, the print is read as soon as the quick barcode passes found no payment: a fitted form then
        // narrows the rest of the barcode search (see `ImageSlips.swift`).
        var early: Result<[SlipReading], GiroError>?
        let recognises = { (symbol: DetectedSymbol) in Self.isPaymentFormat(classify(symbol)) }
        let read = slips == nil ? strategy.read(image, recognises: recognises, deadline: deadline)
            : strategy.read(image, recognises: recognises, deadline: deadline) { _ in
                early = readSlipsEarly(image, dropout: dropout, deadline: deadline)
                return Self.fallbacks(after: early)
            }
        let symbols = read.symbols.map { ImageSymbolResult(symbol: $0, outcome: classify($0)) }
        var result = ImageDecodeResult(fileFormat: nil, width: image.width, height: image.height, orientation: 1,
                                       symbols: symbols, passes: read.passes, budgetExhausted: read.budgetExhausted,
                                       readerErrors: read.errors)
        readSlips(image, dropout: dropout, into: &result, already: early, deadline: deadline)
        return result
    }

    /// The plug-ins decide, on the raw bytes, with their own charset rules.
    func classify(_ symbol: DetectedSymbol) -> Result<PaymentRecord, GiroError> {
        Result { () throws(GiroError) in try decoder.decode(symbol.payload) }
    }

    /// A payment format claimed the bytes (decoded, or rejected them as an invalid payment).
    static func isPaymentFormat(_ r: Result<PaymentRecord, GiroError>) -> Bool {
        switch r {
        case .success: true
        case .failure(let e): e.code != .unknownFormat && e.code != .notAPayment
        }
    }
}

extension PaymentDecoder {
    /// Decodes every payment barcode in an image file with the default reading strategy.
    public func decode(image bytes: [UInt8]) throws(GiroError) -> ImageDecodeResult {
        try ImageDecoder(decoder: self).decode(imageBytes: bytes)
    }
}
