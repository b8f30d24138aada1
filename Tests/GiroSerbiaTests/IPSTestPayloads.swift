/// Builds NBS IPS payloads from (tag, value) pairs.
enum IPSPayload {
    /// A printed-bill (PR) code with every PR tag (the medigeek fixture, vector nbs-ips-1).
    static let base: [(String, String)] = [
        ("K", "PR"), ("V", "01"), ("C", "1"), ("R", "160000000000060216"), ("N", "Telekom Srbija A.D.\nTakovska 2\nBeograd"),
        ("I", "RSD999,99"), ("P", "SAVVAS RADEVIĆ\nIMEULICE 01\n11000 BEOGRAD 6"), ("SF", "189"),
        ("S", "MTS Račun 01/2020 12345566/2"), ("RO", "97082240113797893"),
    ]

    static func text(_ tags: [(String, String)]) -> String { tags.map { "\($0.0):\($0.1)" }.joined(separator: "|") }

    static func bytes(_ tags: [(String, String)] = base) -> [UInt8] { Array(text(tags).utf8) }

    /// The base with `tag` set to `value` (nil removes it; a new tag is appended).
    static func changed(_ tag: String, _ value: String?) -> [UInt8] {
        var t = base
        if let i = t.firstIndex(where: { $0.0 == tag }) {
            if let value { t[i].1 = value } else { t.remove(at: i) }
        } else if let value {
            t.append((tag, value))
        }
        return bytes(t)
    }
}
