/// ISO 11649 structured creditor reference: `RF` + 2 check digits + 1–21 alphanumerics.
public enum CreditorReference {
    /// Removes spaces and upper-cases; returns nil on characters other than alphanumerics and spaces.
    package static func compact(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(25)
        for b in bytes {
            switch b {
            case 0x20: continue
            case 97...122: out.append(b - 32)
            case 65...90, 48...57: out.append(b)
            default: return nil
            }
        }
        return out
    }

    /// `true` when the bytes look like an RF reference (prefix and length), regardless of check digits.
    package static func hasShape(_ u: [UInt8]) -> Bool {
        u.count >= 5 && u.count <= 25 && u[0] == 82 && u[1] == 70 && u[2] >= 48 && u[2] <= 57 && u[3] >= 48 && u[3] <= 57
    }

    /// Validates; returns the compact reference.
    package static func compact(_ bytes: [UInt8]) -> [UInt8]? { compact(bytes[...]) }

    package static func validate(_ bytes: [UInt8], field: String = "reference") throws(GiroError) -> String {
        try validate(bytes[...], field: field)
    }

    package static func validate(_ bytes: ArraySlice<UInt8>, field: String = "reference") throws(GiroError) -> String {
        guard let u = compact(bytes) else {
            throw GiroError(.referenceInvalid, field: field, "an RF reference holds letters and digits only")
        }
        guard hasShape(u) else {
            throw GiroError(.referenceInvalid, field: field, "an RF reference is RF, 2 check digits and 1–21 characters")
        }
        guard ISO7064.mod97(u[4...], then: u[0..<4]) == 1 else {
            throw GiroError(.referenceInvalidChecksum, field: field, "RF check digits do not match (mod 97)")
        }
        return String(decoding: u, as: UTF8.self)
    }

    public static func isValid(_ text: String) -> Bool { (try? validate(Array(text.utf8))) != nil }

    /// Builds `RFxx<body>` for an alphanumeric body of 1–21 characters.
    package static func make(_ body: String) -> String? {
        guard let u = compact(Array(body.utf8)[...]), !u.isEmpty, u.count <= 21,
              let r = ISO7064.mod97(u, then: Array("RF00".utf8)) else { return nil }
        let check = 98 - r
        return "RF" + (check < 10 ? "0" : "") + String(check) + String(decoding: u, as: UTF8.self)
    }

    /// Print form: groups of four.
    public static func format(_ compact: String) -> String {
        var out = ""
        for (i, ch) in compact.enumerated() {
            if i > 0, i % 4 == 0 { out.append(" ") }
            out.append(ch)
        }
        return out
    }
}

/// Swiss QR reference (QRR): 27 digits, the last one mod 10 recursive over the first 26; not all zeros.
public enum QRReference {
    package static func validate(_ bytes: [UInt8], field: String = "reference") throws(GiroError) -> String {
        try validate(bytes[...], field: field)
    }

    package static func validate(_ bytes: ArraySlice<UInt8>, field: String = "reference") throws(GiroError) -> String {
        var u: [UInt8] = []
        u.reserveCapacity(27)
        for b in bytes where b != 0x20 {
            guard b >= 48, b <= 57 else {
                throw GiroError(.referenceInvalid, field: field, "a QR reference holds digits only")
            }
            u.append(b)
        }
        guard u.count == 27 else {
            throw GiroError(.referenceInvalid, field: field, "a QR reference has 27 digits, found \(u.count)")
        }
        guard u.contains(where: { $0 != 48 }) else {
            throw GiroError(.referenceInvalid, field: field, "an all-zero QR reference is not allowed")
        }
        guard Mod10Recursive.isValid(u) else {
            throw GiroError(.referenceInvalidChecksum, field: field, "QR reference check digit does not match (mod 10 recursive)")
        }
        return String(decoding: u, as: UTF8.self)
    }

    public static func isValid(_ text: String) -> Bool { (try? validate(Array(text.utf8))) != nil }

    /// Print form: groups of five from the right (`21 00000 00003 13947 14300 09017`).
    public static func format(_ compact: String) -> String {
        let chars = Array(compact)
        var out = ""
        let head = chars.count % 5
        for (i, ch) in chars.enumerated() {
            if i > 0, (i - head) % 5 == 0 { out.append(" ") }
            out.append(ch)
        }
        return out
    }
}
