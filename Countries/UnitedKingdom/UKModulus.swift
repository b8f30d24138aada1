import GiroCore

/// UK sort code + account number modulus checking (Pay.UK / Vocalink "Validating account numbers", methods MOD10,
/// MOD11 and DBLAL with exceptions 1–14), on the weight table in `Data/` (version ``tableVersion``).
///
/// A pass means the account number *could* exist at that sort code, not that it does.
package enum UKModulus {
    /// Version of the weight and substitution tables (`7.90`).
    package static var tableVersion: String { UKModulusTables.version }
    /// First day the tables apply (`2024-08-17`).
    package static var tableValidFrom: String { UKModulusTables.validFrom }

    /// Checks a normalised account. Never traps; no allocation.
    package static func check(_ account: UKAccount) -> UKModulusResult {
        Engine.check(account)
    }

    /// Parses `"089999 66374958"` (see ``UKAccount/parse(_:tenDigitRule:)``) and checks it.
    /// Throws `input_invalid` (field `input`, `sortCode` or `account`, with the byte offset) for malformed input.
    package static func check(_ text: String, tenDigitRule: UKTenDigitRule = .automatic) throws(GiroError) -> UKModulusResult {
        Engine.check(try UKAccount.parse(text, tenDigitRule: tenDigitRule))
    }

    /// As ``check(_:tenDigitRule:)-(String,_)`` on UTF-8 bytes.
    package static func check(bytes: [UInt8], tenDigitRule: UKTenDigitRule = .automatic) throws(GiroError) -> UKModulusResult {
        Engine.check(try UKAccount.parse(bytes: bytes, tenDigitRule: tenDigitRule))
    }

    /// Sort code and account number as two values.
    package static func check(sortCode: String, account: String, tenDigitRule: UKTenDigitRule = .automatic) throws(GiroError) -> UKModulusResult {
        Engine.check(try UKAccount(sortCode: sortCode, account: account, tenDigitRule: tenDigitRule))
    }

    // MARK: - The table, for inspection

    /// One row of the weight table.
    package struct Row: Sendable, Hashable {
        package var start: UKSortCode
        package var end: UKSortCode
        package var method: UKModulusMethod
        /// u v w x y z a b c d e f g h.
        package var weights: [Int]
        package var exception: Int?
    }

    /// Every row of the weight table, in table order.
    package static var rows: [Row] {
        var out: [Row] = []
        for r in UKModulusTables.rangeStart.indices {
            let first = Int(UKModulusTables.rangeFirstRow[r])
            for row in first..<first + Int(UKModulusTables.rangeRowCount[r]) {
                out.append(Engine.row(row, start: UKModulusTables.rangeStart[r], end: UKModulusTables.rangeEnd[r]))
            }
        }
        return out
    }

    /// The rows that apply to a sort code (0, 1 or 2), in the order they are checked.
    package static func rows(for sortCode: UKSortCode) -> [Row] {
        guard let r = Engine.range(of: sortCode.rawValue) else { return [] }
        let first = Int(UKModulusTables.rangeFirstRow[r])
        return (first..<first + Int(UKModulusTables.rangeRowCount[r])).map {
            Engine.row($0, start: UKModulusTables.rangeStart[r], end: UKModulusTables.rangeEnd[r])
        }
    }

    /// Exception 5 sort-code substitutions (original → the sort code checked instead), ascending.
    package static var substitutions: [(original: UKSortCode, substitute: UKSortCode)] {
        zip(UKModulusTables.substitutionFrom, UKModulusTables.substitutionTo).compactMap { a, b in
            guard let o = UKSortCode(rawValue: a), let s = UKSortCode(rawValue: b) else { return nil }
            return (o, s)
        }
    }
}

/// The hot path: integers only. Digits are packed four bits each into a UInt64, u (sort code's first) highest.
enum Engine {
    // Positions in the 14-digit string u v w x y z a b c d e f g h.
    static let a = 6, b = 7, c = 8, g = 12, h = 13

    static let exception2Weights: [Int16] = [0, 0, 1, 2, 5, 3, 6, 4, 8, 7, 10, 9, 3, 1]
    static let exception2G9Weights: [Int16] = [0, 0, 0, 0, 0, 0, 0, 0, 8, 7, 10, 9, 3, 1]

    @inline(__always) static func digit(_ packed: UInt64, _ i: Int) -> Int {
        Int(truncatingIfNeeded: (packed &>> UInt64((13 - i) &* 4)) & 0xF)
    }

    @inline(__always) static func pack(sortCode: UInt32, account: UInt32) -> UInt64 {
        var packed: UInt64 = 0
        var s = sortCode % 1_000_000, n = account % 100_000_000
        var shift: UInt64 = 0
        for _ in 0..<8 {
            packed |= UInt64(n % 10) &<< shift
            n /= 10
            shift &+= 4
        }
        for _ in 0..<6 {
            packed |= UInt64(s % 10) &<< shift
            s /= 10
            shift &+= 4
        }
        return packed
    }

