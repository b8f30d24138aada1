import Foundation
import GiroCore

/// Accounts (R, O), amount (I), payment code (SF), MCC (M), one-time code (JS), references (RO, RP).
extension IPSDecoder {
    /// R: 18 digits (bank 3 + account 13 + control 2, mod 97). `bbb-n…-kk` is accepted with a warning.
    mutating func payeeAccount(required: Bool) throws(GiroError) -> Account? {
        guard let raw = value(.r) else {
            if required { throw fail(.fieldMissing, tag: .r, "R (payee account) is mandatory") }
            return nil
        }
        switch account(raw, tag: .r) {
        case .success(let a): return a
        case .failure(let problem): throw fail(.ipsAccountInvalid, tag: .r, problem.message)
        }
    }

    /// O: the payer's account; an invalid one is kept as written with a warning (the payer's data does not
    /// decide where the money goes); an all-zero bank code is a placeholder, dropped with `placeholder_value`.
    mutating func payerAccount() -> Account? {
        guard let raw = value(.o) else { return nil }
        if raw.count >= 3, raw.prefix(3).allSatisfy({ $0 == 48 }) {
            warn(.placeholderValue, tag: .o, "account \(String(decoding: raw, as: UTF8.self)) has bank code 000 (a placeholder); dropped")
            return nil
        }
        switch account(raw, tag: .o) {
        case .success(let a): return a
        case .failure(let problem):
            warn(.ipsAccountInvalid, tag: .o, problem.message + "; kept as written")
            return Account(number: String(decoding: raw, as: UTF8.self))
        }
    }

    struct AccountProblem: Error { let message: String }

    mutating func account(_ raw: ArraySlice<UInt8>, tag: IPSTag) -> Result<Account, AccountProblem> {
        var text: String { String(decoding: raw, as: UTF8.self) }  // only for messages
        let compactForm = raw.count == 18 && raw.allSatisfy { $0 >= 48 && $0 <= 57 }
        guard raw.count <= 20, let a = Mod97AccountNumber(bytes: raw) else {
            let shape = compactForm || (raw.count <= 20 && raw.allSatisfy { ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: "-") })
            return .failure(AccountProblem(message: shape && compactForm
                ? "account \(text): the control digits do not match (mod 97)"
                : "the account must be 18 digits (bank 3, account 13, control 2)"))
        }
        if !compactForm { warn(.ipsAccountNotCompact, tag: tag, "account written \(text); read as \(a.compact)") }
        return .success(Account(iban: a.iban(country: "RS"), number: a.formatted, bankCode: a.bankCode))
    }

    /// I: `RSD` + integer + `,` + 0–2 decimals, 5–18 characters, at most 999 999 999 999,99.
    mutating func amount(required: Bool) throws(GiroError) -> Amount? {
        guard let raw = value(.i) else {
            if required { throw fail(.fieldMissing, tag: .i, "I (currency and amount) is mandatory") }
            return nil
        }
        guard raw.count >= 3, raw.prefix(3).elementsEqual("RSD".utf8) else {
            let letters = raw.prefix(3)
            if letters.count == 3, letters.allSatisfy({ $0 >= 65 && $0 <= 90 }) {
                throw fail(.currencyNotAllowed, tag: .i, "IPS amounts are in RSD, found \(String(decoding: letters, as: UTF8.self))")
            }
            throw fail(.amountInvalid, tag: .i, "the amount must be RSD followed by digits, a comma and up to 2 decimals (RSD1234,56)")
        }
        let number = raw.dropFirst(3)
        var integer = 0
        var fraction = 0
        var comma = false
        for b in number {
            if b == UInt8(ascii: ",") {
                guard !comma else { throw fail(.amountInvalid, tag: .i, "more than one decimal comma") }
                comma = true
            } else if b >= 48, b <= 57 {
                if comma { fraction += 1 } else { integer += 1 }
            } else {
                let shown = b == UInt8(ascii: ".") ? "'.' (the decimal separator is a comma)" : "'\(String(decoding: [b], as: UTF8.self))'"
                throw fail(.amountInvalid, tag: .i, "the amount contains \(shown)")
            }
        }
        guard integer >= 1 else { throw fail(.amountInvalid, tag: .i, "the amount needs an integer digit (RSD0,01, not RSD,01)") }
        guard fraction <= 2 else { throw fail(.amountInvalid, tag: .i, "at most 2 decimals") }
        guard integer <= 12 else { throw fail(.amountOutOfRange, tag: .i, "the amount must not exceed 999999999999,99") }
        if !comma { warn(.ipsAmountNoComma, tag: .i, "no decimal comma (RSD100 for RSD100,); read as whole dinars") }
        var digits = Array(number.filter { $0 != UInt8(ascii: ",") })
        digits += [UInt8](repeating: 48, count: 2 - fraction)
        let minor = digits.reduce(UInt64(0)) { $0 * 10 + UInt64($1 - 48) }
        if minor == 0 { info(.amountZero, tag: .i, "amount 0: the payer enters the amount") }
        return Amount(value: Decimal(sign: .plus, exponent: -2, significand: Decimal(minor)), currency: "RSD")
    }

    /// SF: 3 digits; form 1 (cash) or 2 (non-cash), basis from the NBS list. Mandatory on PR.
    mutating func paymentCode(kind: String) -> String? {
        guard let t = text(.sf) else {
            if kind == "PR" { warn(.fieldMissing, tag: .sf, field: "purpose", uncertain: true, "SF (payment code) is mandatory on PR") }
            return nil
        }
        let u = Array(t.utf8)
        guard u.count == 3, u.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
            warn(.ipsPaymentCodeInvalid, tag: .sf, "'\(t)' is not a 3-digit payment code; kept as written")
            return t
        }
        let basis = Int(u[1] - 48) * 10 + Int(u[2] - 48)
        if u[0] != UInt8(ascii: "1") && u[0] != UInt8(ascii: "2") {
            warn(.ipsPaymentCodeInvalid, tag: .sf, "payment code \(t): the first digit is 1 (cash) or 2 (non-cash)")
        } else if !Self.paymentBases.contains(basis) {
            warn(.ipsPaymentCodeInvalid, tag: .sf, "payment code \(t): basis \(u[1] - 48)\(u[2] - 48) is not in the NBS list")
        }
        return t
    }

    /// Payment bases (2nd–3rd digit of SF) of the NBS list.
    static let paymentBases: Set<Int> = Set([20, 21, 22, 23, 24, 25, 26, 27, 28, 31, 40, 41, 42, 44, 45, 46, 47, 48, 49, 53, 54, 57, 58]
        + Array(60...66) + Array(70...73) + Array(75...90))

    /// M: 4 digits; expected on PT and EK.
    mutating func mcc(kind: String) -> String? {
        guard let t = text(.m) else {
            if kind == "PT" || kind == "EK" {
                warn(.fieldMissing, tag: .m, uncertain: true, "M (merchant category code) is expected on \(kind)")
            }
            return nil
        }
        if t.utf8.count != 4 || !t.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            warn(.fieldInvalid, tag: .m, "'\(t)' is not a 4-digit merchant category code; kept as written")
        }
        return t
    }

    /// JS: 5 digits (Prilog 1 text says up to 10; implementations use 5).
    mutating func oneTimeCode() -> String? {
        guard let t = text(.js) else { return nil }
        let u = t.utf8
        if u.count < 5 || u.count > 10 || !u.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            warn(.fieldInvalid, tag: .js, "'\(t)' is not a one-time code of 5 digits; kept as written")
        }
        return t
    }

    /// RP: exactly 19 characters (TID 8 + YY 2 + Julian day 3 + sequence 6).
    mutating func posReference() -> String? {
        guard let t = text(.rp) else { return nil }
        if t.utf8.count != 19 { warn(.fieldInvalid, tag: .rp, "RP has \(t.utf8.count) characters, the specification says 19; kept") }
        return t
    }

    /// RO: model (2 digits) + reference, checked through ``TwoDigitReferenceModels``: a failing check under a
    /// known model rejects (`reference_invalid_checksum`, the reference in `partial`); a reference that
    /// cannot be checked (no model, a model outside the table) is kept and makes the record uncertain.
    mutating func reference() throws(GiroError) -> Reference? {
        guard let raw = value(.ro) else { return nil }
        var u = Array(raw)
        if u.contains(0x20) {
            u.removeAll { $0 == 0x20 }
            warn(.referenceNotCompact, tag: .ro, "spaces removed from the reference")
        }
        let text = String(decoding: u, as: UTF8.self)
        guard u.count >= 2, u[0] >= 48, u[0] <= 57, u[1] >= 48, u[1] <= 57 else {
            warn(.referenceTypeInvalid, tag: .ro, uncertain: true, "RO starts with a two-digit model (97, 22, 11, 00…); kept verbatim")
            return Reference(type: .other, value: text, valid: nil)
        }
        let model = String(decoding: u[0..<2], as: UTF8.self)
        let rest = String(decoding: u[2...], as: UTF8.self)
        let check = TwoDigitReferenceModels.check(model: model, reference: rest)
        let reference = check.reference(type: .serbianModel, value: text)
        if !check.known {
            warn(.referenceModelUnknown, tag: .ro, uncertain: true, "model \(model) is not in the NBS model table; not checked")
        } else if !check.valid {
            record.reference = reference
            throw fail(.referenceInvalidChecksum, tag: .ro, "\(model) \(rest): " + check.problems.joined(separator: "; "))
        }
        return reference
    }
}

