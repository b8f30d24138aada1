/// A checked value (IBAN mod 97, an account's or reference's check digits) read differently by the zone's looks
/// (another scale, a second binarisation): where looks of the same length disagree at a few characters, each
/// combination of their characters there is tried, and the one that passes the check is the value — only when
/// exactly one does (a check digit cannot tell two passing combinations apart). Bounded: at most
/// `maxDiffering` positions, `maxTries` checks.
enum SlipCheckChoice {
    static let maxDiffering = 4
    static let maxTries = 64

    /// The value passing `valid` and the positions (in the value without spaces) the looks disagreed at; nil when
    /// no or more than one combination passes, or the looks disagree at too many positions.
    static func combined(_ looks: [String], valid: (String) -> Bool) -> (value: String, positions: [Int])? {
        let compact = looks.prefix(8).map { Array($0.filter { !$0.isWhitespace }) }.filter { !$0.isEmpty && $0.count <= 64 }
        var found: (value: String, positions: [Int])?
        var tries = 0
        for length in Set(compact.map(\.count)).sorted() {
            let same = compact.filter { $0.count == length }
            guard same.count >= 2, let first = same.first else { continue }
            let differing = (0..<length).filter { i in same.contains { $0[i] != first[i] } }
            guard !differing.isEmpty, differing.count <= maxDiffering else { continue }
            let options = differing.map { i in
                same.map { $0[i] }.reduce(into: [Character]()) { if !$0.contains($1) { $0.append($1) } }
            }
            var index = [Int](repeating: 0, count: differing.count)
            let seen = Set(same.map { String($0) })
            while true {
                var chars = first
                for (n, i) in differing.enumerated() { chars[i] = options[n][index[n]] }
                let value = String(chars)
                if !seen.contains(value) {
                    tries += 1
                    guard tries <= maxTries else { return nil }
                    if valid(value) {
                        if let f = found, f.value != value { return nil }
                        found = (value, differing)
                    }
                }
                // Next combination (odometer); done when every position wrapped.
                var n = 0
                while n < index.count {
                    index[n] += 1
                    if index[n] < options[n].count { break }
                    index[n] = 0
                    n += 1
                }
                if n == index.count { break }
            }
        }
        return found
    }
}
