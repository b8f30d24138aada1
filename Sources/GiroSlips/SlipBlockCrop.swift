import GiroImaging

// A photographed free-text block read with its paper's shading divided out.
extension SlipReader {
    /// The crop of a zone read in block layout (an address, a remittance of two lines) from a photo (`photographed`),
    /// with the paper's uneven light divided out (`GrayImage.flattened`, as a photo's sheet is); other crops as they are.
    /// Tesseract's block layout thresholds the whole crop at one level: a photo's shading across a long box comes out
    /// as speckle, which it segments into invented words at up to 0.6 s a crop. Measured (release, one core): the
    /// development Austrian photo's remittance box over its empty gray comb 0.58 → 0.38 s, its words look 0.17 →
    /// 0.08 s; no field changed on the development sample or the perturbed renders (seed 1). Line-layout crops are
    /// not flattened: on the development photos that cost the Serbian reference and the Slovenian payee's spacing
    /// (round 7).
    static func blockReady(_ crop: GrayImage, zone: SlipZone, t: SlipTransform, box: SlipBox) -> GrayImage {
        guard zone.ocr.layout == .block, photographed(t, box) else { return crop }
        return crop.flattened()
    }
}
