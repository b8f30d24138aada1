import GiroCore
import GiroImaging

/// The order records of one page are returned in: rows top to bottom, left to right within a row.
///
/// Each item is reduced to the axis-aligned box around its corners (a rotated slip's box is its extent on the
/// page). Items are taken by their top edge; an item joins the current row when it overlaps the row's first item
/// vertically by at least half the lower of the two heights, so two slips side by side (even at different
/// angles) are one row and a slip stacked below starts the next. Within a row the left edge decides; ties keep
/// the input order. Slips and barcodes are ordered together (`SlipReader.read(words:barcodes:)`).
public enum SlipReadingOrder {
    public static func sorted<T>(_ items: [T], corners: (T) -> [[Int]]) -> [T] {
        let boxes = items.map { box(corners($0)) }
        let byTop = items.indices.sorted { (boxes[$0].minY, $0) < (boxes[$1].minY, $1) }
        var rows: [[Int]] = []
        for i in byTop {
            if let head = rows.last?.first, sameRow(boxes[head], boxes[i]) {
                rows[rows.count - 1].append(i)
            } else {
                rows.append([i])
            }
        }
        return rows.flatMap { row in row.sorted { (boxes[$0].minX, $0) < (boxes[$1].minX, $1) } }.map { items[$0] }
    }

    struct Box { var minX = 0, minY = 0, maxX = 0, maxY = 0 }

    static func box(_ corners: [[Int]]) -> Box {
        let xs = corners.compactMap(\.first), ys = corners.compactMap { $0.count > 1 ? $0[1] : nil }
        return Box(minX: xs.min() ?? 0, minY: ys.min() ?? 0, maxX: xs.max() ?? 0, maxY: ys.max() ?? 0)
    }

    static func sameRow(_ a: Box, _ b: Box) -> Bool {
        // Int.max-safe: page coordinates are clamped pixels, but junk corners must not trap.
        let overlap = Double(min(a.maxY, b.maxY)) - Double(max(a.minY, b.minY))
        let lower = min(Double(a.maxY) - Double(a.minY), Double(b.maxY) - Double(b.minY))
        return overlap > 0 && overlap >= 0.5 * lower
    }
}

/// One record of a page and where it lies: a printed slip, or a barcode decoded elsewhere (the image decoder).
public struct PageRecord: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, Codable { case slip, barcode }
    public var kind: Kind
    public var record: PaymentRecord
    /// The slip class (`unknown` for an unknown slip); nil for a barcode.
    public var slipClass: String?
    /// Corners in page pixels, clockwise from top-left.
    public var corners: [[Int]]

    public init(kind: Kind, record: PaymentRecord, slipClass: String? = nil, corners: [[Int]]) {
        self.kind = kind
        self.record = record
        self.slipClass = slipClass
        self.corners = corners
    }
}

extension SlipReader {
    /// Every record of a page: the slips among its words and the barcodes already decoded from it (a QR bill
    /// beside a printed slip), together in reading order. A slip-like block touching a barcode is that barcode's
    /// printed part (the QR bill's payment part), not an unknown slip.
    public func read(words page: PageWords, barcodes: [PageRecord]) -> [PageRecord] {
        let slips = read(words: page, avoiding: barcodes).map {
            PageRecord(kind: .slip, record: $0.record, slipClass: $0.slipClass, corners: $0.corners)
        }
        return SlipReadingOrder.sorted(slips + barcodes, corners: \.corners)
    }
}
