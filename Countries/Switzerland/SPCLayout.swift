import GiroCore

/// Line indices (0-based) and field limits of the Swiss Payments Code, IG QR-bill 2.0–2.3 §4.2.
enum SPCLayout {
    static let qrType = 0
    static let version = 1
    static let codingType = 2
    static let iban = 3
    /// First line of the creditor address block (7 lines: AdrTp, Name, Line1, Line2, PstCd, TwnNm, Ctry).
    static let creditor = 4
    /// First line of the ultimate creditor block (reserved; must be empty).
    static let ultimateCreditor = 11
    static let amount = 18
    static let currency = 19
    /// First line of the ultimate debtor block.
    static let debtor = 20
    static let referenceType = 27
    static let reference = 28
    static let unstructuredMessage = 29
    static let trailer = 30
    static let billInformation = 31
    static let firstAlternativeScheme = 32

    /// Lines after removing trailing empty lines: 31 (up to the trailer) … 34 (two alternative schemes).
    static let minLines = 31
    static let maxLines = 34
    static let maxAlternativeSchemes = 2

    /// IG 4.1: the symbol holds at most 997 characters (QR version 25, error correction M).
    static let maxCharacters = 997

    // Field limits in characters (IG table "Data elements in the QR-bill").
    static let nameMax = 70
    static let streetMax = 70
    static let buildingNumberMax = 16
    static let combinedLineMax = 70
    static let postalCodeMax = 16
    static let townMax = 35
    static let unstructuredMessageMax = 140
    static let billInformationMax = 140
    /// Ustrd + StrdBkgInf together.
    static let additionalInformationMax = 140
    static let alternativeSchemeMax = 100
}
