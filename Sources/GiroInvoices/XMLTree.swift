import CLibXML2
import GiroCore

/// One element of a parsed document: namespace and local name, attributes, text and children. Small documents only
/// (an invoice); ``XMLLimits`` bounds what is built.
struct XMLNode: Sendable {
    var namespace: String
    var name: String
    var attributes: [String: String]
    var text: String
    var children: [XMLNode]
    var line: Int

    /// The first child with this local name (namespaces are not compared: UBL and CII never reuse a local name
    /// across namespaces at the same place).
    func child(_ name: String) -> XMLNode? { children.first { $0.name == name } }
    func children(_ name: String) -> [XMLNode] { children.filter { $0.name == name } }

    /// The element at a path of local names below this one.
    func at(_ path: String...) -> XMLNode? { at(path) }
    func at(_ path: [String]) -> XMLNode? {
        var node = self
        for step in path {
            guard let next = node.child(step) else { return nil }
            node = next
        }
        return node
    }

    /// Trimmed text at a path; nil when absent or blank.
    func string(_ path: String...) -> String? {
        guard let node = at(path) else { return nil }
        let t = node.text.trimmingASCIIWhitespace
        return t.isEmpty ? nil : t
    }

    var trimmedText: String? {
        let t = text.trimmingASCIIWhitespace
        return t.isEmpty ? nil : t
    }
}

/// Bounds on an XML input: bytes, nesting depth, number of elements and of characters of text.
public struct XMLLimits: Sendable, Hashable {
    public var maxBytes: Int
    public var maxDepth: Int
    public var maxElements: Int

    /// 8 MiB, depth 64, 200 000 elements: a large EN 16931 invoice with thousands of lines stays well inside.
    public init(maxBytes: Int = 8 << 20, maxDepth: Int = 64, maxElements: Int = 200_000) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxElements = maxElements
    }
}

/// Builds an ``XMLNode`` tree with libxml2's pull reader. No DTD, no entity: a `<!DOCTYPE` or an entity
/// reference is refused (`xml_dtd_forbidden`) before anything it declares is used.
enum XMLTreeReader {
    static func read(_ bytes: [UInt8], limits: XMLLimits) throws(GiroError) -> XMLNode {
        guard bytes.count <= limits.maxBytes else {
            throw GiroError(.xmlTooLarge, field: "xml", "the document has \(bytes.count) bytes; the limit is \(limits.maxBytes)")
        }
        // Caught before libxml2 reads the internal subset (UTF-8 and ASCII documents; others are caught below).
        if let at = firstDoctype(bytes) {
            throw GiroError(.xmlDTDForbidden, field: "xml", offset: at, "a document type declaration (DTD) is not accepted")
        }
        var status: Int32 = 0
        let result: Result<XMLNode, GiroError> = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let reader = gxr_open(base, buffer.count, &status) else {
                if status == Int32(GXR_UNAVAILABLE) {
                    let why = giro_libxml2_load_error().map { String(cString: $0) } ?? "unknown reason"
                    return .failure(GiroError(.xmlUnavailable, field: "xml", "libxml2 cannot be opened (\(why)); install the Debian package libxml2"))
                }
                return .failure(GiroError(.xmlInvalid, field: "xml", "libxml2 could not start reading the document"))
            }
            defer { gxr_close(reader) }
            return build(reader, limits: limits)
        }
        return try result.get()
    }

    private static func firstDoctype(_ bytes: [UInt8]) -> Int? {
        let needle = Array("<!DOCTYPE".utf8)
        guard bytes.count >= needle.count else { return nil }
        var i = 0
        while i + needle.count <= bytes.count {
            if bytes[i] == 0x3C, Array(bytes[i..<(i + needle.count)]) == needle { return i }
            i += 1
        }
        return nil
    }

    private static func build(_ reader: OpaquePointer, limits: XMLLimits) -> Result<XMLNode, GiroError> {
        var stack: [XMLNode] = []
        var root: XMLNode?
        var elements = 0
        while true {
            let step = gxr_read(reader)
            if step == 0 { break }
            if step < 0 {
                let message = gxr_error(reader).map { String(cString: $0) } ?? "not well-formed"
                let line = Int(gxr_error_line(reader))
                return .failure(GiroError(.xmlInvalid, field: "xml", line: line > 0 ? line : nil, "the XML is not well-formed: \(message)"))
            }
            let type = gxr_node_type(reader)
            switch type {
            case 1:
                elements += 1
                guard elements <= limits.maxElements else {
                    return .failure(GiroError(.xmlTooManyElements, field: "xml", line: Int(gxr_line(reader)),
                                              "more than \(limits.maxElements) elements"))
                }
                guard Int(gxr_depth(reader)) < limits.maxDepth else {
                    return .failure(GiroError(.xmlTooDeep, field: "xml", line: Int(gxr_line(reader)),
                                              "elements nested deeper than \(limits.maxDepth)"))
                }
                var node = XMLNode(namespace: text(gxr_namespace_uri(reader)), name: text(gxr_local_name(reader)),
                                   attributes: [:], text: "", children: [], line: Int(gxr_line(reader)))
                let empty = gxr_is_empty_element(reader) == 1
                while gxr_next_attribute(reader) == 1 {
                    node.attributes[text(gxr_local_name(reader))] = text(gxr_value(reader))
                }
                if empty { attach(node, to: &stack, root: &root) } else { stack.append(node) }
            case 15:
                guard let done = stack.popLast() else { break }
                attach(done, to: &stack, root: &root)
            case 3, 4, 14:
                if !stack.isEmpty { stack[stack.count - 1].text += text(gxr_value(reader)) }
            case 5, 6, 10:
                return .failure(GiroError(.xmlDTDForbidden, field: "xml", line: Int(gxr_line(reader)),
                                          "entities and document type declarations are not accepted"))
            default:
                break
            }
        }
        guard let root else { return .failure(GiroError(.xmlInvalid, field: "xml", "the document has no root element")) }
        return .success(root)
    }

    private static func attach(_ node: XMLNode, to stack: inout [XMLNode], root: inout XMLNode?) {
        if stack.isEmpty { root = node } else { stack[stack.count - 1].children.append(node) }
    }

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }
}

extension String {
    var trimmingASCIIWhitespace: String {
        let u = Array(utf8)
        var start = 0, end = u.count
        while start < end, u[start] == 0x20 || u[start] == 0x0A || u[start] == 0x0D || u[start] == 0x09 { start += 1 }
        while end > start, u[end - 1] == 0x20 || u[end - 1] == 0x0A || u[end - 1] == 0x0D || u[end - 1] == 0x09 { end -= 1 }
        return start == 0 && end == u.count ? self : String(decoding: u[start..<end], as: UTF8.self)
    }
}
