// Fast JSON for the record types; member order = sorted keys (pinned against JSONEncoder by a test).

extension PaymentRecord: JSONWritable {
    package func writeJSON(to w: inout JSONWriter) {
        w.object { o in
            o.key("additionalPayments") { w in w.array(additionalPayments) { $1.writeJSON(to: &$0) } }
            o.key("alternativeAccounts") { w in w.array(alternativeAccounts) { $1.writeJSON(to: &$0) } }
            o.key("alternativeSchemes") { $0.stringArray(alternativeSchemes) }
            o.key("amount") { $0.value(amount) }
            o.key("billInformation") { $0.value(billInformation) }
            o.key("country") { $0.string(country) }
            o.key("creditor") { $0.value(creditor) }
            o.key("debtor") { $0.value(debtor) }
            o.key("diagnostics") { w in w.array(diagnostics) { $1.writeJSON(to: &$0) } }
            o.key("directDebit") { $0.value(directDebit) }
            o.key("dueDate") { $0.string(dueDate) }
            o.key("extras") { $0.stringDictionary(extras) }
            o.key("format") { $0.string(format) }
            o.key("formatVersion") { $0.string(formatVersion) }
            o.key("invoice") { $0.value(invoice) }
            if !provenance.isEmpty { o.key("provenance") { w in w.array(provenance) { $1.writeJSON(to: &$0) } } }
            o.key("purpose") { $0.string(purpose) }
            o.key("reference") { $0.value(reference) }
            o.key("remittanceInformation") { $0.string(remittanceInformation) }
            o.key("schema") { $0.int(schema) }
            o.key("source") { source.writeJSON(to: &$0) }
            o.key("standingOrder") { $0.value(standingOrder) }
            o.key("status") { $0.string(status.rawValue) }
            o.key("symbols") { $0.value(symbols) }
            o.key("ultimateCreditor") { $0.value(ultimateCreditor) }
        }
    }
}

extension SourceInfo: JSONWritable {
    package func writeJSON(to w: inout JSONWriter) {
        w.object { o in
            o.key("charset") { $0.string(charset) }
            if let crossCheck { o.key("crossCheck") { crossCheck.writeJSON(to: &$0) } }
            if let evidence { o.key("evidence") { w in w.array(evidence) { $1.writeJSON(to: &$0) } } }
            o.key("kind") { $0.string(kind) }
            if let slipClass { o.key("slipClass") { $0.string(slipClass) } }
            o.key("symbology") { $0.string(symbology) }
        }
    }
}

extension FieldEvidence: JSONWritable {
    package func writeJSON(to w: inout JSONWriter) {
        w.object { o in
            o.key("box") { w in w.array(box) { $0.int($1) } }
            o.key("confidence") { $0.int(confidence) }
            o.key("corrections") { $0.stringArray(corrections) }
            o.key("field") { $0.string(field) }
            o.key("text") { $0.string(text) }
        }
    }
}

extension Party: JSONWritable {
    package func writeJSON(to w: inout JSONWriter) {
        w.object { o in
            o.key("account") { $0.value(account) }
            o.key("address") { $0.value(address) }
            o.key("name") { $0.string(name) }
        }
    }
}

extension Address: JSONWritable {
    package func writeJSON(to w: inout JSONWriter) {
        w.object { o in
            o.key("buildingNumber") { $0.string(buildingNumber) }
            o.key("country") { $0.string(country) }
            o.key("lines") { $0.stringArray(lines) }
            o.key("postalCode") { $0.string(postalCode) }
            o.key("street") { $0.string(street) }
            o.key("town") { $0.string(town) }
        }
    }
}

extension Account: JSONWritable {
    package func writeJSON(to w: inout JSONWriter) {
        w.object { o in
            o.key("bankCode") { $0.string(bankCode) }
            o.key("bic") { $0.string(bic) }
            o.key("iban") { $0.string(iban) }
            o.key("isQRIBAN") { $0.bool(isQRIBAN) }
            o.key("number") { $0.string(number) }
        }
    }
}

extension Amount: JSONWritable {
    package func writeJSON(to w: inout JSONWriter) {
        w.object { o in
            o.key("currency") { $0.string(currency) }
            o.key("value") { $0.string(formattedValue) }
        }
    }
}

extension Reference: JSONWritable {
    package func writeJSON(to w: inout JSONWriter) {
        w.object { o in
            o.key("model") { $0.string(model) }
            o.key("parts") { w in if let parts { w.stringArray(parts) } else { w.null() } }
            o.key("type") { $0.string(type.rawValue) }
            o.key("valid") { $0.bool(valid) }
            o.key("value") { $0.string(value) }
        }
    }
}

extension BillInformation: JSONWritable {
    package func writeJSON(to w: inout JSONWriter) {
        w.object { o in
            o.key("customerReference") { $0.string(customerReference) }
            o.key("importTaxes") { w in w.array(importTaxes) { $1.writeJSON(to: &$0) } }
            o.key("invoiceDate") { $0.string(invoiceDate) }
            o.key("invoiceNumber") { $0.string(invoiceNumber) }
            o.key("paymentConditions") { w in w.array(paymentConditions) { $1.writeJSON(to: &$0) } }
            o.key("raw") { $0.string(raw) }
            o.key("syntax") { $0.string(syntax) }
            o.key("unknownTags") { $0.stringDictionary(unknownTags) }
            o.key("vatDate") { $0.string(vatDate) }
            o.key("vatDetails") { w in w.array(vatDetails) { $1.writeJSON(to: &$0) } }
            o.key("vatNumber") { $0.string(vatNumber) }
            o.key("vatPeriodEnd") { $0.string(vatPeriodEnd) }
        }
    }
}

extension TaxRate: JSONWritable {
    package func writeJSON(to w: inout JSONWriter) {
        w.object { o in
            o.key("amount") { $0.string(amount.map { DecimalText.format($0, minimumFractionDigits: 2) }) }
            o.key("rate") { $0.string(DecimalText.format(rate, minimumFractionDigits: 0)) }
        }
    }
}

extension PaymentCondition: JSONWritable {
    package func writeJSON(to w: inout JSONWriter) {
        w.object { o in
            o.key("days") { $0.int(days) }
            o.key("discount") { $0.string(DecimalText.format(discount, minimumFractionDigits: 0)) }
        }
    }
}

extension Diagnostic: JSONWritable {
    package func writeJSON(to w: inout JSONWriter) {
        w.object { o in
            o.key("code") { $0.string(code.rawValue) }
            o.key("field") { $0.string(field) }
            o.key("line") { $0.int(line) }
            o.key("message") { $0.string(message) }
            o.key("offset") { $0.int(offset) }
            o.key("severity") { $0.string(severity.rawValue) }
            o.key("uncertain") { $0.bool(uncertain) }
        }
    }
}

extension GiroError: JSONWritable {
    package func writeJSON(to w: inout JSONWriter) {
        w.object { o in
            o.key("code") { $0.string(code.rawValue) }
            o.key("diagnostics") { w in w.array(diagnostics) { $1.writeJSON(to: &$0) } }
            o.key("field") { $0.string(field) }
            o.key("format") { $0.string(format) }
            o.key("line") { $0.int(line) }
            o.key("message") { $0.string(message) }
            o.key("offset") { $0.int(offset) }
            o.key("partial") { $0.value(partial) }
        }
    }
}
