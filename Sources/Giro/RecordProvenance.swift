import Foundation
import GiroCore
import GiroImaging

/// Provenance of a barcode's record: every field from the symbol, in its bounding box.
enum BarcodeProvenance {
    /// A decoded payment barcode (Reed-Solomon or its symbology's own check held): its fields are what was
    /// encoded. A field an uncertain diagnostic names (a failed check, a mismatch with its slip's print) is not.
    static let confidence = 0.99
    static let flagged = 0.5

    static func applied(to record: PaymentRecord, corners: [ImagePoint], page: Int = 1) -> PaymentRecord {
        var r = record
        r.provenance = record.uniformProvenance(.barcode, confidence: confidence, flagged: flagged, box: box(corners), page: page)
        return r
    }

    /// `[x, y, w, h]` around the corners; nil without corners.
    static func box(_ corners: [ImagePoint]) -> [Int]? {
        guard let x0 = corners.map(\.x).min(), let x1 = corners.map(\.x).max(),
              let y0 = corners.map(\.y).min(), let y1 = corners.map(\.y).max() else { return nil }
        return [x0, y0, x1 &- x0, y1 &- y0]
    }
}
