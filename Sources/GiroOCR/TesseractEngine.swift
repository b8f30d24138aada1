import CTesseract
import Foundation
import GiroCore
import GiroImaging

/// Tesseract 5 (Debian `libtesseract-dev`) through its C API.
///
/// One call recognises one gray image; Tesseract runs on a helper thread so the budget holds (`RecognitionJob`). Languages join with `+` (`hrv+eng`); the layout maps to
/// Tesseract's page segmentation modes (line 7, word 8, block 6, sparse 11); the whitelist sets
/// `tessedit_char_whitelist`; the time budget becomes the recogniser's deadline. Initialised engines are kept in a
/// small pool per language set (`reuseEngines`) because loading a model costs more than reading a coding line.
public struct TesseractEngine: OCREngine {
    /// The folder holding the `.traineddata` files in use, nil when none was found (every call then throws
    /// `ocr_language_missing`).
    public let tessdataPath: String?
    /// Resolution reported to Tesseract (`user_defined_dpi`); zone crops are made at this DPI.
    public var dpi: Int
    /// Images with more pixels are refused with `ocr_image_too_large` before recognition.
    public var maxPixels: Int
    /// Keep initialised engines for the next call with the same languages (see `TesseractPool`).
    public var reuseEngines: Bool

    /// Tesseract cannot take a side longer than this (Leptonica's and its own limit).
    public static let maxSide = 32_767

    public init(tessdataPath: String? = nil, dpi: Int = 300, maxPixels: Int = 25_000_000, reuseEngines: Bool = true) {
        self.tessdataPath = TessdataLocator.folder(explicit: tessdataPath)
        self.dpi = min(max(dpi, 70), 2400)
        self.maxPixels = max(1, maxPixels)
        self.reuseEngines = reuseEngines
    }

    /// Language codes installed in `tessdataPath` (`eng`, `hrv`, `srp_latn` …), sorted.
    public var availableLanguages: [String] {
        tessdataPath.map(TessdataLocator.languages(in:)) ?? []
    }

    public func recognize(_ image: OCRImage, settings: OCRSettings) throws(GiroError) -> PageWords {
        let start = ContinuousClock.now
        let languages = try languageKey(settings.languages)
        guard image.width <= Self.maxSide, image.height <= Self.maxSide, image.width * image.height <= maxPixels else {
            throw GiroError(.ocrImageTooLarge, field: "image",
                            "\(image.width)×\(image.height) pixels exceed the OCR limit of \(maxPixels) pixels (\(Self.maxSide) per side)")
        }
        let empty = PageWords(width: image.width, height: image.height, words: [])
        // Tesseract refuses images under 3 pixels a side ("Image too small to scale"); nothing is legible there anyway.
        guard image.width >= 3, image.height >= 3, let path = tessdataPath else {
            if tessdataPath == nil { throw missing(languages, detail: "no tessdata folder found (set TESSDATA_PREFIX)") }
            return empty
        }
        TesseractPool.limitThreads  // before the library (and libgomp with it) is opened: libgomp reads it on load
        let runaways = RecognitionJob.runaways
        guard runaways < RecognitionJob.maxRunaways else {
            throw GiroError(.ocrEngineFailed, field: "ocr",
                            "\(runaways) earlier recognitions are still running past their budget (Tesseract's layout analysis cannot be interrupted); try again later")
        }
        guard giro_tesseract_available() != 0 else {
            let why = giro_tesseract_load_error().map { String(cString: $0) } ?? "unknown error"
            throw GiroError(.ocrEngineFailed, field: "ocr", "Tesseract is not installed (\(why); Debian: apt-get install libtesseract5)")
        }
        guard let handle = TesseractPool.shared.checkOut(languages: languages, tessdataPath: path, reuse: reuseEngines) else {
            throw GiroError(.ocrEngineFailed, field: "ocr", "Tesseract could not load the models for \(languages)")
        }
        // After the check-out: a model load is traced on its own line, not again in the call's.
        let cpu = TesseractTrace.enabled ? TesseractTrace.cpuMilliseconds() : 0
        var keep = false, handedOver = false
        defer { if !handedOver { TesseractPool.shared.checkIn(handle, keep: keep && reuseEngines) } }
        let api = handle.api
        guard handle.configure(layout: settings.layout, whitelist: settings.whitelist) else {
            throw GiroError(.ocrEngineFailed, field: "ocr.whitelist", "Tesseract rejected the character whitelist")
        }
        // Tesseract copies the pixels into its own image here.
        image.pixels.withUnsafeBufferPointer { buffer in
            TessBaseAPISetImage(api, buffer.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.width))
        }
        TessBaseAPISetSourceResolution(api, Int32(dpi))

