import GiroCore

/// Address blocks (creditor, ultimate creditor, ultimate debtor): 7 lines each —
/// AdrTp, Name, StrtNmOrAdrLine1, BldgNbOrAdrLine2, PstCd, TwnNm, Ctry.
///
/// * `S` (structured): street and building number optional, postal code and town mandatory.
/// * `K` (combined, removed in IG 2.3): line 1 optional, line 2 ("postal code and town") mandatory,
///   postal code and town must be empty. Decoded into `address.lines`, reported under the dated rule
///   `address_combined_deprecated` (``SPCDatedRules``). A single-element `lines` means line 1 was empty.
extension SPCDecoder {
    /// `true` when all 7 lines of the block starting at `start` are empty.
    func blockIsEmpty(_ start: Int) -> Bool {
        for i in start..<(start + 7) where !isEmpty(i) { return false }
        return true
    }

    /// Decodes the block at `start` into a party; nil when the block is empty and not `required`.
    mutating func party(at start: Int, path: String, required: Bool) throws(GiroError) -> Party? {
        if blockIsEmpty(start) {
            if required {
                throw fail(.fieldMissing, field: path, at: start, "the \(path) name and address are mandatory")
            }
            return nil
        }
        let typeLine = start, nameLine = start + 1, line1 = start + 2, line2 = start + 3
        let postalLine = start + 4, townLine = start + 5, countryLine = start + 6

        let combined: Bool
        if line(typeLine, is: "S") {
            combined = false
        } else if line(typeLine, is: "K") {
            combined = true
        } else if isEmpty(typeLine) {
            throw fail(.addressInvalid, field: "\(path).address", at: typeLine,
                       "the address type is missing (S or K) although the \(path) block is filled")
        } else {
            throw fail(.addressInvalid, field: "\(path).address", at: typeLine,
                       "address type must be S (structured) or K (combined)")
        }

        // Banks pay without a name: kept, and the record can't be acted on without a look.
        let name = text(nameLine, field: "\(path).name", max: SPCLayout.nameMax)
        if name == nil {
            warn(.fieldMissing, field: "\(path).name", at: nameLine, uncertain: true, "the \(path) name is mandatory")
        }

        var address = Address()
        if combined {
            diagnostics.append(SPCDatedRules.structuredAddressOnly.violation(
                field: "\(path).address", line: typeLine + 1, offset: offset(typeLine)))
            let first = text(line1, field: "\(path).address.lines[0]", max: SPCLayout.combinedLineMax)
            guard let second = text(line2, field: "\(path).address.lines[1]", max: SPCLayout.combinedLineMax) else {
                throw fail(.fieldMissing, field: "\(path).address.lines[1]", at: line2,
                           "address line 2 (postal code and town) is mandatory for a combined address")
            }
            if !isEmpty(postalLine) {
                throw fail(.addressInvalid, field: "\(path).address.postalCode", at: postalLine,
                           "the postal code must be empty for a combined (K) address")
            }
            if !isEmpty(townLine) {
                throw fail(.addressInvalid, field: "\(path).address.town", at: townLine,
                           "the town must be empty for a combined (K) address")
            }
            address.lines = first.map { [$0, second] } ?? [second]
        } else {
            address.street = text(line1, field: "\(path).address.street", max: SPCLayout.streetMax)
            address.buildingNumber = text(line2, field: "\(path).address.buildingNumber", max: SPCLayout.buildingNumberMax)
            guard let postal = text(postalLine, field: "\(path).address.postalCode", max: SPCLayout.postalCodeMax) else {
                throw fail(.fieldMissing, field: "\(path).address.postalCode", at: postalLine,
                           "the postal code is mandatory for a structured (S) address")
            }
            guard let town = text(townLine, field: "\(path).address.town", max: SPCLayout.townMax) else {
                throw fail(.fieldMissing, field: "\(path).address.town", at: townLine,
                           "the town is mandatory for a structured (S) address")
            }
            address.postalCode = postal
            address.town = town
        }
        address.country = try country(countryLine, field: "\(path).address.country")
        return Party(name: name, address: address)
    }

    /// ISO 3166-1 alpha-2 country code, upper case, exactly as written.
    func country(_ index: Int, field: @autoclosure () -> String) throws(GiroError) -> String {
        let r = raw(index)
        // Fast path for the two countries of the scheme; everything else goes through the ISO table.
        if r.count == 2, let a = r.first, let b = r.last {
            if a == 67, b == 72 { return "CH" }
            if a == 76, b == 73 { return "LI" }
        }
        guard !r.isEmpty else {
            throw fail(.fieldMissing, field: field(), at: index, "the country code is mandatory")
        }
        guard r.count == 2, r.allSatisfy({ $0 >= 65 && $0 <= 90 }) else {
            throw fail(.countryInvalid, field: field(), at: index, "a country is a two-letter upper-case ISO 3166-1 code")
        }
        let code = String(decoding: r, as: UTF8.self)
        guard CountryCode.isValid(code) else {
            throw fail(.countryInvalid, field: field(), at: index, "\(code) is not an ISO 3166-1 country code")
        }
        return code
    }
}
