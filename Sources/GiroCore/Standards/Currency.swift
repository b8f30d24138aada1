/// ISO 4217 currency codes with their minor units (number of decimals).
package enum Currency {
    /// code → minor units. Funds codes and precious metals are omitted; they never appear on payment slips.
    static let minorUnitsTable: [String: Int] = {
        var t: [String: Int] = [:]
        let groups: [(Int, String)] = [
            (0, "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF"),
            (3, "BHD IQD JOD KWD LYD OMR TND"),
            (4, "CLF UYW"),
            (2, """
            AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD CDF \
            CHE CHF CHW CNY COP COU CRC CUC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ \
            GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK \
            MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB \
            SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD \
            USN UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG ZWL
            """),
        ]
        for (units, codes) in groups {
            for code in codes.split(separator: " ") where !code.isEmpty { t[String(code)] = units }
        }
        // Legacy codes still printed on archived slips (Croatian kuna until 2023).
        t["HRK"] = 2
        return t
    }()

    package static func isValid(_ code: String) -> Bool { minorUnitsTable[code] != nil }

    /// Number of decimals of the currency's minor unit, or nil for an unknown code.
    package static func minorUnits(of code: String) -> Int? { minorUnitsTable[code] }
}
