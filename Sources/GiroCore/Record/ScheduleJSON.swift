// Fast JSON for the schema-2 record parts; member order = sorted keys (pinned against JSONEncoder by a test).

extension PaymentSymbols: JSONWritable {
    package func writeJSON(to w: inout JSONWriter) {
        w.object { o in
            o.key("constant") { $0.string(constant) }
            o.key("specific") { $0.string(specific) }
            o.key("variable") { $0.string(variable) }
        }
    }
}

extension StandingOrder: JSONWritable {
    package func writeJSON(to w: inout JSONWriter) {
        w.object { o in
            o.key("day") { $0.int(day) }
            o.key("firstDate") { $0.string(firstDate) }
            o.key("frequency") { $0.string(frequency) }
            o.key("frequencyCode") { $0.string(frequencyCode) }
            o.key("lastDate") { $0.string(lastDate) }
            o.key("months") { w in w.array(months) { $0.int($1) } }
            o.key("stopOnDeath") { $0.bool(stopOnDeath) }
        }
    }
}

extension DirectDebit: JSONWritable {
    package func writeJSON(to w: inout JSONWriter) {
        w.object { o in
            o.key("contractID") { $0.string(contractID) }
            o.key("creditorID") { $0.string(creditorID) }
            o.key("limitPeriod") { $0.string(limitPeriod) }
            o.key("mandateID") { $0.string(mandateID) }
            o.key("maxAmount") { $0.value(maxAmount) }
            o.key("reference") { $0.string(reference) }
            o.key("scheme") { $0.string(scheme) }
            o.key("stopOnDeath") { $0.bool(stopOnDeath) }
            o.key("symbols") { $0.value(symbols) }
            o.key("type") { $0.string(type) }
            o.key("validFrom") { $0.string(validFrom) }
            o.key("validTill") { $0.string(validTill) }
        }
    }
}

extension Invoice: JSONWritable {
    package func writeJSON(to w: inout JSONWriter) {
        w.object { o in
            o.key("account") { $0.value(account) }
            o.key("buyerCompanyID") { $0.string(buyerCompanyID) }
            o.key("buyerVATID") { $0.string(buyerVATID) }
            o.key("currency") { $0.string(currency) }
            o.key("documentType") { $0.string(documentType) }
            o.key("dueDate") { $0.string(dueDate) }
            o.key("exchangeRate") { $0.string(exchangeRate.map { DecimalText.format($0, minimumFractionDigits: 0) }) }
            o.key("foreignCurrencyUnits") { $0.string(foreignCurrencyUnits.map { DecimalText.format($0, minimumFractionDigits: 0) }) }
            o.key("id") { $0.string(id) }
            o.key("includesAdvances") { $0.bool(includesAdvances) }
            o.key("issueDate") { $0.string(issueDate) }
            o.key("nonTaxableAmount") { $0.string(Invoice.money(nonTaxableAmount)) }
            o.key("raw") { $0.string(raw) }
            o.key("sellerCompanyID") { $0.string(sellerCompanyID) }
            o.key("sellerVATID") { $0.string(sellerVATID) }
            o.key("software") { $0.string(software) }
            o.key("syntax") { $0.string(syntax) }
            o.key("taxDeclarationDate") { $0.string(taxDeclarationDate) }
            o.key("taxPerformance") { $0.string(taxPerformance) }
            o.key("taxPointDate") { $0.string(taxPointDate) }
            o.key("taxes") { w in w.array(taxes) { $1.writeJSON(to: &$0) } }
            o.key("totalAmount") { $0.string(Invoice.money(totalAmount)) }
            o.key("unknownTags") { $0.stringDictionary(unknownTags) }
            o.key("url") { $0.string(url) }
            o.key("variableSymbol") { $0.string(variableSymbol) }
        }
    }
}

extension InvoiceTax: JSONWritable {
    package func writeJSON(to w: inout JSONWriter) {
        w.object { o in
            o.key("base") { $0.string(Invoice.money(base)) }
            o.key("rateClass") { $0.string(rateClass) }
            o.key("tax") { $0.string(Invoice.money(tax)) }
        }
    }
}
