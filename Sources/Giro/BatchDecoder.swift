import Dispatch
import Foundation
import GiroImaging

/// Decodes NDJSON (or plain-text) lines into NDJSON result lines, in input order, on several cores.
///
/// Input line forms: `{"id": …, "payload": "…"}`, `{"id": …, "payloadBase64": "…"}`, or any other text
/// (taken as the payload itself). Every input line yields exactly one output line:
/// `{"id": …, "line": n, "record": {…}}` or `{"id": …, "line": n, "error": {…}}` — nothing is lost.
public struct BatchDecoder: Sendable {
    public let decoder: PaymentDecoder
    public let jobs: Int
    /// Longest input line accepted (a base64 payload at the payload limit fits easily).
    public static let maxLineBytes = 64 * 1024
    /// Longest line when `documents` is set: a base64 PDF or photo of up to 12 MiB.
    public static let maxDocumentLineBytes = 16 * 1024 * 1024
    /// When set, a line whose bytes are a PDF or an image (`payloadBase64`) is read as a document: its output line
    /// carries `document` (a `DocumentResult`) instead of `record`. Nil (the default): such a line is a payload.
    public var documents: DocumentReader?

    /// The line limit in force: `maxDocumentLineBytes` when documents are read.
    public var lineLimit: Int { documents == nil ? Self.maxLineBytes : Self.maxDocumentLineBytes }

    public init(decoder: PaymentDecoder = PaymentDecoder(), jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.decoder = decoder
        self.jobs = max(1, jobs)
    }

    /// The identifier of an input line: the caller's `id` (string or integer) or nothing.
    public enum LineID: Codable, Sendable, Hashable {
        case string(String)
        case integer(Int64)
        /// No `id` given (or `null`): written as `null`.
        case missing

