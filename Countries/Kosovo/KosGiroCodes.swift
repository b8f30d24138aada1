import GiroCore

extension ErrorCode {
    /// Info (uncertain): the Kos-GIRO barcode layout is not public; only the reference shape or the IBAN was
    /// read, the rest of the slip (amount, payer, due date) is not in the record.
    public static let kosGiroLayoutUnknown: ErrorCode = "kos_giro_layout_unknown"
}

extension ReferenceType {
    /// Kos-GIRO payment reference: 16 characters (15 digits + a letter); its check algorithm is not public.
    public static let kosovoKosGiroReference: ReferenceType = "xk.kos-giro"
}

/// `extras` keys of the Kos-GIRO plug-in (documented in the README).
public enum KosGiroExtrasKey {
    /// The symbol's text as read, unchanged.
    public static let raw = "xk.raw"
}
