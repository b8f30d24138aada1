import Testing

/// Every fixture, truncated at every length and with bytes replaced at many positions, decodes to a record
/// or a typed error with a code and a message — never a crash.
@Suite struct HUB3MutationTests {
    @Test(arguments: HUB3.fixtures().map(\.name))
    func mutatedFixturesNeverCrash(_ name: String) {
        guard let bytes = HUB3.fixtures().first(where: { $0.name == name })?.bytes else { return }
        #expect(HUB3.mutationFailures(bytes).isEmpty)
    }
}
