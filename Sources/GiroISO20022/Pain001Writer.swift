import Foundation
import GiroCore

/// Lays the checked transactions out as the flavour's XML: element names and order follow the XSDs under
/// `fixtures/iso20022/xsd/` (sequence order matters to a validator).
struct Pain001Writer {
    let flavor: Pain001Flavor
    let messageID: String
    let created: String
    let debtor: Debtor
    private var xml = XMLWriter()

    init(flavor: Pain001Flavor, messageID: String, created: String, debtor: Debtor) {
        self.flavor = flavor
        self.messageID = messageID
        self.created = created
        self.debtor = debtor
    }

    /// `BICFI` from version 09 on, `BIC` before.
    private var bicElement: String { flavor.isVersion09 ? "BICFI" : "BIC" }

    /// nil when the document would pass ``XMLWriter/maximumBytes``.
    mutating func write(_ transactions: [Pain001Transaction]) -> String? {
        // One payment block per execution date, dates ascending; transactions keep their input order.
        var blocks: [String: [Int]] = [:]
        for (i, t) in transactions.enumerated() { blocks[t.executionDate, default: []].append(i) }
        let (messageID, created, debtorName) = (self.messageID, self.created, debtor.name)
        xml.start("Document", attributes: [("xmlns", flavor.namespace)])
        xml.start("CstmrCdtTrfInitn")
        xml.group("GrpHdr") { w in
            w.element("MsgId", messageID)
            w.element("CreDtTm", created)
            w.element("NbOfTxs", String(transactions.count))
            w.element("CtrlSum", Self.sum(transactions))
            w.group("InitgPty") { $0.element("Nm", debtorName) }
        }
        for (n, date) in blocks.keys.sorted().enumerated() {
            let indices = blocks[date] ?? []
            writePaymentInformation(indices.map { transactions[$0] }, date: date, number: n + 1, indices: indices)
        }
        xml.end()
        xml.end()
        return xml.overflowed ? nil : xml.text
    }

    private mutating func writePaymentInformation(_ txs: [Pain001Transaction], date: String, number: Int, indices: [Int]) {
        let debtor = self.debtor
        xml.start("PmtInf")
        xml.element("PmtInfId", messageID + "-P" + String(number))
        xml.element("PmtMtd", "TRF")
        xml.element("NbOfTxs", String(txs.count))
        xml.element("CtrlSum", Self.sum(txs))
        if flavor == .sepa {
            xml.group("PmtTpInf") { w in w.group("SvcLvl") { $0.element("Cd", "SEPA") } }
        }
        if flavor.isVersion09 {
            xml.group("ReqdExctnDt") { $0.element("Dt", date) }
        } else {
            xml.element("ReqdExctnDt", date)
        }
        xml.group("Dbtr") { $0.element("Nm", debtor.name) }
        xml.group("DbtrAcct") { w in w.group("Id") { $0.element("IBAN", debtor.iban) } }
        writeDebtorAgent()
        if flavor == .sepa { xml.element("ChrgBr", "SLEV") }
        for (t, index) in zip(txs, indices) { writeTransaction(t, index: index) }
        xml.end()
    }

    private mutating func writeDebtorAgent() {
        let bicElement = self.bicElement
        let debtor = self.debtor
        let flavor = self.flavor
        xml.group("DbtrAgt") { w in
            w.group("FinInstnId") { w in
                if let bic = debtor.bic {
                    w.element(bicElement, bic)
                } else if flavor == .ch, let iid = debtor.swissIID {
                    // SPS: without a BIC the debtor's bank is named by its IID in the Swiss clearing system.
                    w.group("ClrSysMmbId") { w in
                        w.group("ClrSysId") { $0.element("Cd", "CHBCC") }
                        w.element("MmbId", iid)
                    }
                } else {
                    w.group("Othr") { $0.element("Id", "NOTPROVIDED") }
                }
            }
        }
    }

    private mutating func writeTransaction(_ t: Pain001Transaction, index: Int) {
        let (bicElement, flavor, messageID) = (self.bicElement, self.flavor, self.messageID)
        xml.start("CdtTrfTxInf")
        xml.group("PmtId") { $0.element("EndToEndId", messageID + "-" + String(index + 1)) }
        xml.group("Amt") { $0.element("InstdAmt", t.amountText, attributes: [("Ccy", t.currency)]) }
        if let bic = t.bic {
            xml.group("CdtrAgt") { w in w.group("FinInstnId") { $0.element(bicElement, bic) } }
        }
        xml.group("Cdtr") { w in
            w.element("Nm", t.creditorName)
            if let a = t.creditorAddress { Self.writeAddress(a, to: &w) }
        }
        xml.group("CdtrAcct") { w in w.group("Id") { $0.element("IBAN", t.iban) } }
        if let name = t.ultimateCreditorName {
            xml.group("UltmtCdtr") { $0.element("Nm", name) }
        }
        if let purpose = t.purpose {
            xml.group("Purp") { $0.element("Cd", purpose) }
        }
        if t.unstructured != nil || t.reference != nil {
            xml.group("RmtInf") { w in
                if let u = t.unstructured { w.element("Ustrd", u) }
                if let r = t.reference {
                    w.group("Strd") { w in
                        w.group("CdtrRefInf") { w in
                            w.group("Tp") { w in
                                w.group("CdOrPrtry") { w in
                                    if let code = r.code { w.element("Cd", code) } else if let p = r.proprietary { w.element("Prtry", p) }
                                }
                                if let issuer = r.issuer { w.element("Issr", issuer) }
                            }
                            w.element("Ref", r.value)
                        }
                        if flavor != .sepa, let more = t.additional { w.element("AddtlRmtInf", more) }
                    }
                }
            }
        }
        xml.end()
    }

    private static func writeAddress(_ a: Pain001Transaction.PostalAddress, to w: inout XMLWriter) {
        w.group("PstlAdr") { w in
            if let v = a.street { w.element("StrtNm", v) }
            if let v = a.buildingNumber { w.element("BldgNb", v) }
            if let v = a.postalCode { w.element("PstCd", v) }
            if let v = a.town { w.element("TwnNm", v) }
            if let v = a.country { w.element("Ctry", v) }
            for line in a.lines { w.element("AdrLine", line) }
        }
    }

    /// `CtrlSum`: the plain sum, at least two decimals.
    static func sum(_ txs: [Pain001Transaction]) -> String {
        DecimalText.format(txs.reduce(Decimal(0)) { $0 + $1.amount }, minimumFractionDigits: 2)
    }
}
