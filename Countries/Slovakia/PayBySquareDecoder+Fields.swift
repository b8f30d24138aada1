import Foundation
import GiroCore

/// The typed field readers of ``PayBySquareDecoder``, in document order through ``TabFields``.
extension PayBySquareDecoder {
    func string(_ b: ArraySlice<UInt8>) -> String? { b.isEmpty ? nil : String(decoding: b, as: UTF8.self) }

    // The readers below take field paths as autoclosures: a path like `payments[0].bankAccounts[1].iban`
    // is built only when a diagnostic needs it (eager paths were ~10% of a decode).

    /// Free text: over `max` characters is kept whole with a warning.
    mutating func text(_ field: @autoclosure () -> String, max: Int) -> String? {
        let (b, off) = fields.next()
        guard let s = string(b) else { return nil }
        if s.count > max { warn(.fieldTooLong, field: field(), offset: off, "\(s.count) characters; at most \(max) (kept whole)") }
        return s
    }

    mutating func count(_ field: @autoclosure () -> String, max: Int) throws(GiroError) -> Int {
        let (b, off) = fields.next()
        guard !fields.ranOut else { throw fail(.structureInvalid, field: field(), offset: nil, "the data ends before \(field())") }
        guard !b.isEmpty, b.count <= 3, b.allSatisfy({ $0 >= 48 && $0 <= 57 }), let n = Int(String(decoding: b, as: UTF8.self)),
              n >= 1 else {
            throw fail(.fieldInvalid, field: field(), offset: off, "\(field()) must be a number ≥ 1")
        }
        guard n <= max else { throw fail(.fieldInvalid, field: field(), offset: off, "\(n) is more than the \(max) Giro accepts") }
        return n
    }

    mutating func digits(_ field: @autoclosure () -> String, max: Int) throws(GiroError) -> String? {
        let (b, off) = fields.next()
        guard !b.isEmpty else { return nil }
        guard b.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { throw fail(.fieldInvalid, field: field(), offset: off, "\(field()) must be digits") }
        guard b.count <= max else { throw fail(.fieldTooLong, field: field(), offset: off, "\(b.count) digits; at most \(max)") }
        return String(decoding: b, as: UTF8.self)
    }

    /// `YYYYMMDD`; an impossible date is a warning (the spec validates softly) and reads as absent.
    mutating func date(_ field: @autoclosure () -> String) -> String? {
        let (b, off) = fields.next()
        guard !b.isEmpty else { return nil }
        guard let iso = CompactDate.iso(b) else {
            warn(.dateInvalid, field: field(), offset: off, uncertain: true, "'\(String(decoding: b, as: UTF8.self))' is not a real date YYYYMMDD; ignored")
            return nil
        }
        return iso
    }

    mutating func decimal(_ field: @autoclosure () -> String) throws(GiroError) -> Decimal? {
        let (b, off) = fields.next()
        guard !b.isEmpty else { return nil }
        let dot = b.firstIndex(of: 0x2E)
        let fraction = dot.map { b.endIndex - $0 - 1 } ?? 0
        guard b.count <= 15, fraction <= 2, let v = DecimalText.parseUnsigned(b) else {
            throw fail(.amountInvalid, field: field(), offset: off, "\(field()) must be a decimal with '.' and at most 2 decimals (15 characters)")
        }
        return v
    }

    /// `''`/`0` = no, `1` = yes (an empty flag is what the official generator writes).
    mutating func flag(_ field: @autoclosure () -> String) throws(GiroError) -> Bool {
        let (b, off) = fields.next()
        switch (b.count, b.first) {
        case (0, _), (1, 48?): return false
        case (1, 49?): return true
        default: throw fail(.fieldInvalid, field: field(), offset: off, "\(field()) must be 0 or 1")
        }
    }

    mutating func account(_ path: @autoclosure () -> String) throws(GiroError) -> Account {
        let (ib, off) = fields.next()
        guard !ib.isEmpty else { throw fail(.fieldMissing, field: path() + ".iban", offset: off, "IBAN is missing") }
        var account: Account
        do {
            let (iban, compaction) = try IBAN.validate(ib, field: path() + ".iban")
            account = Account(iban: iban.compact)
            if !compaction.isUnchanged { warn(.ibanSpaces, field: path() + ".iban", offset: off, "IBAN written with spaces, separators or lower case") }
        } catch where error.code == .ibanInvalidNationalCheck {
            // The national check runs last: every other check passed, mod-97 included (decoding policy).
            let (compact, compaction) = IBAN.compact(ib)
            account = Account(iban: String(decoding: compact, as: UTF8.self))
            warn(.ibanInvalidNationalCheck, field: path() + ".iban", offset: off, uncertain: true, error.message + "; the IBAN's mod-97 is correct")
            if !compaction.isUnchanged { warn(.ibanSpaces, field: path() + ".iban", offset: off, "IBAN written with spaces, separators or lower case") }
        } catch {
            throw fail(error.code, field: path() + ".iban", offset: off, error.message)
        }
        let (bb, boff) = fields.next()
        if !bb.isEmpty {
            if let bic = try? BIC.validate(bb, field: path() + ".bic") {
                account.bic = bic
                // Some banks (ČSOB, mBank) refuse codes whose BIC does not belong to the IBAN's country.
                if let iban = account.iban, iban.utf8.count >= 2, !bic.utf8.dropFirst(4).prefix(2).elementsEqual(iban.utf8.prefix(2)) {
                    warn(.bicCountryMismatch, field: path() + ".bic", offset: boff, uncertain: true,
                         "BIC country \(bic.dropFirst(4).prefix(2)) does not match the IBAN's \(iban.prefix(2))")
                }
            } else {
                // An optional BIC that is not ISO 9362 is a placeholder (decoding policy).
                warn(.placeholderValue, field: path() + ".bic", offset: boff,
                     "'\(String(decoding: bb.prefix(16), as: UTF8.self))' is not a BIC (ISO 9362); dropped")
            }
        }
        if let iban = account.iban, iban.hasPrefix("SK") || iban.hasPrefix("CZ"), let domestic = PrefixedAccountNumber(iban: iban) {
            account.number = domestic.formatted
            account.bankCode = domestic.bankCode
        }
        return account
    }
}
