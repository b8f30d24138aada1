/// Bankgirot's table of the banks' account numbers ("Bankernas kontonummer", README.md §Sources): clearing-number
/// range → bank, account type and comment. Facts, not code: the rows as the table lists them.
///
/// Type 1: clearing (4) + account (7) = 11 digits, 11-modul; comment 1: the check covers the last 10 digits
/// (clearing without its first digit + account), comment 2: all 11. Type 2: the clearing number is not part of
/// the account; comment 1: 10-digit account, 10-modul; comment 2 (Handelsbanken): 9-digit account, 11-modul;
/// comment 3 (Swedbank 8xxx-x, Plusgirot): up to 10 digits, 10-modul.
enum SwedishClearingTable {
    struct Row: Sendable {
        let from: Int
        let to: Int
        let bank: String
        let type: Int
        let comment: Int
    }

    static func row(_ clearing: Int) -> Row? {
        rows.first { clearing >= $0.from && clearing <= $0.to }
    }

    // Type 2 rows first: 3300 and 3782 sit inside Nordea's type-1 ranges in some editions.
    static let rows: [Row] = [
        Row(from: 3300, to: 3300, bank: "Nordea (personkonto)", type: 2, comment: 1),
        Row(from: 3782, to: 3782, bank: "Nordea (personkonto)", type: 2, comment: 1),
        Row(from: 6000, to: 6999, bank: "Handelsbanken", type: 2, comment: 2),
        Row(from: 8000, to: 8999, bank: "Swedbank", type: 2, comment: 3),
        Row(from: 9180, to: 9189, bank: "Danske Bank", type: 2, comment: 1),
        Row(from: 9300, to: 9349, bank: "Swedbank (f.d. Sparbanken Öresund)", type: 2, comment: 1),
        Row(from: 9500, to: 9549, bank: "Nordea/Plusgirot", type: 2, comment: 3),
        Row(from: 9570, to: 9579, bank: "Sparbanken Syd", type: 2, comment: 1),
        Row(from: 9890, to: 9899, bank: "Riksgälden", type: 2, comment: 1),
        Row(from: 9960, to: 9969, bank: "Nordea/Plusgirot", type: 2, comment: 3),

        Row(from: 1100, to: 1199, bank: "Nordea", type: 1, comment: 1),
        Row(from: 1200, to: 1399, bank: "Danske Bank", type: 1, comment: 1),
        Row(from: 1400, to: 2099, bank: "Nordea", type: 1, comment: 1),
        Row(from: 2300, to: 2399, bank: "Ålandsbanken", type: 1, comment: 2),
        Row(from: 2400, to: 2499, bank: "Danske Bank", type: 1, comment: 1),
        Row(from: 3000, to: 3299, bank: "Nordea", type: 1, comment: 1),
        Row(from: 3301, to: 3399, bank: "Nordea", type: 1, comment: 1),
        Row(from: 3400, to: 3409, bank: "Länsförsäkringar Bank", type: 1, comment: 1),
        Row(from: 3410, to: 3781, bank: "Nordea", type: 1, comment: 1),
        Row(from: 3783, to: 3999, bank: "Nordea", type: 1, comment: 1),
        Row(from: 4000, to: 4999, bank: "Nordea", type: 1, comment: 2),
        Row(from: 5000, to: 5999, bank: "SEB", type: 1, comment: 1),
        Row(from: 7000, to: 7999, bank: "Swedbank", type: 1, comment: 1),
        Row(from: 9020, to: 9029, bank: "Länsförsäkringar Bank", type: 1, comment: 2),
        Row(from: 9040, to: 9049, bank: "Citibank", type: 1, comment: 2),
        Row(from: 9060, to: 9069, bank: "Länsförsäkringar Bank", type: 1, comment: 1),
        Row(from: 9070, to: 9079, bank: "Multitude Bank", type: 1, comment: 1),
        Row(from: 9100, to: 9109, bank: "Nordnet Bank", type: 1, comment: 2),
        Row(from: 9120, to: 9124, bank: "SEB", type: 1, comment: 1),
        Row(from: 9130, to: 9149, bank: "SEB", type: 1, comment: 1),
        Row(from: 9150, to: 9169, bank: "Skandiabanken", type: 1, comment: 2),
        Row(from: 9170, to: 9179, bank: "IKANO Bank", type: 1, comment: 1),
        Row(from: 9190, to: 9199, bank: "DNB Bank", type: 1, comment: 2),
        Row(from: 9230, to: 9239, bank: "Marginalen Bank", type: 1, comment: 1),
        Row(from: 9250, to: 9259, bank: "SBAB", type: 1, comment: 1),
        Row(from: 9260, to: 9269, bank: "DNB Bank", type: 1, comment: 2),
        Row(from: 9270, to: 9279, bank: "ICA Banken", type: 1, comment: 1),
        Row(from: 9280, to: 9289, bank: "Resurs Bank", type: 1, comment: 1),
        Row(from: 9390, to: 9399, bank: "Landshypotek", type: 1, comment: 2),
        Row(from: 9400, to: 9449, bank: "Forex Bank", type: 1, comment: 1),
        Row(from: 9460, to: 9469, bank: "Santander Consumer Bank", type: 1, comment: 1),
        Row(from: 9470, to: 9479, bank: "BNP Paribas", type: 1, comment: 2),
        Row(from: 9550, to: 9569, bank: "Avanza Bank", type: 1, comment: 2),
        Row(from: 9580, to: 9589, bank: "Aion Bank", type: 1, comment: 1),
        Row(from: 9590, to: 9599, bank: "Erik Penser", type: 1, comment: 2),
        Row(from: 9630, to: 9639, bank: "Lån & Spar Bank Sverige", type: 1, comment: 1),
        Row(from: 9640, to: 9649, bank: "Nordax Bank", type: 1, comment: 2),
        Row(from: 9650, to: 9659, bank: "MedMera Bank", type: 1, comment: 2),
        Row(from: 9660, to: 9669, bank: "Svea Bank", type: 1, comment: 2),
        Row(from: 9670, to: 9679, bank: "JAK Medlemsbank", type: 1, comment: 2),
        Row(from: 9680, to: 9689, bank: "BlueStep Finans", type: 1, comment: 1),
        Row(from: 9700, to: 9709, bank: "Ekobanken", type: 1, comment: 2),
        Row(from: 9710, to: 9719, bank: "Lunar Bank", type: 1, comment: 2),
        Row(from: 9750, to: 9759, bank: "Northmill Bank", type: 1, comment: 2),
        Row(from: 9780, to: 9789, bank: "Klarna Bank", type: 1, comment: 2),
        Row(from: 9880, to: 9889, bank: "Riksgälden", type: 1, comment: 2),
    ]
}
