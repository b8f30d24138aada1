import GiroCore

/// Builds HUB3 payloads field by field (every field LF-terminated, as the standard says).
enum HUB3Payload {
    /// EUR slip with the FINA example reference `HR01 102-3057-89016`.
    static let base: [String] = [
        "HRVHUB30", "EUR", "000000000012355", "Ivan Horvat", "Ilica 1", "10000 Zagreb", "Vodoopskrba d.o.o.",
        "Vukovarska 2", "10410 Velika Gorica", "HR1210010051863000160", "HR01", "102-3057-89016", "WTER", "Racun 12/2024",
    ]

    static func with(_ changes: [Int: String], _ fields: [String] = base) -> [String] {
        var f = fields
        for (i, v) in changes { f[i] = v }
        return f
    }

    static func bytes(_ fields: [String] = base, separator: String = "\n", tail: String = "\n") -> [UInt8] {
        Array((fields.joined(separator: separator) + tail).utf8)
    }

    static func changed(_ changes: [Int: String]) -> [UInt8] { bytes(with(changes)) }
}
