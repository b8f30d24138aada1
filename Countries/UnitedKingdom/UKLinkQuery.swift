import GiroCore

/// Parameter names of UK pay-by-bank links and the sniff over them.
enum UKLinkQuery {
    /// Names a sort code goes by in the links seen (lower case).
    static let sortCodeNames: [StaticString] = ["sortcode", "sort_code", "sort-code", "sc"]
    /// Names an account number goes by; only read next to a sort code.
    static let accountNames: [StaticString] = ["accountnumber", "account_number", "account-number", "accountno", "account", "acc"]

    static let fields: [String: PaymentLinkField] = {
        var f: [String: PaymentLinkField] = [
            "amount": .amount, "iban": .iban,
            "name": .creditorName, "payee": .creditorName,
            "reference": .reference, "ref": .reference,
            "description": .remittance, "d": .remittance,  // `d`: monzo.me's note
        ]
        for n in sortCodeKeys + accountKeys { f[n] = .national }
        return f
    }()

    /// The same names as strings, for the decoded query (built once, not per lookup).
    static let sortCodeKeys = sortCodeNames.map(\.description)
    static let accountKeys = accountNames.map(\.description)

    static func sortCode(_ link: PaymentLink) -> PaymentLink.QueryItem? { first(link, sortCodeKeys) }
    static func accountNumber(_ link: PaymentLink) -> PaymentLink.QueryItem? { first(link, accountKeys) }

    /// The first parameter with one of `names`, in query order (the first one written wins, as for every field).
    /// Every name starts with `s` or `a`: one byte compare skips the other parameters.
    static func first(_ link: PaymentLink, _ names: [String]) -> PaymentLink.QueryItem? {
        link.query.first { item in
            let b = item.name.utf8.first
            return (b == UInt8(ascii: "s") || b == UInt8(ascii: "a")) && names.contains(item.name)
        }
    }

    /// Whether a `monzo.me` path names a handle (`/jane/12.50`); Monzo's own pages (`/`) do not.
    static func hasMonzoHandle(_ path: String) -> Bool {
        let u = path.utf8
        return u.count > 1 && u.first == UInt8(ascii: "/") && u.dropFirst().first != UInt8(ascii: "/")  // the path has no query or fragment
    }

    /// The sniff's form of ``hasMonzoHandle(_:)``: `/` and a handle byte at `i` (Monzo's own pages are not links).
    static func startsWithHandle(_ bytes: [UInt8], at i: Int) -> Bool {
        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "/") else { return false }
        let b = bytes[i + 1]
        return b > 0x20 && b < 0x7F && b != UInt8(ascii: "/") && b != UInt8(ascii: "?") && b != UInt8(ascii: "#")
    }

    /// The sniff: whether the query (from `start` on) names both a sort code and an account number.
    /// Bytes only, no allocation; names written with percent escapes are not looked for.
    static func namesBankDetails(_ bytes: [UInt8], from start: Int) -> Bool {
        // The query starts at the first `?`, unless a fragment (`#`) comes first.
        guard var i = bytes[start...].firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }),
              bytes[i] == UInt8(ascii: "?") else { return false }
        var sortCode = false, account = false
        i += 1
        while i < bytes.count {
            var end = i
            while end < bytes.count, bytes[end] != UInt8(ascii: "="), bytes[end] != UInt8(ascii: "&"), bytes[end] != UInt8(ascii: "#") { end += 1 }
            let name = bytes[i..<end]
            if !sortCode, sortCodeNames.contains(where: { ASCIICase.equal(lowercase: $0, name) != nil }) { sortCode = true }
            else if !account, accountNames.contains(where: { ASCIICase.equal(lowercase: $0, name) != nil }) { account = true }
            if sortCode && account { return true }
            while end < bytes.count, bytes[end] != UInt8(ascii: "&"), bytes[end] != UInt8(ascii: "#") { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: "&") else { return false }
            i = end + 1
        }
        return false
    }
}
