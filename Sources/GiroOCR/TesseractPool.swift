import CTesseract
import Foundation

/// One initialised `TessBaseAPI`; freed when the last reference goes.
final class TesseractHandle: @unchecked Sendable {
    // Used by one thread at a time: the pool hands a handle to exactly one caller until it is checked in.
    let api: OpaquePointer
    let languages: String

    init?(languages: String, tessdataPath: String) {
        TesseractPool.limitThreads
        guard let api = TessBaseAPICreate() else { return nil }
        TesseractPool.quietLeptonica
        // Tesseract prints progress and warnings ("Estimating resolution …") to stderr; a library must not.
        TessBaseAPISetVariable(api, "debug_file", "/dev/null")
        guard TessBaseAPIInit2(api, tessdataPath, languages, OEM_LSTM_ONLY) == 0 else {
            TessBaseAPIDelete(api)
            return nil
        }
        TessBaseAPISetVariable(api, "debug_file", "/dev/null")
        // No second recognition of each unsure line inverted (white on black): slips print their values dark on
        // light, and on a photo's noisy crops that pass costs up to a fifth of the recognition (612 → 480 ms on one
        // block; development photos, `giro decode` CPU median 2.42 → 2.30 s; development fields: the Belgian scan's
        // currency gained, the red ES photo's lost with its misread amount). Set once at init: no call changes it,
        // so `reset` need not.
        TessBaseAPISetVariable(api, "tessedit_do_invert", "0")
        self.api = api
        self.languages = languages
    }

    /// Every per-call setting, set on each call and put back to Tesseract's defaults at check-in, so a pooled engine
    /// carries nothing from one call into the next. A new per-call variable belongs here and in `reset`.
    func configure(layout: OCRSettings.Layout, whitelist: String?) -> Bool {
        TessBaseAPISetPageSegMode(api, TesseractEngine.pageSegMode(layout))
        return TessBaseAPISetVariable(api, "tessedit_char_whitelist", whitelist.map(TesseractEngine.sanitized) ?? "") != 0
    }

    /// Tesseract's defaults for everything `configure` sets, and no image or results.
    func reset() {
        TessBaseAPIClear(api)
        TessBaseAPISetPageSegMode(api, PSM_SINGLE_BLOCK)
        TessBaseAPISetVariable(api, "tessedit_char_whitelist", "")
    }

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
    }
}

/// Idle Tesseract engines by language set. Loading `eng` takes tens of milliseconds and a coding line reads in about
/// as long, so a slip with ten zones would spend most of its time loading models without the pool.
///
/// At most `perLanguages` idle engines per language set and `total` overall (each holds its models in memory, roughly
/// 10–40 MB); a handle that timed out or failed is dropped, never reused.
final class TesseractPool: @unchecked Sendable {
    static let shared = TesseractPool()
    let perLanguages = 2
    let total = 8
    private let lock = NSLock()
    private var idle: [TesseractHandle] = []

    /// Tesseract parallelises some steps with OpenMP. Giro runs one call per thread (the caller parallelises across
    /// images), and on a busy machine OpenMP's extra threads make a call several times slower (measured: a coding
    /// line 85 ms single-threaded vs 437 ms with the default team on 2 shared cores). libgomp reads `OMP_THREAD_LIMIT`
    /// when it loads; libtesseract (and libgomp with it) is opened on first use (CTesseract), so setting it here first
    /// works unless the process already loaded libgomp for something else. Each recognition thread also sets OpenMP's
    /// max-active-levels to 0 (`limitOpenMPOnThisThread`; a per-thread setting in libgomp), which runs
    /// every parallel region on that thread. `GIRO_OCR_OPENMP=1` leaves OpenMP as it is.
    static let limitThreads: Void = {
        setenv("OMP_THREAD_LIMIT", "1", 0)
    }()

    private typealias SetLevels = @convention(c) (Int32) -> Void
    nonisolated(unsafe) private static let setMaxActiveLevels: SetLevels? = {
        guard ProcessInfo.processInfo.environment["GIRO_OCR_OPENMP"] != "1",
              let symbol = dlsym(defaultSymbolScope, "omp_set_max_active_levels") else { return nil }
        return unsafeBitCast(symbol, to: SetLevels.self)
    }()

    /// Leptonica (Tesseract's image library) prints its own errors to stderr ("Error in pixScanForForeground:
    /// invalid box" on some sparse pages, harmless); a library must not. Its message level, set once the library
    /// is loaded (`RTLD_GLOBAL`, so its symbols are visible): 6 = `L_SEVERITY_NONE`.
    static let quietLeptonica: Void = {
        typealias SetSeverity = @convention(c) (Int32) -> Int32
        guard ProcessInfo.processInfo.environment["GIRO_OCR_LEPTONICA_MESSAGES"] != "1",
              let symbol = dlsym(defaultSymbolScope, "setMsgSeverity") else { return }
        _ = unsafeBitCast(symbol, to: SetSeverity.self)(6)
    }()

    static func limitOpenMPOnThisThread() {
        setMaxActiveLevels?(0)
    }

    /// `RTLD_DEFAULT`: every loaded image (0 in glibc, -2 on Darwin; neither header macro imports into Swift).
    private static var defaultSymbolScope: UnsafeMutableRawPointer? {
        #if canImport(Darwin)
        UnsafeMutableRawPointer(bitPattern: -2)
        #else
        nil
        #endif
    }

    /// Idle engines for a language set (tests: a pooled engine is reused).
    func idleCount(languages: String) -> Int {
        lock.withLock { idle.count { $0.languages == languages } }
    }

    func checkOut(languages: String, tessdataPath: String, reuse: Bool) -> TesseractHandle? {
        if reuse {
            lock.lock()
            let index = idle.firstIndex { $0.languages == languages }
            let handle = index.map { idle.remove(at: $0) }
            lock.unlock()
            if let handle { return handle }
        }
        let start = TesseractTrace.enabled ? TesseractTrace.cpuMilliseconds() : 0
        defer { TesseractTrace.reportLoad(languages, cpuSince: start) }
        return TesseractHandle(languages: languages, tessdataPath: tessdataPath)
    }

    func checkIn(_ handle: TesseractHandle, keep: Bool) {
        guard keep else { return }
        handle.reset()
        lock.lock()
        defer { lock.unlock() }
        guard idle.count(where: { $0.languages == handle.languages }) < perLanguages else { return }
        if idle.count >= total { idle.removeFirst() }
        idle.append(handle)
    }
}

/// `GIRO_OCR_TRACE=1`: one stderr line per Tesseract call (languages, layout, size, the process's CPU time for
/// it) and one per model load (not counted again in the call that needed it), to see where an image's reading
/// spends its time.
enum TesseractTrace {
    static let enabled = ProcessInfo.processInfo.environment["GIRO_OCR_TRACE"] == "1"

    /// The process's user + system CPU time in milliseconds (the caller waits while the recognition thread runs).
    static func cpuMilliseconds() -> Int {
        var usage = rusage()
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000 + Int(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000
    }

    static func reportLoad(_ languages: String, cpuSince start: Int) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("ocr: \(languages) models loaded \(cpuMilliseconds() - start) ms\n".utf8))
    }

    static func report(_ languages: String, _ settings: OCRSettings, width: Int, height: Int, cpuSince start: Int) {
        guard enabled else { return }
        let line = "ocr: \(languages) \(settings.layout.rawValue)\(settings.whitelist == nil ? "" : " wl") \(width)x\(height) \(cpuMilliseconds() - start) ms\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
