import GiroCore

/// Codes specific to the Hungarian plug-in (the shared ones live in `GiroCore/Errors/ErrorCode.swift`).
extension ErrorCode {
    /// Warning: the validity time has passed; the code is still informative (reject it before initiating a payment).
    public static let validityExpired: ErrorCode = "validity_expired"
    /// Warning: the last field is not LF-terminated.
    public static let finalNewlineMissing: ErrorCode = "final_newline_missing"
}

extension ErrorCode {
    /// Warning: CR LF field terminators instead of LF.
    public static let lineEndingCRLF: ErrorCode = "line_ending_crlf"
}
