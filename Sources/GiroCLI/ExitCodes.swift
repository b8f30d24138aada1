import ArgumentParser

/// The CLI's exit codes (BSD sysexits where one fits).
enum GiroExit {
    static let valid = ExitCode(0)
    /// Decoded, but the record's status is `uncertain`.
    static let uncertain = ExitCode(2)
    static let usage = ExitCode(64)      // EX_USAGE
    static let dataError = ExitCode(65)  // EX_DATAERR
    static let noInput = ExitCode(66)    // EX_NOINPUT
    static let ioError = ExitCode(74)    // EX_IOERR
}
