/// BSB institution prefixes (AusPayNet's numbering, as listed in the README's sources): the first two or three
/// digits name the financial institution. A three-digit prefix wins over a two-digit one.
enum BSBInstitutions {
    struct Institution: Sendable {
        var prefix: String
        /// AusPayNet's three-letter mnemonic; empty where the sources give none.
        var code: String
        var name: String
    }

    static let all: [Institution] = [
        .init(prefix: "01", code: "ANZ", name: "Australia and New Zealand Banking Group"),
        .init(prefix: "03", code: "WBC", name: "Westpac Banking Corporation"),
        .init(prefix: "73", code: "WBC", name: "Westpac Banking Corporation"),
        .init(prefix: "06", code: "CBA", name: "Commonwealth Bank of Australia"),
        .init(prefix: "76", code: "CBA", name: "Commonwealth Bank of Australia"),
        .init(prefix: "40", code: "CST", name: "Commonwealth Bank of Australia"),
        .init(prefix: "42", code: "TBT", name: "Commonwealth Bank of Australia"),
        .init(prefix: "52", code: "TBT", name: "Commonwealth Bank of Australia"),
        .init(prefix: "08", code: "NAB", name: "National Australia Bank"),
        .init(prefix: "78", code: "NAB", name: "National Australia Bank"),
        .init(prefix: "09", code: "RBA", name: "Reserve Bank of Australia"),
        .init(prefix: "10", code: "BSA", name: "BankSA (a division of Westpac)"),
        .init(prefix: "11", code: "STG", name: "St.George Bank (a division of Westpac)"),
        .init(prefix: "33", code: "SGP", name: "St.George Bank (a division of Westpac)"),
        .init(prefix: "12", code: "BQL", name: "Bank of Queensland"),
        .init(prefix: "14", code: "PIB", name: "Rabobank Australia"),
        .init(prefix: "15", code: "T&C", name: "Town & Country Bank (ANZ)"),
        .init(prefix: "18", code: "MBL", name: "Macquarie Bank"),
        .init(prefix: "19", code: "BOM", name: "Bank of Melbourne (a division of Westpac)"),
        .init(prefix: "55", code: "BML", name: "Bank of Melbourne (a division of Westpac)"),
        .init(prefix: "21", code: "CMB", name: "JPMorgan Chase Bank"),
        .init(prefix: "22", code: "BNP", name: "BNP Paribas"),
        .init(prefix: "23", code: "BAL", name: "Bank of America"),
        .init(prefix: "24", code: "CTI", name: "Citibank"),
        .init(prefix: "510", code: "CNA", name: "Citibank N.A."),
        .init(prefix: "25", code: "BPS", name: "BNP Paribas Securities Services"),
        .init(prefix: "26", code: "BTA", name: "Bankers Trust Australia (Westpac)"),
        .init(prefix: "29", code: "BOT", name: "MUFG Bank"),
        .init(prefix: "30", code: "BWA", name: "Bankwest (a division of the Commonwealth Bank)"),
        .init(prefix: "31", code: "MCU", name: "Bank Australia"),
        .init(prefix: "325", code: "BYB", name: "Beyond Bank Australia"),
        .init(prefix: "34", code: "HBA", name: "HSBC Bank Australia"),
        .init(prefix: "985", code: "HSB", name: "HSBC Bank Australia"),
        .init(prefix: "35", code: "BOC", name: "Bank of China"),
        .init(prefix: "980", code: "BCA", name: "Bank of China (Australia)"),
        .init(prefix: "41", code: "DBA", name: "Deutsche Bank"),
        .init(prefix: "48", code: "MET", name: "Suncorp-Metway"),
        .init(prefix: "61", code: "", name: "Adelaide Bank (Bendigo and Adelaide Bank)"),
        .init(prefix: "633", code: "BBL", name: "Bendigo Bank"),
        .init(prefix: "70", code: "CUS", name: "Indue"),
        .init(prefix: "923", code: "ING", name: "ING Bank (Australia)"),
    ]

    /// The institution a BSB's digits belong to; nil for a prefix not in the table.
    static func institution(_ digits: [UInt8]) -> Institution? {
        guard digits.count >= 3 else { return nil }
        let three = String(decoding: digits[0..<3], as: UTF8.self)
        if let hit = all.first(where: { $0.prefix == three }) { return hit }
        let two = String(decoding: digits[0..<2], as: UTF8.self)
        return all.first(where: { $0.prefix == two })
    }

    /// The state or territory a two-digit-prefix BSB's third digit names (three-digit prefixes have none).
    static func state(_ digit: UInt8) -> String? {
        switch digit {
        case UInt8(ascii: "2"): "NSW/ACT"
        case UInt8(ascii: "3"): "VIC"
        case UInt8(ascii: "4"): "QLD"
        case UInt8(ascii: "5"): "SA/NT"
        case UInt8(ascii: "6"): "WA"
        case UInt8(ascii: "7"): "TAS"
        default: nil
        }
    }
}
