/// PAY by square classifier tables (formats-cee §5.3, after the specification's Table 15).
enum PayBySquareTables {
    static let versions = ["1.0.0", "1.1.0", "1.2.0"]

    /// Periodicity letters → normalized standing-order period.
    static let periodicity: [UInt8: String] = [
        UInt8(ascii: "d"): "daily", UInt8(ascii: "w"): "weekly", UInt8(ascii: "b"): "biweekly",
        UInt8(ascii: "m"): "monthly", UInt8(ascii: "B"): "bimonthly", UInt8(ascii: "q"): "quarterly",
        UInt8(ascii: "s"): "semiannually", UInt8(ascii: "a"): "annually",
    ]

    /// PaymentOptions bits.
    static let options: [(bit: Int, name: String)] = [(1, "paymentOrder"), (2, "standingOrder"), (4, "directDebit")]

    /// Invoice by square document types (header nibble 3).
    static let invoiceDocuments = ["invoice", "proforma invoice", "credit note", "debit note", "advance invoice"]

    /// Month bit set (January = 1 … December = 2048) → month numbers.
    static func months(_ mask: Int) -> [Int] { (0..<12).filter { mask & (1 << $0) != 0 }.map { $0 + 1 } }
}
