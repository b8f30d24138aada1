import Foundation
import Giro

/// What `giro decode`'s input names on disk, so a path is not decoded as payload text: a directory is refused
/// with a pointer to `giro scan`, an empty file is reported as such (`empty_payload`), not as an unknown format.
enum DecodeInputKind: Equatable {
    case notAPath, directory, emptyFile, file

    static func of(_ path: String) -> DecodeInputKind {
        var isDir: ObjCBool = false
        guard path != "-", path.utf8.count < 4096, FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            return .notAPath
        }
        if isDir.boolValue { return .directory }
        let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
        return size == 0 ? .emptyFile : .file
    }

    /// Exit 66 for a directory (no input to decode), naming the command that reads a folder.
    static func refuseDirectory(_ path: String) -> GiroExit {
        GiroExit.noInput.report("decode", "\(path) is a directory, not a payload or an image; `giro scan \(path)` reads every image in it")
    }

    /// Exit 66 for an empty input, with the error `empty_payload` on stdout like any other decode error.
    static func refuseEmpty(_ name: String, pretty: Bool) -> GiroExit {
        let error = GiroError(.emptyPayload, field: "payload", "\(name) is empty: nothing to decode")
        Output.writeOut(Output.json(["error": error], pretty: pretty))
        return GiroExit.noInput.report("decode", error.message)
    }
}
