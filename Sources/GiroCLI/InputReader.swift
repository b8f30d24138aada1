import Foundation

/// Why an input could not be read; each maps to one exit code.
enum InputError: Error {
    case cannotOpen(String, errno: Int32)
    case readFailed(String, errno: Int32)
    /// `size` is the real size when known (a regular file), nil for a stream that had more than `limit` bytes.
    case tooLarge(String, size: Int?, limit: Int)

    var exit: GiroExit {
        switch self {
        case .cannotOpen: .noInput
        case .readFailed: .ioError
        case .tooLarge: .dataError
        }
    }

    var message: String {
        switch self {
        case .cannotOpen(let name, let e): "cannot open \(name): \(String(cString: strerror(e)))"
        case .readFailed(let name, let e): "cannot read \(name): \(String(cString: strerror(e)))"
        case .tooLarge(let name, let size?, let limit): "\(name) is \(size) bytes; the limit is \(limit) bytes"
        case .tooLarge(let name, nil, let limit): "\(name) has more than \(limit) bytes (the limit)"
        }
    }
}

/// Reads a file or standard input with read(2), never more than the limit plus one byte, so an oversized input
/// is refused without being loaded.
struct InputReader {
    let fd: Int32
    let name: String
    private let ownsFD: Bool

    /// `path` `-` is standard input.
    init(path: String) throws(InputError) {
        if path == "-" {
            fd = 0; name = "standard input"; ownsFD = false
            return
        }
        let opened = open(path, O_RDONLY | O_CLOEXEC)
        guard opened >= 0 else { throw .cannotOpen(path, errno: errno) }
        fd = opened; name = path; ownsFD = true
    }

    func close() { if ownsFD { _ = Glibc.close(fd) } }

    /// The size of a regular file, nil for pipes, terminals and sockets.
    var regularFileSize: Int? {
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(st.st_size)
    }

    /// One read(2) of up to `count` bytes straight into `memory` (EINTR retried); 0 at end of input. The caller's
    /// memory need not be initialised: nothing is zero-filled before the kernel overwrites it.
    func readOnce(into memory: UnsafeMutablePointer<UInt8>, count: Int) throws(InputError) -> Int {
        while true {
            let got = Glibc.read(fd, memory, count)
            if got >= 0 { return got }
            let err = errno
            if err != EINTR { throw .readFailed(name, errno: err) }
        }
    }

    /// Up to `count` bytes (fewer only at end of input, or after the first read when `once`, so a pipe's
    /// lines are handled as they arrive); EINTR retried.
    func read(upTo count: Int, into buffer: inout [UInt8], once: Bool = false) throws(InputError) -> Int {
        var total = 0
        let start = buffer.count
        buffer.reserveCapacity(start + count)
        while total < count {
            let want = min(count - total, 1 << 22)
            var got = 0
            buffer.append(contentsOf: repeatElement(0, count: want))
            got = buffer.withUnsafeMutableBufferPointer { p in
                Glibc.read(fd, p.baseAddress.map { $0 + start + total }, want)
            }
            let err = errno
            buffer.removeLast(want - max(got, 0))
            if got < 0 {
                if err == EINTR { continue }
                throw .readFailed(name, errno: err)
            }
            if got == 0 { break }
            total += got
            if once { break }
        }
        return total
    }

    /// The whole input if it has at most `limit(firstBytes)` bytes; the limit may depend on the first 16 bytes
    /// (an image is allowed to be larger than a text payload).
    func readAll(limit: ([UInt8]) -> Int) throws(InputError) -> [UInt8] {
        var bytes: [UInt8] = []
        _ = try read(upTo: 16, into: &bytes)
        let cap = limit(bytes)
        if bytes.count == 16 { _ = try read(upTo: Swift.max(0, cap + 1 - 16), into: &bytes) }
        if bytes.count > cap { throw .tooLarge(name, size: regularFileSize, limit: cap) }
        return bytes
    }

    /// Convenience: open, read with a fixed limit, close.
    static func readAll(path: String, limit: Int) throws(InputError) -> [UInt8] {
        let reader = try InputReader(path: path)
        defer { reader.close() }
        return try reader.readAll { _ in limit }
    }
}