    /// Index of the range containing `sortCode`, or nil: branch-free binary search for the last range start
    /// ≤ `sortCode` (about ten conditional moves over a 2.8 kB table), then one comparison with its end.
    @inline(__always) static func range(of sortCode: UInt32) -> Int? {
        UKModulusTables.rangeStart.withUnsafeBufferPointer { starts -> Int? in
            guard let firstStart = starts.first, firstStart <= sortCode else { return nil }
            var base = 0, n = starts.count
            while n > 1 {
                let half = n &>> 1
                base = starts[base &+ half] <= sortCode ? base &+ half : base
                n &-= half
            }
            return sortCode <= UKModulusTables.rangeEnd[base] ? base : nil
        }
    }

    static func substitute(_ sortCode: UInt32) -> UInt32? {
        let from = UKModulusTables.substitutionFrom
        var lo = 0, hi = from.count
        while lo < hi {
            let mid = (lo &+ hi) &>> 1
            if from[mid] < sortCode { lo = mid &+ 1 } else { hi = mid }
        }
        return lo < from.count && from[lo] == sortCode ? UKModulusTables.substitutionTo[lo] : nil
    }

    static func row(_ row: Int, start: UInt32, end: UInt32) -> UKModulus.Row {
        let set = Int(UKModulusTables.rowWeightSet[row]) * 14
        let ex = Int(UKModulusTables.rowException[row])
        return UKModulus.Row(start: UKSortCode(clamping: start), end: UKSortCode(clamping: end),
                             method: method(UKModulusTables.rowMethod[row]),
                             weights: UKModulusTables.weightSets[set..<set + 14].map(Int.init),
                             exception: ex == 0 ? nil : ex)
    }

    @inline(__always) static func method(_ code: UInt8) -> UKModulusMethod {
        switch code {
        case 0: .mod10
        case 1: .mod11
        default: .dblal
        }
    }

    /// Σ weight × digit from position `from` (earlier positions weigh zero); DBLAL adds the products' digits.
    @inline(__always) static func total(_ weights: UnsafeBufferPointer<Int16>, base: Int, digits: UInt64, from: Int, dblal: Bool) -> Int {
        var total = 0
        var i = from
        while i < 14 {
            let p = Int(weights[base &+ i]) &* digit(digits, i)
            if dblal {
                var m = p < 0 ? -p : p
                var s = 0
                while m > 0 {
                    s &+= m % 10
                    m /= 10
                }
                total &+= p < 0 ? -s : s
            } else {
                total &+= p
            }
            i &+= 1
        }
        return total
    }

    /// Runs one row. `account` overrides the account digits (exception 14's shifted number).
    static func run(row: Int, rowNumber: Int, digits original: UInt64, sortCode: UInt32, account: UInt32?) -> UKModulusCheck {
        let ex = Int(UKModulusTables.rowException[row])
        let m = method(UKModulusTables.rowMethod[row])
        var check = UKModulusCheck(row: rowNumber, method: m, exception: ex == 0 ? nil : ex, outcome: .failed,
                                   weights: .table, sortCode: nil, account: nil, total: nil, remainder: nil, note: nil)
        var digits = original
        // Sort code substitutions "for check purposes only".
        var substituted: UInt32?
        switch ex {
        case 5: substituted = substitute(sortCode)
        case 8: substituted = 90_126
        case 9: substituted = 309_634
        default: break
        }
        if let s = substituted {
            digits = (digits & 0xFFFF_FFFF) | (pack(sortCode: s, account: 0) & ~UInt64(0xFFFF_FFFF))
            check.sortCode = UKSortCode(rawValue: s)
        }
        if let account {
            digits = (digits & ~UInt64(0xFFFF_FFFF)) | (pack(sortCode: 0, account: account) & 0xFFFF_FFFF)
            check.account = UKAccountNumber(rawValue: account)
            check.note = .exception14Shifted
        }
        let da = digit(original, a), dg = digit(original, g), dh = digit(original, h)
        var from = 0
        if ex == 2 && da != 0 {
            check.weights = dg == 9 ? .exception2G9 : .exception2
        } else if (ex == 7 && dg == 9) || (ex == 10 && dg == 9 && (da == 0 || da == 9) && digit(original, b) == 9) {
            check.weights = .zeroedUToB
            from = 8
        }
        let dblal = m == .dblal
        var sum: Int
        switch check.weights {
        case .exception2:
            sum = exception2Weights.withUnsafeBufferPointer { total($0, base: 0, digits: digits, from: 0, dblal: dblal) }
        case .exception2G9:
            sum = exception2G9Weights.withUnsafeBufferPointer { total($0, base: 0, digits: digits, from: 0, dblal: dblal) }
        case .table, .zeroedUToB:
            let base = Int(UKModulusTables.rowWeightSet[row]) &* 14
            sum = UKModulusTables.weightSets.withUnsafeBufferPointer { total($0, base: base, digits: digits, from: from, dblal: dblal) }
        }
        if ex == 1 { sum &+= 27 }
        let modulus = m == .mod11 ? 11 : 10
        var r = sum % modulus
        if r < 0 { r += modulus }
        check.total = sum
        check.remainder = r
        let passed: Bool
        switch (ex, m) {
        case (4, _): passed = r == dg &* 10 &+ dh
        case (5, .mod11): passed = r == 0 ? dg == 0 : (r != 1 && 11 - r == dg)
        case (5, .dblal): passed = r == 0 ? dh == 0 : 10 - r == dh
        default: passed = r == 0
        }
        check.outcome = passed ? .passed : .failed
        return check
    }