/// Names and addresses (N, P) and single-line texts.
extension IPSDecoder {
    /// Multi-line text (N, P): lines split at LF, CR LF or CR, trimmed, empty ones dropped; `max`
    /// characters, 3 lines.
    mutating func lines(_ tag: IPSTag, max: Int) -> [String]? {
        guard let raw = value(tag) else { return nil }
        var out: [String] = []
        var count = 0
        var start = raw.startIndex
        var i = raw.startIndex
        func flush(_ end: Int) {
            var lo = start
            var hi = end
            while lo < hi, raw[lo] == 0x20 || raw[lo] == 0x09 { lo += 1 }
            while hi > lo, raw[hi - 1] == 0x20 || raw[hi - 1] == 0x09 { hi -= 1 }
            if lo < hi { out.append(String(decoding: raw[lo..<hi], as: UTF8.self)) }
        }
        while i < raw.endIndex {
            let b = raw[i]
            if b == 0x0A || b == 0x0D {
                flush(i)
                if b == 0x0D, i + 1 < raw.endIndex, raw[i + 1] == 0x0A { i += 1 }
                count += 1
                start = i + 1
            } else if b & 0xC0 != 0x80 {
                count += 1
            }
            i += 1
        }
        flush(raw.endIndex)
        if count > max { warn(.fieldTooLong, tag: tag, "\(count) characters, IPS QR allows \(max)") }
        if out.count > 3 { warn(.fieldTooLong, tag: tag, "\(out.count) lines, IPS QR allows 3") }
        return out.isEmpty ? nil : out
    }

    /// Single-line text with a character limit (warning `field_too_long`).
    mutating func single(_ tag: IPSTag, max: Int) -> String? {
        guard let t = text(tag) else { return nil }
        let count = t.unicodeScalars.count
        if count > max { warn(.fieldTooLong, tag: tag, "\(count) characters, IPS QR allows \(max)") }
        return t
    }
}
