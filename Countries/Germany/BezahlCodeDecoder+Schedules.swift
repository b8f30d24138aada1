import GiroCore

/// Direct-debit mandates and standing orders.
extension BezahlCodeDecoder {
    /// `creditorid`, `mandateid`, `dateofsignature` (SEPA only) → `directDebit`.
    mutating func readDirectDebit(sepa: Bool) throws(GiroError) {
        var debit = DirectDebit()
        debit.scheme = sepa ? "sepa" : "other"
        debit.type = "one-off"
        record.directDebit = debit
        guard sepa else { return }
        if let text = text(.creditorID) {
            switch SEPACreditorID.check(text) {
            case .valid(let compact): debit.creditorID = compact
            case .invalid(let compact, let message):
                debit.creditorID = compact
                warn(.deCreditorIDInvalid, field: BezahlCodeParameter.creditorID.path, offset: offset(.creditorID),
                     uncertain: true, "\(message) ('\(text)')")
            }
        } else {
            warn(.fieldMissing, field: BezahlCodeParameter.creditorID.path, uncertain: true, "the SEPA creditor identifier ('creditorid') is missing")
        }
        if let mandate = text(.mandateID) {
            checkLength(mandate, .mandateID, limit: 35)
            debit.mandateID = mandate
        } else {
            warn(.fieldMissing, field: BezahlCodeParameter.mandateID.path, uncertain: true, "the mandate id ('mandateid') is missing")
        }
        record.directDebit = debit
        // A mandate is valid from its signature.
        debit.validFrom = try date(.dateOfSignature)
        record.directDebit = debit
    }

    /// `periodictimeunit` (M/W) × `periodictimeunitrotation` (1–52), first and last execution → `standingOrder`.
    mutating func readStandingOrder() throws(GiroError) {
        let unitPath = BezahlCodeParameter.periodicTimeUnit.path
        guard let unitText = text(.periodicTimeUnit) else {
            throw fail(.fieldMissing, field: unitPath, "a periodic payment needs 'periodictimeunit' (M or W)")
        }
        let unit = unitText.uppercased()
        guard unit == "M" || unit == "W" else {
            throw fail(.fieldInvalid, field: unitPath, offset: offset(.periodicTimeUnit), "'\(unitText)' is not a time unit (M or W)")
        }
        if unit != unitText { warn(.deCaseNormalized, field: unitPath, offset: offset(.periodicTimeUnit), "time unit upper-cased") }
        let rotation: Int
        if let text = text(.periodicTimeUnitRotation) {
            guard text.utf8.count <= 2, let n = Int(text), (1...52).contains(n) else {
                throw fail(.fieldInvalid, field: unitPath, offset: offset(.periodicTimeUnitRotation),
                           "'\(text)' is not a rotation 1–52 ('periodictimeunitrotation')")
            }
            rotation = n
        } else {
            rotation = 1
            warn(.fieldMissing, field: unitPath, uncertain: true, "'periodictimeunitrotation' is missing; every 1 \(unit) assumed")
        }
        var order = StandingOrder(frequency: Self.frequency(unit: unit, rotation: rotation), frequencyCode: "\(rotation)\(unit)")
        record.standingOrder = order
        order.firstDate = try date(.periodicFirstExecutionDate)
        record.standingOrder = order
        order.lastDate = try date(.periodicLastExecutionDate)
        if let first = order.firstDate, let last = order.lastDate, last < first {
            throw fail(.dateInvalid, field: BezahlCodeParameter.periodicLastExecutionDate.path, offset: offset(.periodicLastExecutionDate),
                       "the last execution (\(last)) is before the first (\(first))")
        }
        record.standingOrder = order
    }

    /// The record's normalized period, nil when there is none for this rotation (the code keeps it).
    static func frequency(unit: String, rotation: Int) -> String? {
        switch (unit, rotation) {
        case ("W", 1): "weekly"
        case ("W", 2): "biweekly"
        case ("M", 1): "monthly"
        case ("M", 2): "bimonthly"
        case ("M", 3): "quarterly"
        case ("M", 6): "semiannually"
        case ("M", 12): "annually"
        default: nil
        }
    }
}
