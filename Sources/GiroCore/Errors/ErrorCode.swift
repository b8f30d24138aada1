/// A stable, machine-readable code for an error or a diagnostic (`snake_case`).
///
/// Codes are part of Giro's public contract: they never change meaning once released.
/// A code names *what* is wrong; whether it rejects the payload or is tolerated is decided by each
/// format (and shown by `GiroError` vs. a `Diagnostic`'s severity) — e.g. `field_too_long` rejects an
/// EPC name but only warns on a Swiss address line. The two groups below are by typical use.
/// Plug-ins may define their own codes with `ErrorCode("…")`; the shared ones are listed here.
public struct ErrorCode: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }

    public init(from decoder: Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }
}

// MARK: - Errors (the payload is rejected)
extension ErrorCode {
    public static let unknownFormat: ErrorCode = "unknown_format"
    public static let emptyPayload: ErrorCode = "empty_payload"
    public static let payloadTooLarge: ErrorCode = "payload_too_large"
    public static let headerInvalid: ErrorCode = "header_invalid"
    public static let versionUnsupported: ErrorCode = "version_unsupported"
    public static let structureInvalid: ErrorCode = "structure_invalid"
    public static let fieldMissing: ErrorCode = "field_missing"
    public static let fieldTooLong: ErrorCode = "field_too_long"
    public static let fieldInvalid: ErrorCode = "field_invalid"
    public static let charsetInvalid: ErrorCode = "charset_invalid"
    public static let charsetUnsupported: ErrorCode = "charset_unsupported"
    public static let ibanInvalidChecksum: ErrorCode = "iban_invalid_checksum"
    public static let ibanInvalidLength: ErrorCode = "iban_invalid_length"
    public static let ibanInvalidFormat: ErrorCode = "iban_invalid_format"
    public static let ibanInvalidCountry: ErrorCode = "iban_invalid_country"
    public static let ibanInvalidBBAN: ErrorCode = "iban_invalid_bban"
    public static let ibanInvalidNationalCheck: ErrorCode = "iban_invalid_national_check"
    public static let ibanCountryNotAllowed: ErrorCode = "iban_country_not_allowed"
    public static let bicInvalid: ErrorCode = "bic_invalid"
    public static let amountInvalid: ErrorCode = "amount_invalid"
    public static let amountOutOfRange: ErrorCode = "amount_out_of_range"
    public static let currencyInvalid: ErrorCode = "currency_invalid"
    public static let currencyNotAllowed: ErrorCode = "currency_not_allowed"
    public static let countryInvalid: ErrorCode = "country_invalid"
    public static let referenceInvalid: ErrorCode = "reference_invalid"
    public static let referenceInvalidChecksum: ErrorCode = "reference_invalid_checksum"
    public static let referenceTypeInvalid: ErrorCode = "reference_type_invalid"
    public static let qrIBANRequiresQRReference: ErrorCode = "qr_iban_requires_qr_reference"
    public static let qrReferenceRequiresQRIBAN: ErrorCode = "qr_reference_requires_qr_iban"
    public static let addressInvalid: ErrorCode = "address_invalid"
    public static let trailerInvalid: ErrorCode = "trailer_invalid"
    public static let tooManyAlternativeSchemes: ErrorCode = "too_many_alternative_schemes"
    public static let serviceTagInvalid: ErrorCode = "service_tag_invalid"
    public static let identificationInvalid: ErrorCode = "identification_invalid"
    public static let dateInvalid: ErrorCode = "date_invalid"
    public static let inputInvalid: ErrorCode = "input_invalid"
    /// The payload is recognised but is not a payment order (a fiscal receipt URL, an invoice-only
    /// document …). The message says what it is; scanners report such symbols instead of failing.
    public static let notAPayment: ErrorCode = "not_a_payment"
    /// A checksum carried in the payload (SPAYD `CRC32`, PAY by square CRC-32) does not match its content.
    public static let crcMismatch: ErrorCode = "crc_mismatch"
    /// A key or tag that may occur once occurs again.
    public static let duplicateKey: ErrorCode = "duplicate_key"
}

// MARK: - Warnings (the payload is accepted; see docs/decoding-policy.md and "Tolerances" in Countries/<Country>/README.md)
extension ErrorCode {
    public static let byteOrderMark: ErrorCode = "byte_order_mark"
    public static let trailingNewline: ErrorCode = "trailing_newline"
    public static let trailingEmptyLines: ErrorCode = "trailing_empty_lines"
    public static let lineEndingsMixed: ErrorCode = "line_endings_mixed"
    public static let lineEndingCR: ErrorCode = "line_ending_cr"
    public static let lineEndingCRCRLF: ErrorCode = "line_ending_crcrlf"
    public static let nulPadding: ErrorCode = "nul_padding"
    public static let whitespaceTrimmed: ErrorCode = "whitespace_trimmed"
    public static let ibanSpaces: ErrorCode = "iban_spaces"
    public static let ibanLowercase: ErrorCode = "iban_lowercase"
    /// `-` or `.` inside an IBAN, removed.
    public static let ibanSeparators: ErrorCode = "iban_separators"
    /// A BIC written with spaces or lower case, compacted.
    public static let bicNormalized: ErrorCode = "bic_normalized"
    /// A reference written with spaces or lower case, compacted.
    public static let referenceNotCompact: ErrorCode = "reference_not_compact"
    public static let amountSpaces: ErrorCode = "amount_spaces"
    public static let minorVersion: ErrorCode = "minor_version"
    public static let charsetFallback: ErrorCode = "charset_fallback"
    public static let charsetMismatch: ErrorCode = "charset_mismatch"
    public static let payloadOverLimit: ErrorCode = "payload_over_limit"
    public static let bicMissing: ErrorCode = "bic_missing"
    public static let bicCountryMismatch: ErrorCode = "bic_country_mismatch"
    public static let remittanceBothForms: ErrorCode = "remittance_both_forms"
    public static let referenceUnclassified: ErrorCode = "reference_unclassified"
    public static let purposeInvalid: ErrorCode = "purpose_invalid"
    public static let addressCombinedDeprecated: ErrorCode = "address_combined_deprecated"
    public static let ultimateCreditorReserved: ErrorCode = "ultimate_creditor_reserved"
    public static let characterOutsideSet: ErrorCode = "character_outside_set"
    public static let additionalInformationTooLong: ErrorCode = "additional_information_too_long"
    public static let billInformationInvalid: ErrorCode = "bill_information_invalid"
    public static let unicodeNormalized: ErrorCode = "unicode_normalized"
    public static let amountZero: ErrorCode = "amount_zero"
    public static let instantIdentification: ErrorCode = "instant_identification"
    /// A version the decoder does not know, read with the rules of the newest known one.
    public static let versionUnknown: ErrorCode = "version_unknown"
    /// A key the format does not define, kept in `extras`.
    public static let unknownKey: ErrorCode = "unknown_key"
    /// The last field of a line format that terminates every field (HUB3, UPN QR) has no separator.
    public static let finalSeparatorMissing: ErrorCode = "final_separator_missing"
    /// A national reference model (`HR`/`SI`/Serbian) that the model table does not define; not checked.
    public static let referenceModelUnknown: ErrorCode = "reference_model_unknown"
    /// A reserved field (one the format says must be empty or spaces) holds content; kept in `extras`.
    public static let reservedFieldUsed: ErrorCode = "reserved_field_used"
    /// An optional field holds a placeholder (all-zero bank code, a BIC that is not ISO 9362 …); dropped.
    public static let placeholderValue: ErrorCode = "placeholder_value"
}
