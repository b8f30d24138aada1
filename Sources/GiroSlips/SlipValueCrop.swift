import GiroCore
import GiroImaging

// The crop a zone's value is read from: the form colour dropped, the comb's cell ticks removed.
extension SlipReader {
    /// The zone upright at `dpi` from the dropout image (`values`), or from `image` when there is none or the
    /// dropout left the zone without ink (a value written in the form's own colour, e.g. a blue form filled in
    /// blue); and the comb's character cells, found on `image` (where a coloured comb still shows), their ticks
    /// whitened in the crop returned.
    func valueCrop(_ image: GrayImage, values: GrayImage?, _ box: SlipBox, _ t: SlipTransform,
                   dpi: Double) -> (crop: GrayImage, contrast: Int, cells: SlipCombCells?)? {
        guard let (original, originalContrast) = rectify(image, box, t, dpi: dpi) else { return nil }
        let cells = SlipCombCells.find(in: original, border: Self.cropBorder)
        var (crop, contrast) = (original, originalContrast)
        if let values, let dropped = rectify(values, box, t, dpi: dpi) {
            // Without ink after the dropout the zone holds only form print — or a value in the form's colour: the
            // original is read then, but the low contrast tells the caller the box may be empty.
            if dropped.contrast >= Self.inkContrast { crop = dropped.0 }
            contrast = dropped.contrast
        }
        return (cells.map { $0.whitened(crop) } ?? crop, contrast, cells)
    }
}
