import CDmtx
import GiroCore

/// libdmtx 0.7: finds DataMatrix symbols anywhere in the image. A failed search can take a second on a
/// page, so every read runs against `ReadOptions.timeBudgetMilliseconds`.
package struct DmtxReader: BarcodeReader {
    package var kind: ReaderKind { .dmtx }
    /// libdmtx's internal downsampling (1 = full resolution; 2 is faster but finds fewer symbols).
    package var shrink: Int

    static let minimumSide = 16

    package init(shrink: Int = 1) {
        self.shrink = max(1, min(shrink, 4))
    }

    package func read(_ image: GrayImage, options: ReadOptions) throws(GiroError) -> [DetectedSymbol] {
        // Debian's libdmtx keeps its asserts: a degenerate image (a side of a few pixels) aborts the process in
        // the scan-grid setup (`maxExtent > 1`). The smallest symbol, 10×10 modules, needs more pixels anyway.
        guard options.symbologies.contains(.datamatrix), image.width >= Self.minimumSide * shrink, image.height >= Self.minimumSide * shrink else { return [] }
        try SystemLibrary.dmtx.require(field: "image")
        // libdmtx takes a mutable pointer; give it a private copy rather than trusting it not to write.
        var pixels = image.pixels
        let height = image.height
        return try pixels.withUnsafeMutableBufferPointer { px throws(GiroError) -> [DetectedSymbol] in
            var img: UnsafeMutablePointer<DmtxImage>? = dmtxImageCreate(px.baseAddress, Int32(image.width), Int32(height), Int32(DmtxPack8bppK.rawValue))
            guard img != nil else { throw GiroError(.readerFailed, field: "image", "libdmtx: cannot create an image") }
            defer { dmtxImageDestroy(&img) }
            dmtxImageSetProp(img, Int32(DmtxPropImageFlip.rawValue), Int32(DmtxFlipNone.rawValue))
            var dec: UnsafeMutablePointer<DmtxDecode>? = dmtxDecodeCreate(img, Int32(shrink))
            guard dec != nil else { throw GiroError(.readerFailed, field: "image", "libdmtx: cannot create a decoder") }
            defer { dmtxDecodeDestroy(&dec) }
            let budget = max(1, options.timeBudgetMilliseconds)
            var timeout = dmtxTimeAdd(dmtxTimeNow(), budget)
            let clock = ContinuousClock(), start = clock.now
            var out: [DetectedSymbol] = []
            while out.count < options.maxSymbols {
                // libdmtx scans the whole image for more regions until the timeout. After a find, look for
                // further symbols only as long again as the first took (≥ 20 ms): a second symbol on the page
                // is usually found as fast, and a lone symbol no longer costs the whole budget.
                if out.count == 1 {
                    let spent = clock.now - start
                    let more = max(20, Int(spent.components.seconds) * 1000 + Int(spent.components.attoseconds / 1_000_000_000_000_000))
                    if more < budget { timeout = dmtxTimeAdd(dmtxTimeNow(), more) }
                }
                var reg: UnsafeMutablePointer<DmtxRegion>? = dmtxRegionFindNext(dec, &timeout)
                guard let region = reg else { break }
                defer { dmtxRegionDestroy(&reg) }
                var msg: UnsafeMutablePointer<DmtxMessage>? = dmtxDecodeMatrixRegion(dec, region, Int32(DmtxUndefined))
                guard let message = msg else { continue }
                defer { dmtxMessageDestroy(&msg) }
                guard Self.codewordsConsistent(message.pointee, sizeIndex: Int32(region.pointee.sizeIdx)) else { continue }
                let (bytes, eci) = Self.content(message.pointee)
                out.append(DetectedSymbol(symbology: .datamatrix, bytes: bytes, eci: eci,
                                          corners: Self.corners(region.pointee, height: height), reader: .dmtx))
            }
            return out
        }
    }

    /// Whether the message's corrected codewords pass the Reed–Solomon check for the size libdmtx decoded.
    static func codewordsConsistent(_ m: DmtxMessage, sizeIndex: Int32) -> Bool {
        func attribute(_ a: DmtxSymAttribute) -> Int { Int(dmtxGetSymbolAttribute(Int32(a.rawValue), sizeIndex)) }
        let dataWords = attribute(DmtxSymAttribSymbolDataWords), errorWords = attribute(DmtxSymAttribSymbolErrorWords)
        guard let code = m.code, dataWords > 0, errorWords > 0, Int(m.codeSize) >= dataWords + errorWords else { return false }
        let codewords = Array(UnsafeBufferPointer(start: code, count: dataWords + errorWords))
        return DataMatrixCodewords.consistent(codewords, dataWords: dataWords, errorWords: errorWords,
                                              blocks: attribute(DmtxSymAttribInterleavedBlocks))
    }

    /// libdmtx does not interpret ECI: an ECI codeword (241) at the start leaks its value into the output
    /// as one byte. Recognise that case from the codewords and strip the byte.
    static func content(_ m: DmtxMessage) -> ([UInt8], Int?) {
        let outCount = max(0, min(Int(m.outputIdx), Int(m.outputSize)))
        guard let output = m.output, outCount > 0 else { return ([], nil) }
        let bytes = Array(UnsafeBufferPointer(start: output, count: outCount))
        guard let code = m.code, m.codeSize >= 2, code[0] == 241 else { return (bytes, nil) }
        let c1 = Int(code[1])
        // ISO/IEC 16022: one ECI codeword 1…127 encodes ECI 0…126; larger values take more codewords.
        guard c1 >= 1, c1 <= 127, bytes.first == UInt8(c1 - 1) else { return (bytes, nil) }
        return (Array(bytes.dropFirst()), c1 - 1)
    }

    /// The fitted grid's unit square mapped to the image. libdmtx's y axis points up from the bottom row.
    static func corners(_ region: DmtxRegion, height: Int) -> [ImagePoint] {
        let unit: [(Double, Double)] = [(0, 1), (1, 1), (1, 0), (0, 0)]  // TL, TR, BR, BL in a y-up grid
        return unit.map { (u, v) in
            var p = DmtxVector2(X: u, Y: v)
            var m = region.fit2raw
            withUnsafeMutablePointer(to: &m) { rows in
                rows.withMemoryRebound(to: (Double, Double, Double).self, capacity: 3) { _ = dmtxMatrix3VMultiplyBy(&p, $0) }
            }
            let x = p.X.isFinite ? Int(max(-1e6, min(1e6, p.X)).rounded()) : 0
            let y = p.Y.isFinite ? Int(max(-1e6, min(1e6, p.Y)).rounded()) : 0
            return ImagePoint(x: x, y: height - 1 - y)
        }
    }
}
