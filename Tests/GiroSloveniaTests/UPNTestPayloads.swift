import GiroCore

/// Builds UPN QR payloads field by field, with the control sum computed the way the standard says.
enum UPNPayload {
    /// The Navodilo example (vector upnqr-1), fields 1–19.
    static let base: [String] = [
        "UPNQR", "", "", "", "", "Janez Novak", "Dunajska ulica 1", "1000 Ljubljana", "00000008105", "", "", "RENT",
        "Plačilo najemnine za marec 2017", "01.04.2017", "SI56020170014356205", "SI121234567890120", "RentaCar d.o.o.",
        "Pohorska ulica 22", "2000 Maribor",
    ]

    static func with(_ changes: [Int: String], _ fields: [String] = base) -> [String] {
        var f = fields
        for (i, v) in changes { f[i] = v }
        return f
    }

    /// ISO-8859-2 bytes of fields 1–19 + their computed control sum, each LF-terminated.
    static func bytes(_ fields: [String] = base, checksum: String? = nil, separator: String = "\n", tail: String = "\n",
                      charset: Charset = .iso8859_2) -> [UInt8] {
        let sum = fields.reduce(19) { $0 + $1.unicodeScalars.count }
        let cs = checksum ?? String(repeating: "0", count: max(0, 3 - String(sum).count)) + String(sum)
        let text = (fields + [cs]).joined(separator: separator) + tail
        return charset.encode(text) ?? []
    }

    static func changed(_ changes: [Int: String]) -> [UInt8] { bytes(with(changes)) }
}
