import Foundation

/// Tests feed a child process's stdin from the test process. A child that exits before reading it (`giro grep "(a"
/// -` refuses its pattern first) closes the pipe's only reader, and the next write raises SIGPIPE, whose default
/// kills the whole test process (seen in CI: "exited with unexpected signal code 13" under load, when the feeding
/// thread ran after the child had gone). Ignored, the write fails with EPIPE instead, which the feeder drops.
public enum BrokenPipes {
    private static let ignored: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// Ignore SIGPIPE in this process (once; idempotent).
    public static func ignore() { _ = ignored }

    /// Writes `data` to a child's stdin and closes it; a child that left early is no error of the writer's.
    public static func feed(_ handle: FileHandle, _ data: Data?) {
        ignore()
        if let data { try? handle.write(contentsOf: data) }
        try? handle.close()
    }
}
