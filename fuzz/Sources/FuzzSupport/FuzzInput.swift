/// The fuzzer's bytes, read front to back: a few leading bytes choose options, the rest is the input.
/// Every read is total (a short input yields zeros / empty), so harnesses never trap on their own.
public struct FuzzInput {
    public private(set) var remaining: ArraySlice<UInt8>

    public init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        remaining = Array(UnsafeBufferPointer(start: data, count: size))[...]
    }

    public init(bytes: [UInt8]) {
        remaining = bytes[...]
    }

    /// One option byte (0 when the input is exhausted).
    public mutating func byte() -> UInt8 {
        guard let first = remaining.first else { return 0 }
        remaining = remaining.dropFirst()
        return first
    }

    /// The bytes up to the first `separator` (consumed, not returned); all the rest when there is none.
    public mutating func bytes(upTo separator: UInt8) -> [UInt8] {
        guard let end = remaining.firstIndex(of: separator) else { return rest() }
        let head = Array(remaining[..<end])
        remaining = remaining[(end + 1)...]
        return head
    }

    /// Everything not read yet.
    public mutating func rest() -> [UInt8] {
        defer { remaining = remaining[remaining.endIndex...] }
        return Array(remaining)
    }
}

/// A failed property: print why and abort, so libFuzzer records the input as a crash.
public func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        print("fuzz property violated: \(message())")
        fatalError("fuzz property violated")
    }
}
