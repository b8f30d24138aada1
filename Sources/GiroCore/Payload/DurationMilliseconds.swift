extension Duration {
    /// Whole milliseconds, at least 1 (what an engine's own time budget takes); saturates instead of trapping.
    package var budgetMilliseconds: Int {
        let c = components
        let ms = Int(clamping: c.seconds).multipliedReportingOverflow(by: 1000)
        guard !ms.overflow else { return c.seconds > 0 ? Int.max : 1 }
        let (sum, overflow) = ms.partialValue.addingReportingOverflow(Int(c.attoseconds / 1_000_000_000_000_000))
        return overflow ? Int.max : max(1, sum)
    }
}
