import Foundation
import GiroCore

/// The standard attributes of one descriptor, by key: position in `descriptor.attributes`, -1 when absent (an
/// array of optional attributes cost ~3,000 instructions per payload just to fill with nil).
struct SPAYDAttributes {
    let descriptor: ShortDescriptor
    var seen = SPAYDKey.noneSeen

    func attribute(_ key: SPAYDKey) -> ShortDescriptor.Attribute? {
        let n = seen[key.rawValue]
        return n >= 0 ? descriptor.attributes[n] : nil
    }

    /// The attribute when present with a non-empty value (empty optional values read as absent).
    func present(_ key: SPAYDKey) -> ShortDescriptor.Attribute? {
        let n = seen[key.rawValue]
        guard n >= 0, !descriptor.attributes[n].raw.isEmpty else { return nil }
        return descriptor.attributes[n]
    }
}

/// The descriptor's envelope: byte-order mark, trailing line breaks, the attribute list and its CRC32.
extension SPAYDDecoder {
    /// The parsed descriptor and where its header starts (after a byte-order mark).
    mutating func descriptor(_ payload: Payload) throws(GiroError) -> (ShortDescriptor, start: Int) {
        var bytes = payload.bytes
        let start = PayloadLimits.bomLength(bytes)
        if start > 0 { warn(.byteOrderMark, field: "payload", offset: 0, "UTF-8 byte-order mark before the header") }
        // Scanners and copy-paste often add a line break; a value never contains one.
        var trailing = 0
        while let last = bytes.last, last == 0x0A || last == 0x0D { bytes.removeLast(); trailing += 1 }
        if trailing > 0 {
            warn(.trailingNewline, field: "payload", offset: bytes.count, "line break after the descriptor removed")
        }
        do {
            let d = try ShortDescriptor.parse(bytes, from: start, format: format, headers: ["SPD", "SCD"], keys: SPAYDKey.names,
                                              diagnostics: &diagnostics)
            return (d, start)
        } catch {
            throw fail(error.code, field: error.field, offset: error.offset, error.message)
        }
    }

    /// Every standard key found once and within its length; unknown keys kept in extras (numbered when repeated).
    mutating func indexAttributes(_ d: ShortDescriptor, extras: inout [String: String]) throws(GiroError) -> SPAYDAttributes {
        var found = SPAYDAttributes(descriptor: d)
        var repeats: [String: Int] = [:]
        for n in d.attributes.indices {
            // Standard keys are checked in place; copying every attribute cost more than the checks.
            if let key = SPAYDKey(d.attributes[n]) {
                if found.seen[key.rawValue] >= 0 {
                    let a = d.attributes[n]
                    throw fail(.duplicateKey, a, "\(a.key) occurs more than once")
                }
                found.seen[key.rawValue] = n
                let length = d.attributes[n].raw.count
                if key.kind == .structured, length > key.max {
                    let a = d.attributes[n]
                    throw fail(.fieldTooLong, a, "\(a.key) has \(length) characters; at most \(key.max)")
                }
            } else {
                let a = d.attributes[n]
                if !a.key.hasPrefix("X-") {
                    warn(.unknownKey, a, "\(a.key) is not a SPAYD key; kept in extras as \(SPAYDExtrasKey.unknown(a.key))")
                }
                // Repeats are numbered (X-CUSTOM, X-CUSTOM#2, …) so no value is lost.
                let n = (repeats[a.key] ?? 0) + 1
                repeats[a.key] = n
                let name = n == 1 ? a.key : "\(a.key)#\(n)"
                extras[SPAYDExtrasKey.unknown(name)] = text(a, max: nil)
            }
        }
        return found
    }

    /// CRC32 (optional): 8 hex digits over the canonical form; a mismatch rejects (the data may be altered).
    func checkCRC(_ attributes: SPAYDAttributes, extras: inout [String: String]) throws(GiroError) {
        guard let crc = attributes.attribute(.crc32) else { return }
        guard crc.raw.count == 8, crc.raw.allSatisfy({ PercentDecoding.hex($0) != nil }) else {
            throw fail(.fieldInvalid, crc, "CRC32 must be 8 hex digits")
        }
        let d = attributes.descriptor
        let written = String(decoding: crc.raw, as: UTF8.self).uppercased()
        let computed = CRC32.hex(SPAYDCanonical.checksum(header: d.header, version: d.version, attributes: d.attributes))
        extras[SPAYDExtrasKey.crc32] = written
        guard written == computed else {
            throw fail(.crcMismatch, crc, "CRC32 is \(written) but the content gives \(computed); the data may be altered")
        }
    }
}