        public init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() { self = .missing } else if let i = try? c.decode(Int64.self) { self = .integer(i) } else {
                self = .string(try c.decode(String.self))
            }
        }
        public func encode(to encoder: Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .string(let s): try c.encode(s)
            case .integer(let i): try c.encode(i)
            case .missing: try c.encodeNil()
            }
        }
    }

    struct InputLine: Decodable {
        var id: LineID?
        var payload: String?
        var payloadBase64: String?
    }

    /// One output line.
    public struct OutputLine: Encodable, Sendable {
        public var id: LineID
        public var line: Int
        public var record: PaymentRecord?
        public var error: GiroError?
        /// A PDF or image line read as a document (`BatchDecoder.documents`).
        public var document: DocumentResult?

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(line, forKey: .line)
            if let record { try c.encode(record, forKey: .record) }
            if let error { try c.encode(error, forKey: .error) }
            if let document { try c.encode(document, forKey: .document) }
        }
        enum CodingKeys: String, CodingKey { case id, line, record, error, document }
    }

    /// One output line as compact JSON (sorted keys), without the newline.
    public static func json(_ out: OutputLine) -> String {
        if out.document != nil {
            let e = JSONEncoder()
            e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            if let data = try? e.encode(out) { return String(decoding: data, as: UTF8.self) }
        }
        var w = JSONWriter(capacity: 2048)
        w.object { o in
            if let error = out.error { o.key("error") { error.writeJSON(to: &$0) } }
            o.key("id") { w in
                switch out.id {
                case .string(let s): w.string(s)
                case .integer(let i): w.int(i)
                case .missing: w.null()
                }
            }
            o.key("line") { $0.int(out.line) }
            if let record = out.record { o.key("record") { record.writeJSON(to: &$0) } }
        }
        return String(decoding: w.bytes, as: UTF8.self)
    }

    /// Decodes one input line (without its `\n`) numbered `lineNumber` (1-based).
    public func decodeLine(_ raw: ArraySlice<UInt8>, lineNumber: Int, json: JSONDecoder = JSONDecoder()) -> OutputLine {
        var bytes = raw
        if bytes.last == 0x0D { bytes = bytes.dropLast() }
        func failure(_ id: LineID, _ e: GiroError) -> OutputLine { OutputLine(id: id, line: lineNumber, record: nil, error: e) }
        if bytes.count > lineLimit {
            return failure(.missing, GiroError(.payloadTooLarge, field: "line", line: lineNumber, "input line longer than \(lineLimit) bytes"))
        }
        guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x09 }) else {
            return failure(.missing, GiroError(.emptyPayload, field: "line", line: lineNumber, "empty input line"))
        }
        var id = LineID.missing
        let payload: [UInt8]
        if first == UInt8(ascii: "{") {
            var idValue: LineID?
            var text: [UInt8]?
            var base64: String?
            if let fast = BatchLineParser.parse(bytes) {
                idValue = fast.id
                text = fast.payload
                base64 = fast.payloadBase64.map { String(decoding: $0, as: UTF8.self) }
            } else if let input = try? json.decode(InputLine.self, from: Data(bytes)) {
                idValue = input.id
                text = input.payload.map { Array($0.utf8) }
                base64 = input.payloadBase64
            } else {
                return failure(.missing, GiroError(.inputInvalid, field: "line", line: lineNumber,
                                                "not a JSON object with \"payload\" or \"payloadBase64\""))
            }
            id = idValue ?? .missing
            if let text {
                payload = text
            } else if let b64 = base64 {
                guard let data = Data(base64Encoded: b64) else {
                    return failure(id, GiroError(.inputInvalid, field: "payloadBase64", line: lineNumber, "payloadBase64 is not valid base64"))
                }
                payload = [UInt8](data)
            } else {
                return failure(id, GiroError(.inputInvalid, field: "line", line: lineNumber, "the object has neither \"payload\" nor \"payloadBase64\""))
            }
        } else {
            payload = Array(bytes)
        }
        if let documents, PDFFile.isPDF(payload) || ImageFileFormat.detect(payload) != nil {
            do {
                return OutputLine(id: id, line: lineNumber, record: nil, error: nil, document: try documents.read(bytes: payload))
            } catch {
                return failure(id, error)
            }
        }
        do {
            return OutputLine(id: id, line: lineNumber, record: try decoder.decode(bytes: payload), error: nil)
        } catch {
            return failure(id, error)
        }
    }

    /// The NDJSON output of one block: UTF-8 bytes in `parts` (written in order, they give one line per
    /// input line, each ending in `\n`, in input order), plus how many lines are errors.
    public struct BlockResult: Sendable {
        public var parts: [[UInt8]]
        public var errorCount: Int
        /// All output bytes in one buffer.
        public var output: [UInt8] { parts.flatMap { $0 } }
        /// The output lines as strings (convenience for tests and small inputs).
        public var lines: [String] {
            output.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// Decodes a block of lines on `jobs` threads. Each worker takes a contiguous range of lines and
    /// renders its own output buffer, so the caller only writes `jobs` buffers in order.
    public func decodeBlock(_ lines: [ArraySlice<UInt8>], firstLineNumber: Int) -> BlockResult {
        let workers = min(jobs, max(1, lines.count))
        let chunk = (lines.count + workers - 1) / workers
        let slots = ResultSlots(count: workers)
        DispatchQueue.concurrentPerform(iterations: workers) { w in
            let json = JSONDecoder()
            let start = w * chunk
            let end = min(lines.count, start + chunk)
            var out: [UInt8] = []
            var errors = 0
            if start < end {
                out.reserveCapacity((end - start) * 1200)
                for i in start..<end {
                    let line = decodeLine(lines[i], lineNumber: firstLineNumber + i, json: json)
                    if line.record == nil && line.document == nil { errors += 1 }
                    out.append(contentsOf: Self.json(line).utf8)
                    out.append(0x0A)
                }
            }
            slots.set(w, out, errors: errors)
        }
        return BlockResult(parts: (0..<workers).map { slots.bytes($0) }, errorCount: slots.errorCount)
    }
}

/// Per-worker result storage: each worker writes only its own slot, exactly once, so no lock is
/// needed; the buffers are allocated once and never resized.
final class ResultSlots: @unchecked Sendable {
    private let buffers: UnsafeMutableBufferPointer<[UInt8]>
    private let errors: UnsafeMutableBufferPointer<Int>
    init(count: Int) {
        buffers = .allocate(capacity: count)
        buffers.initialize(repeating: [])
        errors = .allocate(capacity: count)
        errors.initialize(repeating: 0)
    }
    deinit {
        buffers.deinitialize()
        buffers.deallocate()
        errors.deallocate()
    }
    func set(_ i: Int, _ value: [UInt8], errors count: Int) {
        buffers[i] = value
        errors[i] = count
    }
    func bytes(_ i: Int) -> [UInt8] { buffers[i] }
    var errorCount: Int { errors.reduce(0, +) }
}
