/// A barcode and the print of the slip it sits on, compared (`source.crossCheck`): which one is the answer and
/// what each said per compared field. Present only on records where both were found.
public struct CrossCheck: Sendable, Codable, Hashable {
    /// `barcode`: the barcode decoded and its record is the answer, the print cross-checked it;
    /// `print`: the barcode inside the slip did not decode, the print is the answer.
    public var winner: String
    /// The slip class (template id) whose print was read.
    public var slipClass: String
    /// Every field read on both sides, in a fixed order (IBAN, amount, reference, creditor name); empty when the
    /// print won.
    public var fields: [CrossCheckField]

    public init(winner: String, slipClass: String, fields: [CrossCheckField] = []) {
        self.winner = winner
        self.slipClass = slipClass
        self.fields = fields
    }
}

/// One compared field: its record path, the two values as text, and whether they agree.
public struct CrossCheckField: Sendable, Codable, Hashable {
    public var field: String
    public var barcode: String
    public var print: String
    public var match: Bool

    public init(field: String, barcode: String, print: String, match: Bool) {
        self.field = field
        self.barcode = barcode
        self.print = print
        self.match = match
    }
}

extension CrossCheck: JSONWritable {
    package func writeJSON(to w: inout JSONWriter) {
        w.object { o in
            o.key("fields") { w in w.array(fields) { $1.writeJSON(to: &$0) } }
            o.key("slipClass") { $0.string(slipClass) }
            o.key("winner") { $0.string(winner) }
        }
    }
}

extension CrossCheckField: JSONWritable {
    package func writeJSON(to w: inout JSONWriter) {
        w.object { o in
            o.key("barcode") { $0.string(barcode) }
            o.key("field") { $0.string(field) }
            o.key("match") { $0.bool(match) }
            o.key("print") { $0.string(print) }
        }
    }
}