    static func skipped(row: Int, rowNumber: Int, note: UKModulusCheck.Note) -> UKModulusCheck {
        let ex = Int(UKModulusTables.rowException[row])
        return UKModulusCheck(row: rowNumber, method: method(UKModulusTables.rowMethod[row]), exception: ex == 0 ? nil : ex,
                              outcome: .skipped, weights: .table, sortCode: nil, account: nil, total: nil, remainder: nil, note: note)
    }

    static func check(_ account: UKAccount) -> UKModulusResult {
        let sc = account.sortCode.rawValue
        let number = account.number.rawValue
        var result = UKModulusResult(status: .valid, reason: .checksPassed, account: account, rows: 0, firstCheck: nil, secondCheck: nil)
        guard let r = range(of: sc) else {
            result.status = .notCheckable
            result.reason = .sortCodeNotInTable
            return result
        }
        let first = Int(UKModulusTables.rangeFirstRow[r])
        let count = Int(UKModulusTables.rangeRowCount[r])
        result.rows = count
        let digits = pack(sortCode: sc, account: number)
        let ex1 = UKModulusTables.rowException[first]
        let ex2: UInt8 = count > 1 ? UKModulusTables.rowException[first + 1] : 0

        // Exception 6: foreign-currency accounts (a = 4…8, g = h) cannot be checked.
        if ex1 == 6 || ex2 == 6 {
            let da = digit(digits, a)
            if da >= 4 && da <= 8 && digit(digits, g) == digit(digits, h) {
                result.status = .notCheckable
                result.reason = .foreignCurrencyAccount
                return result
            }
        }

        let c1 = run(row: first, rowNumber: 1, digits: digits, sortCode: sc, account: nil)
        result.firstCheck = c1
        let passed1 = c1.outcome == .passed

        if count == 1 {
            if passed1 || ex1 != 14 {
                result.status = passed1 ? .valid : .invalid
                result.reason = passed1 ? .checksPassed : .checkFailed
                return result
            }
            // Exception 14 (Coutts): the last digit must be 0, 1 or 9; drop it, put a 0 in front, check again.
            let last = digit(digits, h)
            let c2: UKModulusCheck
            if last == 0 || last == 1 || last == 9 {
                c2 = run(row: first, rowNumber: 1, digits: digits, sortCode: sc, account: number / 10)
            } else {
                var s = skipped(row: first, rowNumber: 1, note: .exception14LastDigit)
                s.outcome = .failed
                c2 = s
            }
            result.secondCheck = c2
            result.status = c2.outcome == .passed ? .valid : .invalid
            result.reason = c2.outcome == .passed ? .checksPassed : .checkFailed
            return result
        }

        let second = first + 1
        // Exceptions 2 & 9, 10 & 11, 12 & 13: either check passing is enough; the second runs only if the first failed.
        let eitherPasses = ex1 == 2 || ex1 == 10 || ex1 == 12 || ex2 == 9 || ex2 == 11 || ex2 == 13
        if eitherPasses {
            if passed1 {
                result.secondCheck = skipped(row: second, rowNumber: 2, note: .firstCheckPassed)
                result.status = .valid
                result.reason = .checksPassed
                return result
            }
        } else {
            if !passed1 {
                result.secondCheck = skipped(row: second, rowNumber: 2, note: .firstCheckFailed)
                result.status = .invalid
                result.reason = .checkFailed
                return result
            }
            if ex2 == 3 {
                let dc = digit(digits, c)
                if dc == 6 || dc == 9 {
                    result.secondCheck = skipped(row: second, rowNumber: 2, note: .exception3)
                    result.status = .valid
                    result.reason = .checksPassed
                    return result
                }
            }
        }
        let c2 = run(row: second, rowNumber: 2, digits: digits, sortCode: sc, account: nil)
        result.secondCheck = c2
        result.status = c2.outcome == .passed ? .valid : .invalid
        result.reason = c2.outcome == .passed ? .checksPassed : .checkFailed
        return result
    }
}
