import Foundation

/// Finds Tesseract's `tessdata` folder and tells which languages it holds.
///
/// Order: the path given to `TesseractEngine` (then nothing else), `TESSDATA_PREFIX` (Tesseract 5 meaning: the folder holding the
/// `.traineddata` files; a parent with a `tessdata/` child is accepted too), then the usual install locations
/// (Debian/Ubuntu `tesseract-ocr` 5 and 4, Homebrew, `/usr/local`).
enum TessdataLocator {
    static let standardFolders = [
        "/usr/share/tesseract-ocr/5/tessdata",
        "/usr/share/tesseract-ocr/4.00/tessdata",
        "/usr/share/tessdata",
        "/usr/local/share/tessdata",
        "/opt/homebrew/share/tessdata",
    ]

    static func folder(explicit: String?) -> String? {
        // A folder the caller names is the only one tried: silently reading other models would be a surprise.
        if let explicit { return [explicit, explicit + "/tessdata"].first(where: holdsModels) }
        var candidates: [String] = []
        if let prefix = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"], !prefix.isEmpty {
            candidates += [prefix, prefix + "/tessdata"]
        }
        candidates += standardFolders
        return candidates.first(where: holdsModels)
    }

    /// The language codes with a `.traineddata` file in `folder`, sorted.
    static func languages(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".traineddata") }.map { String($0.dropLast(".traineddata".count)) }.sorted()
    }

    static func hasLanguage(_ code: String, in folder: String) -> Bool {
        FileManager.default.isReadableFile(atPath: folder + "/" + code + ".traineddata")
    }

    /// A language code as Tesseract names its files (`eng`, `srp_latn`, `chi_sim`): nothing that could leave the folder.
    static func isWellFormed(_ code: String) -> Bool {
        !code.isEmpty && code.utf8.count <= 32 && code.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F || $0 == 0x2D }
    }

    private static func holdsModels(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return false }
        return !languages(in: path).isEmpty
    }
}
