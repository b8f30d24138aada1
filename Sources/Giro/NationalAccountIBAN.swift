extension PaymentRecord {
    /// This record with its creditor's IBAN filled from the national account number (`19-2000145399/0800`), by the
    /// rule of the record's country (``CountryDescriptor/accounts``); unchanged when it has an IBAN already, or when
    /// no rule reads the number as a valid account. `giro export pain001` converts records this way first.
    public func withNationalAccountIBAN() -> PaymentRecord {
        guard creditor?.account?.iban?.isEmpty ?? true, let number = creditor?.account?.number, !number.isEmpty,
              let country = country, let descriptor = CountryRegistry.country(country) else { return self }
        let compact = String(number.unicodeScalars.filter { $0 != " " }.map(Character.init)).uppercased()
        for rule in descriptor.accounts {
            guard case .account(let converted) = rule.read(compact), let iban = converted.iban else { continue }
            var copy = self
            copy.creditor?.account?.iban = iban
            return copy
        }
        return self
    }
}
