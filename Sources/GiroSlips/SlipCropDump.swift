import Foundation
import GiroImaging

/// A debugging aid: with `GIRO_CROP_DUMP=<folder>`, every zone crop the image path reads is written there as a PGM
/// (`<n>-<field>-<look>.pgm`, `n` counting per process) with a line on stderr naming it and what was read, so a
/// field that reads as nothing can be looked at as the engine saw it.
enum SlipCropDump {
    static let folder = ProcessInfo.processInfo.environment["GIRO_CROP_DUMP"].flatMap { $0.isEmpty ? nil : $0 }
    nonisolated(unsafe) private static var count = 0
    private static let lock = NSLock()

    static func write(_ crop: GrayImage, field: String, look: String, read: String) {
        guard let folder else { return }
        let n: Int = lock.withLock { count += 1; return count }
        let name = "\(n)-\(field)-\(look).pgm"
        var data = Data("P5\n\(crop.width) \(crop.height)\n255\n".utf8)
        data.append(contentsOf: crop.pixels)
        try? data.write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
        FileHandle.standardError.write(Data("crop \(name) \(crop.width)x\(crop.height) -> \(SlipClassTrace.escaped(read))\n".utf8))
    }
}