        let budget = Duration.milliseconds(settings.budgetMilliseconds)
        let remaining = budget - (ContinuousClock.now - start)
        guard remaining > .zero else { throw timeout(settings) }
        let job = RecognitionJob(handle: handle, width: image.width, height: image.height,
                                 deadlineMilliseconds: Int32(clamping: remaining.budgetMilliseconds))
        guard let (status, words) = job.run(timeout: remaining) else {
            handedOver = true
            throw timeout(settings)
        }
        if ContinuousClock.now - start >= budget { throw timeout(settings) }
        guard status == 0 else {
            throw GiroError(.ocrEngineFailed, field: "ocr", "Tesseract recognition failed (status \(status))")
        }
        keep = true
        TesseractTrace.report(languages, settings, width: image.width, height: image.height, cpuSince: cpu)
        return PageWords(width: image.width, height: image.height, words: words)
    }

    // MARK: - Pieces

    /// Normalised `lang+lang` key; every language must be installed.
    private func languageKey(_ requested: [String]) throws(GiroError) -> String {
        let codes = requested.isEmpty ? ["eng"] : requested.map { $0.replacingOccurrences(of: "-", with: "_") }
        guard codes.count <= 8 else {
            throw GiroError(.ocrLanguageMissing, field: "ocr.languages", "at most 8 languages per call, got \(codes.count)")
        }
        for code in codes where !TessdataLocator.isWellFormed(code) {
            throw GiroError(.ocrLanguageMissing, field: "ocr.languages", "'\(code)' is not a Tesseract language code")
        }
        let key = codes.joined(separator: "+")
        guard let path = tessdataPath else { throw missing(key, detail: "no tessdata folder found (set TESSDATA_PREFIX)") }
        for code in codes where !TessdataLocator.hasLanguage(code, in: path) {
            throw missing(code, detail: "\(code).traineddata is not in \(path) (Debian: apt-get install tesseract-ocr-\(code.replacingOccurrences(of: "_", with: "-")))")
        }
        return key
    }

    private func missing(_ languages: String, detail: String) -> GiroError {
        GiroError(.ocrLanguageMissing, field: "ocr.languages", "language \(languages) unavailable: \(detail)")
    }

    private func timeout(_ settings: OCRSettings) -> GiroError {
        GiroError(.ocrTimeout, field: "ocr", "recognition exceeded the budget of \(settings.budgetMilliseconds) ms")
    }

    static func pageSegMode(_ layout: OCRSettings.Layout) -> TessPageSegMode {
        switch layout {
        case .line: PSM_SINGLE_LINE
        case .word: PSM_SINGLE_WORD
        case .block: PSM_SINGLE_BLOCK
        case .sparse: PSM_SPARSE_TEXT
        }
    }

    /// A whitelist as a C string: no NUL, at most 1,024 bytes.
    static func sanitized(_ whitelist: String) -> String {
        String(String.UnicodeScalarView(whitelist.unicodeScalars.filter { $0 != "\0" }.prefix(1_024)))
    }

    /// Every word with its box (clamped to the image) and confidence 0…1.
    static func words(_ api: OpaquePointer, width: Int, height: Int) -> [PageWord] {
        guard let iterator = TessBaseAPIGetIterator(api) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        var words: [PageWord] = []
        repeat {
            guard let raw = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
            let text = String(cString: raw)
            TessDeleteText(raw)
            guard !text.allSatisfy(\.isWhitespace) else { continue }
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            guard TessPageIteratorBoundingBox(TessResultIteratorGetPageIteratorConst(iterator), RIL_WORD,
                                              &left, &top, &right, &bottom) != 0 else { continue }
            let x = min(max(Int(left), 0), width), y = min(max(Int(top), 0), height)
            let w = min(max(Int(right), x), width) - x, h = min(max(Int(bottom), y), height) - y
            let confidence = Double(TessResultIteratorConfidence(iterator, RIL_WORD))
            words.append(PageWord(text: text, x: x, y: y, w: w, h: h,
                                  confidence: confidence.isFinite ? min(max(confidence / 100, 0), 1) : nil))
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        return words
    }
}
