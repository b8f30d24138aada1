import Foundation
import GiroCore

/// What the debtor side of a pain.001 needs, and the knobs tests pin.
public struct Pain001Options: Sendable, Hashable {
    public var flavor: Pain001Flavor
    public var debtorName: String
    public var debtorIBAN: String
    public var debtorBIC: String?
    /// `YYYY-MM-DD` for every transfer; nil: each record's due date when it is not past, otherwise the creation day.
    public var executionDate: String?
    /// `MsgId`, 1–20 of `A-Z a-z 0-9 -`; nil: `GIRO` and the creation time. Payment and transaction ids derive from it.
    public var messageID: String?
    /// `CreDtTm`; nil: now. Interpreted in UTC.
    public var creationDate: Date?

    public init(flavor: Pain001Flavor = .sepa, debtorName: String, debtorIBAN: String, debtorBIC: String? = nil,
                executionDate: String? = nil, messageID: String? = nil, creationDate: Date? = nil) {
        self.flavor = flavor
        self.debtorName = debtorName
        self.debtorIBAN = debtorIBAN
        self.debtorBIC = debtorBIC
        self.executionDate = executionDate
        self.messageID = messageID
        self.creationDate = creationDate
    }
}

/// A written customer credit-transfer initiation.
public struct Pain001Document: Sendable, Hashable {
    /// The XML, UTF-8.
    public var xml: String
    public var messageID: String
    public var numberOfTransactions: Int
    /// Sum of every instructed amount (`CtrlSum`), whatever their currencies.
    public var controlSum: Decimal
    /// Every change made to fit the flavour (characters replaced, text cut, text left out), by record field.
    public var warnings: [Diagnostic]
}

/// Decoded records → an ISO 20022 `pain.001` customer credit-transfer initiation.
public enum Pain001Export {
    /// Records per message.
    public static let maximumRecords = 10_000

    /// Writes the records as one message, one payment block per execution date. Throws on the first record
    /// that cannot be a credit transfer (its index in `field`, `records[3].amount`).
    public static func document(_ records: [PaymentRecord], options: Pain001Options) throws(GiroError) -> Pain001Document {
        guard !records.isEmpty, records.count <= maximumRecords else {
            throw GiroError(.exportRecordCount, field: "records", "\(records.count) records; a message takes 1 to \(maximumRecords)")
        }
        let flavor = options.flavor
        var text = TextPolicy(flavor.characterSet)
        let debtor = try Debtor(options, text: &text)
        let created = options.creationDate ?? Date()
        let stamp = Timestamp(created)
        let messageID = try Self.messageID(options.messageID, stamp: stamp)
        if let date = options.executionDate, !Timestamp.isDate(date) {
            throw GiroError(.dateInvalid, field: "executionDate", "\(date) is not a date YYYY-MM-DD")
        }

        var transactions: [Pain001Transaction] = []
        for (i, record) in records.enumerated() {
            let date = options.executionDate ?? record.dueDate.flatMap { Timestamp.isDate($0) && $0 >= stamp.day ? $0 : nil } ?? stamp.day
            transactions.append(try Pain001Transaction(record: record, field: "records[\(i)]", flavor: flavor,
                                                       executionDate: date, text: &text))
        }
        var writer = Pain001Writer(flavor: flavor, messageID: messageID, created: stamp.dateTime, debtor: debtor)
        guard let xml = writer.write(transactions) else {
            throw GiroError(.payloadTooLarge, field: "records", "the message would pass \(XMLWriter.maximumBytes) bytes")
        }
        return Pain001Document(xml: xml, messageID: messageID, numberOfTransactions: transactions.count,
                               controlSum: transactions.reduce(Decimal(0)) { $0 + $1.amount }, warnings: text.warnings)
    }

    static func messageID(_ given: String?, stamp: Timestamp) throws(GiroError) -> String {
        guard let given else { return "GIRO" + stamp.compact }
        let ok = given.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || $0 == 45 }
        guard ok, (1...20).contains(given.utf8.count) else {
            throw GiroError(.fieldInvalid, field: "messageID", "a message id is 1 to 20 of A-Z a-z 0-9 -")
        }
        return given
    }
}

/// The ordering party, checked once.
struct Debtor: Sendable {
    var name: String
    var iban: String
    var bic: String?

    init(_ options: Pain001Options, text: inout TextPolicy) throws(GiroError) {
        guard let name = text.clean(options.debtorName, maxLength: options.flavor.nameLength, field: "debtor.name") else {
            throw GiroError(.fieldMissing, field: "debtor.name", "the debtor needs a name")
        }
        self.name = name
        iban = try IBAN(options.debtorIBAN, field: "debtor.iban").compact
        if let b = options.debtorBIC, !b.isEmpty { bic = try BIC(b, field: "debtor.bic").compact }
        if options.flavor == .ch, bic == nil, !(iban.hasPrefix("CH") || iban.hasPrefix("LI")) {
            throw GiroError(.fieldMissing, field: "debtor.bic", "a debtor account outside CH/LI needs --debtor-bic under the Swiss rules")
        }
    }

    /// Swiss and Liechtenstein IBANs carry the bank's IID in positions 5–9.
    var swissIID: String? {
        guard iban.hasPrefix("CH") || iban.hasPrefix("LI") else { return nil }
        return String(iban.dropFirst(4).prefix(5))
    }
}

/// UTC calendar fields of the creation time, without a locale-dependent formatter.
struct Timestamp: Sendable {
    var day: String
    var dateTime: String
    var compact: String

    init(_ date: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func pad(_ v: Int?, _ width: Int) -> String {
            let s = String(v ?? 0)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        day = pad(c.year, 4) + "-" + pad(c.month, 2) + "-" + pad(c.day, 2)
        let time = pad(c.hour, 2) + ":" + pad(c.minute, 2) + ":" + pad(c.second, 2)
        dateTime = day + "T" + time
        compact = (day + time).filter { $0 != "-" && $0 != ":" }
    }

    /// `YYYY-MM-DD`, a day that exists (`2026-02-30` does not; xs:date refuses it).
    static func isDate(_ s: String) -> Bool {
        let u = Array(s.utf8)
        guard u.count == 10, u[4] == 45, u[7] == 45 else { return false }
        for i in [0, 1, 2, 3, 5, 6, 8, 9] where !(48...57).contains(u[i]) { return false }
        let year = (0..<4).reduce(0) { $0 * 10 + Int(u[$1] - 48) }
        let month = Int(u[5] - 48) * 10 + Int(u[6] - 48)
        let day = Int(u[8] - 48) * 10 + Int(u[9] - 48)
        guard (1...12).contains(month) else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }
}
