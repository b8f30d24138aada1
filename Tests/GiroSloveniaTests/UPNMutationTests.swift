import GiroCore
import GiroSlovenia
import Testing

/// Every fixture, truncated at every length and with bytes replaced at many positions, decodes to a record
/// or a typed error with a code and a message — never a crash.
@Suite struct UPNMutationTests {
    static let replacements: [UInt8] = [0x00, 0x0A, 0x0D, 0x7C, 0x3A, 0x2D, 0x20, 0x30, 0x39, 0x41, 0x80, 0xC3, 0xFF]

    func check(_ bytes: [UInt8]) {
        do {
            let r = try UPN.format.decode(Payload(bytes: bytes))
            #expect(!r.format.isEmpty)
        } catch {
            #expect(!error.code.rawValue.isEmpty && !error.message.isEmpty)
        }
    }

    @Test(arguments: UPN.fixtures().map(\.name))
    func mutatedFixturesNeverCrash(_ name: String) {
        guard let bytes = UPN.fixtures().first(where: { $0.name == name })?.bytes else { return }
        for n in 0...bytes.count { check(Array(bytes.prefix(n))) }
        for i in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 60)) {
            for b in Self.replacements {
                var m = bytes
                m[i] = b
                check(m)
            }
        }
        check(bytes + bytes)
        check(Array(bytes.reversed()))
    }
}
