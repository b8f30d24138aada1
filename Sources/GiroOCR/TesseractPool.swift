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
        // Tesseract prints progress and warnings ("Estimating resolution …") to stderr; a library must not.
        TessBaseAPISetVariable(api, "debug_file", "/dev/null")
        guard TessBaseAPIInit2(api, tessdataPath, languages, OEM_LSTM_ONLY) == 0 else {
            TessBaseAPIDelete(api)
            return nil
        }
        TessBaseAPISetVariable(api, "debug_file", "/dev/null")
        self.api = api
        self.languages = languages
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
    /// images), so it asks OpenMP for one thread unless the caller chose otherwise. libgomp reads the variable when it
    /// loads, so this only helps where OpenMP is loaded late; the CLI and benchmarks set it in their environment.
    static let limitThreads: Void = {
        setenv("OMP_THREAD_LIMIT", "1", 0)
    }()

    func checkOut(languages: String, tessdataPath: String, reuse: Bool) -> TesseractHandle? {
        if reuse {
            lock.lock()
            let index = idle.firstIndex { $0.languages == languages }
            let handle = index.map { idle.remove(at: $0) }
            lock.unlock()
            if let handle { return handle }
        }
        return TesseractHandle(languages: languages, tessdataPath: tessdataPath)
    }

    func checkIn(_ handle: TesseractHandle, keep: Bool) {
        TessBaseAPIClear(handle.api)
        guard keep else { return }
        lock.lock()
        defer { lock.unlock() }
        guard idle.count(where: { $0.languages == handle.languages }) < perLanguages else { return }
        if idle.count >= total { idle.removeFirst() }
        idle.append(handle)
    }
}
