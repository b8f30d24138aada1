import Foundation
import Testing
import GiroTestSupport

/// The tests' stdin feeder outlives a child that never reads its input.
@Suite struct BrokenPipeTests {
    @Test func aChildGoneBeforeItsInputLeavesTheTestsRunning() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/true")
        let input = Pipe()
        p.standardInput = input
        try p.run()
        p.waitUntilExit()
        // More than a pipe holds, written after the child exited: the write meets no reader (SIGPIPE unless ignored).
        BrokenPipes.feed(input.fileHandleForWriting, Data(repeating: 0x41, count: 1 << 17))
        #expect(p.terminationStatus == 0)
    }
}
