import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny blocking HTTP/1.1 client over a loopback socket: full control over when body bytes are sent,
/// which the slow-request, time-budget and streaming tests need.
final class TestConnection {
    private let fd: Int32

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestHTTPError.socket }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(fd)
            throw TestHTTPError.connect
        }
    }

    deinit { close(fd) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw TestHTTPError.send }
            offset += n
        }
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Whatever bytes arrive next (empty at end of stream).
    func receive(max: Int = 65536) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: max)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, max, 0) }
        return n > 0 ? Array(buffer[0..<n]) : []
    }

    /// True when the peer closes the connection (end of stream) within `seconds`; false when it stays open.
    func waitForClose(seconds: Int) -> Bool {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 4096, 0) }
            if n == 0 { return true }
            if n < 0 { return errno == ECONNRESET }
        }
    }

    func sendHead(method: String, path: String, headers: [String: String]) throws {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (k, v) in headers { head += "\(k): \(v)\r\n" }
        try send(head + "\r\n")
    }

    /// Reads to the end of the stream and parses the response (chunked bodies are decoded).
    func readResponse() throws -> TestResponse {
        var raw: [UInt8] = []
        while true {
            let chunk = receive()
            if chunk.isEmpty { break }
            raw += chunk
        }
        return try TestResponse(raw: raw)
    }
}

enum TestHTTPError: Error { case socket, connect, send, malformed }

struct TestResponse {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:] }

    init(raw: [UInt8]) throws {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = (0..<max(0, raw.count - 3)).first(where: { Array(raw[$0..<($0 + 4)]) == separator }) else {
            throw TestHTTPError.malformed
        }
        let lines = String(decoding: raw[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines.first?.split(separator: " ") ?? []
        guard statusParts.count >= 2, let code = Int(statusParts[1]) else { throw TestHTTPError.malformed }
        status = code
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        headers = fields
        let rest = Array(raw[(end + 4)...])
        body = fields["transfer-encoding"] == "chunked" ? Self.dechunk(rest) : rest
    }

    static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            guard let lineEnd = (i..<(bytes.count - 1)).first(where: { bytes[$0] == 0x0D && bytes[$0 + 1] == 0x0A }),
                  let size = Int(String(decoding: bytes[i..<lineEnd], as: UTF8.self).split(separator: ";").first ?? "", radix: 16),
                  size > 0 else { break }
            let start = lineEnd + 2
            out += bytes[start..<min(bytes.count, start + size)]
            i = start + size + 2
        }
        return out
    }
}

/// Runs blocking socket I/O on a Dispatch thread: blocking the few cooperative threads would starve the
/// server under test, whose handlers run there too.
func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
}

extension TestConnection: @unchecked Sendable {
    func response() async throws -> TestResponse { try await offPool { try self.readResponse() } }
}

/// One request on a fresh connection.
func request(_ port: Int, _ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []) async throws -> TestResponse {
    try await offPool { try blockingRequest(port, method, path, headers: headers, body: body) }
}

func blockingRequest(_ port: Int, _ method: String, _ path: String, headers: [String: String], body: [UInt8]) throws -> TestResponse {
    let connection = try TestConnection(port: port)
    var all = headers
    if !body.isEmpty || method == "POST" { all["Content-Length"] = String(body.count) }
    try connection.sendHead(method: method, path: path, headers: all)
    if !body.isEmpty { try connection.send(body) }
    return try connection.readResponse()
}
