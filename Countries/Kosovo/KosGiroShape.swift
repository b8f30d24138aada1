/// The two symbol contents the plug-in reads; anything else is not claimed (no positional guessing).
enum KosGiroShape: Equatable {
    /// 15 digits and an upper-case letter (`152020000037764Y`, a Customs invoice's Kos-GIRO reference).
    case reference
    /// `XK` and 18 digits: an IBAN (`XK051212012345678906`).
    case iban

    static func of(_ b: ArraySlice<UInt8>) -> KosGiroShape? {
        switch b.count {
        case 16:
            guard let last = b.last, last >= 65, last <= 90, b.dropLast().allSatisfy(isDigit) else { return nil }
            return .reference
        case 20:
            guard b.first == UInt8(ascii: "X"), b.dropFirst().first == UInt8(ascii: "K"), b.dropFirst(2).allSatisfy(isDigit) else { return nil }
            return .iban
        default: return nil
        }
    }

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
}
