import GiroCore
import GiroImaging

// The crop a zone's value is read from: the form colour dropped, the box grown over a cut value, the comb's cell
// ticks removed.
extension SlipReader {
    /// The zone upright at `dpi` from the dropout image (`values`), or from `image` when there is none or the
    /// dropout left the zone without ink (a value written in the form's own colour, e.g. a blue form filled in
    /// blue); grown where the value's ink runs over the box's edge (`SlipValueWindow`); and the comb's character
    /// cells where the crop still shows a comb, its ticks whitened. The contrast is the placed box's own (an empty
    /// box stays empty however much print surrounds it).
    /// `room`: millimetres right of the box the value may run on into (up to the placed box's right edge, where
    /// the next column begins), besides the usual 60 % of the box's width.
    /// `crossWalls`: false for a companion box of fixed length (a reference's model, an account's bank code).
    /// `beside`: at most this many millimetres past the usual 40 % (0: an amount keeps its box's end).
    func valueCrop(_ image: GrayImage, values: GrayImage?, _ box: SlipBox, _ t: SlipTransform,
                   dpi: Double, room: Double = 0, beside: Double = .infinity,
                   crossWalls: Bool = true) -> (crop: GrayImage, contrast: Int, cells: SlipCombCells?)? {
        guard let (original, boxContrast) = rectify(image, box, t, dpi: dpi) else { return nil }
        var (crop, contrast, fromDropout) = (original, boxContrast, false)
        if let values, let dropped = rectify(values, box, t, dpi: dpi, sparseInk: true) {
            // Without ink after the dropout the zone holds only form print — or a value in the form's colour: the
            // original is read then, but the low contrast tells the caller the box may be empty.
            if dropped.contrast >= Self.inkContrast { (crop, fromDropout) = (dropped.0, true) }
            contrast = dropped.contrast
        }
        if let grown = grownCrop(fromDropout ? values ?? image : image, frames: fromDropout ? image : nil, box, t, dpi: dpi,
                                 room: room, beside: beside, crossWalls: crossWalls, inner: (crop.width, crop.height)) {
            crop = grown
        }
        // The comb is looked for on the crop that is read: on the dropout a coloured comb is already gone and the
        // value reads as a line (whitening ticks found on the original would only cut the glyphs they touch, and
        // cells read one by one lose the word's context); a comb in another colour than the form's stays, and is
        // whitened and read cell by cell.
        // Levelled first: a crop turned by the fit leaves no pixel row on the box's edges and cuts the comb's cells
        // askew. On the dropout, the form colour's light remains (a red comb dropped to light gray) go to paper.
        // Only a comb's crop is kept levelled: moving columns by whole pixels puts a step into the glyphs they
        // cross, which a line of plain print (read whole, a small turn and all) does not need.
        if fromDropout { crop = Self.remainsToPaper(crop, border: Self.cropBorder) }
        let level = SlipCropLevel.levelled(crop, border: Self.cropBorder)
        // Ticks a glyph hid are whitened where the lattice puts them, the box's edge under glyphs standing on it
        // too, and the paper made white — except in an amount's or a companion's box (`crossWalls` false), whose
        // walls may carry the decimal mark (perturbed renders: amounts read worse so, names and IBANs better).
        func found(_ image: GrayImage) -> SlipCombCells? {
            guard var cells = SlipCombCells.find(in: image, border: Self.cropBorder, strict: fromDropout) else { return nil }
            if !crossWalls { (cells.hidden, cells.keepsEdgeUnderGlyphs) = ([], true) }
            return cells
        }
        func whitened(_ cells: SlipCombCells, _ image: GrayImage) -> GrayImage {
            crossWalls ? Self.paperWhite(cells.whitened(image), border: Self.cropBorder) : cells.whitened(image)
        }
        if let cells = found(level) { return (whitened(cells, level), contrast, cells) }
        let cells = level == crop ? nil : found(crop)
        if let cells { return (whitened(cells, crop), contrast, cells) }
        // A crop enlarged from a photo's few pixels per millimetre (`photographed`): its thin ticks, blurred over
        // more pixels, are mid-gray where its glyphs' strokes are black, and the search above saw no tick (perturbed
        // photos: a grey or green comb read `Marko, iBabjiić, Bit Ss E`, an IBAN's comb read as nothing). Looked for
        // once more on a copy whose mid-grays are darkened; the whitening is the crop's own.
        if Self.photographed(t, box), let cells = found(Self.ticksDarkened(level)) {
            return (whitened(cells, level), contrast, cells)
        }
        // A plain value on the dropout: its paper made white too. A scan's noise on a tinted form wanders in hue,
        // so the dropout lifts some paper pixels to the brightest channel and keeps others at their gray; stretched,
        // that speckle was a gray paper barred with white, read as invented lines or nothing (perturbed HU csekk
        // scan: `Szabó László` read empty). A comb's crop keeps its own order (whitened, then its paper).
        return (fromDropout ? Self.paperWhite(crop, border: Self.cropBorder) : crop, contrast, nil)
    }

    /// A comb's whitened crop with its paper white everywhere. A crop grown over its box (`SlipValueWindow`) holds
    /// the zone's paper as stretched (a tinted form's paper after its colour dropout: 200–240), and whitening a
    /// comb's ticks and edges cuts it with white stripes and margins: a gray band barred with white, which the engine
    /// read as noise around the glyphs (perturbed renders on tinted paper: cells read at confidence 0). The lower end
    /// of the light pixels' levels (their 10th percentile) becomes white, ink stays black.
    static func paperWhite(_ crop: GrayImage, border: Int) -> GrayImage {
        guard let levels = SlipCropLevels(crop, border: border), levels.count(from: Self.lightFrom) > 0 else { return crop }
        let paper = levels.level(reaching: 1, of: 10, from: Self.lightFrom)
        guard paper < 250 else { return crop }
        let lut = (0...255).map { v in UInt8(min(255, v * 255 / paper)) }
        return GrayImage(width: crop.width, height: crop.height, pixels: crop.pixels.map { lut[Int($0)] }) ?? crop
    }

    /// The image's resolution (dots per inch) at the box's middle, from the fit's local scale (under a photo's
    /// perspective the scale at the form's origin is not the box's).
    static func sourceDPI(_ t: SlipTransform, _ box: SlipBox) -> Double {
        let c = SlipPoint(x: box.x + box.w / 2, y: box.y + box.h / 2)
        let p = t.apply(c), px = t.apply(SlipPoint(x: c.x + 1, y: c.y)), py = t.apply(SlipPoint(x: c.x, y: c.y + 1))
        let sx = ((px.x - p.x) * (px.x - p.x) + (px.y - p.y) * (px.y - p.y)).squareRoot()
        let sy = ((py.x - p.x) * (py.x - p.x) + (py.y - p.y) * (py.y - p.y)).squareRoot()
        let ppm = (sx * sy).squareRoot()
        return ppm.isFinite && ppm > 0 ? ppm * 25.4 : .infinity
    }

    /// Whether the box was photographed from afar: the image holds it at under 215 dpi (a photo's slip at 150–210
    /// dpi, which the crop at 300 dpi enlarges 1.4× or more; a scan at 250–300 dpi is not, whatever the look's scale).
    static func photographed(_ t: SlipTransform, _ box: SlipBox) -> Bool { sourceDPI(t, box) < Self.photoDPI }

    static let photoDPI = 215.0

    /// The crop with gray levels up to `softTick` brought down to the comb search's dark level (128) and the
    /// lighter ones spread over the rest, so paper stays paper: a blurred thin tick at 140–180 becomes dark.
    static func ticksDarkened(_ crop: GrayImage) -> GrayImage {
        let dark = Int(SlipCombCells.dark), soft = Self.softTick
        let lut = (0...255).map { v in UInt8(v < soft ? v * dark / soft : dark + (v - soft) * (255 - dark) / (255 - soft)) }
        return GrayImage(width: crop.width, height: crop.height, pixels: crop.pixels.map { lut[Int($0)] }) ?? crop
    }

    /// A photo's value cut by its box's top edge is completed when a third of its glyphs lie inside (`SlipValueWindow`
    /// asks half elsewhere, so a label or the line above dipping in stays out): a fit from a photo's labels puts the
    /// box up to half a line off, and the crop then read the glyphs' lower halves as junk or nothing.
    static let photoCutShare = 3

    /// The gray level a blurred tick's core reaches on an enlarged photo crop (stretched between its ink and paper).
    static let softTick = 184

    /// Gray levels from which a crop's pixel counts as paper (`paperWhite`).
    static let lightFrom = 160

    /// A dropout crop's ink level: its 2nd percentile (as any crop's), or its 0.5th where the 2nd is nearer the
    /// paper than the darkest ink. A value in a long comb box inks under 2 % of it, and on a scan the blur leaves
    /// the dropped comb's ticks and edges a little under the paper (215 on 250): the 2nd percentile fell on them,
    /// the stretch made them black, and no longer light remains they stayed beside the glyphs (perturbed scans:
    /// `Wiener Stadtwerke` read `Wie,n,er Stadtwer,k,e,`).
    static func inkLevel(_ second: Int, darkest: Int, paper: Int) -> Int {
        second - darkest > (paper - darkest) / 2 ? darkest : second
    }

    /// A dropout crop with every mark lighter than 60 % of the way from its ink (`inkLevel`) to its paper (90th)
    /// turned to paper: a dropped form colour keeps its brightest channel, so a red comb's ticks and box edges stay
    /// as light gray strokes at the glyphs' pitch, which the engine reads as `1`, `|` or letters between the value's.
    static func remainsToPaper(_ crop: GrayImage, border: Int) -> GrayImage {
        let w = crop.width, h = crop.height
        guard let levels = SlipCropLevels(crop, border: border) else { return crop }
        let paper = levels.level(reaching: 90, of: 100)
        let ink = inkLevel(levels.level(reaching: 2, of: 100), darkest: levels.level(reaching: 5, of: 1000), paper: paper)
        guard paper - ink >= 100 else { return crop }
        let cut = UInt8(ink + (paper - ink) * 6 / 10), faint = UInt8(max(ink, paper - 16))
        // Whole marks only: a stroke with no pixel as dark as the cut (a tick, a box edge) goes; one with a dark
        // core keeps its light rim (an accent's thin háček, a glyph's anti-aliased edge).
        var pixels = crop.pixels
        var seen = [Bool](repeating: false, count: w * h)
        var stack: [Int] = [], mark: [Int] = []
        for start in 0..<(w * h) where !seen[start] && pixels[start] < faint {
            stack = [start]; mark = []
            seen[start] = true
            var core = false
            while let i = stack.popLast() {
                mark.append(i)
                if pixels[i] <= cut { core = true }
                let x = i % w
                for j in [i - w, i + w, x > 0 ? i - 1 : -1, x + 1 < w ? i + 1 : -1] where j >= 0 && j < w * h && !seen[j] && pixels[j] < faint {
                    seen[j] = true
                    stack.append(j)
                }
            }
            if !core { for i in mark { pixels[i] = 255 } }
        }
        return GrayImage(width: w, height: h, pixels: pixels) ?? crop
    }

    /// The box grown over its cut value, from `source`; nil when no edge cuts ink.
    private func grownCrop(_ source: GrayImage, frames: GrayImage?, _ box: SlipBox, _ t: SlipTransform, dpi: Double,
                           room: Double, beside: Double, crossWalls: Bool,
                           inner size: (width: Int, height: Int)) -> GrayImage? {
        // Box sizes become pixel counts below: a degenerate fit's box is no crop.
        guard [box.x, box.y, box.w, box.h, dpi].allSatisfy({ $0.isFinite && abs($0) < 1e6 }) else { return nil }
        let ppm = dpi / 25.4, border = Self.cropBorder
        // Rectified with a margin of 60 % of the box's height (at most 4 mm) above and below, 40 % of its width
        // (at most 30 mm) on the left; on the right 60 % (a comb's last cells past a box drawn narrower than the
        // form's), or up to `room` (another printer's comb holds the value's 22 characters where the template's
        // box holds 9; at most `maxRoomMM`).
        let gxPx = Int(min(box.w * 0.4, 30) * ppm), gyPx = Int(min(box.h * 0.6, 4) * ppm)
        let gx = Double(gxPx) / ppm, gy = Double(gyPx) / ppm
        let further = min(max(min(box.w * 0.6, 30), min(room.isFinite ? room : 0, Self.maxRoomMM)), beside.isNaN ? 0 : beside)
        let right = Double(Int(max(gx, further) * ppm)) / ppm
        let wide = SlipBox(x: box.x - gx, y: box.y - gy, w: box.w + gx + right, h: box.h + 2 * gy)
        guard let (ref, _) = rectify(source, wide, t, dpi: dpi, sparseInk: frames != nil) else { return nil }
        // The form's lines where `source` is its colour dropout: the comb's walls that end the value.
        let lines = frames.flatMap { rectify($0, wide, t, dpi: dpi)?.0 }
        let limit = SlipValueWindow.Window(x0: border, y0: border, x1: ref.width - border, y1: ref.height - border)
        let inner = SlipValueWindow.Window(x0: border + gxPx, y0: border + gyPx,
                                           x1: min(limit.x1, border + gxPx + size.width - 2 * border),
                                           y1: min(limit.y1, border + gyPx + size.height - 2 * border))
        // A cut glyph runs on at most 4 mm (a capital 4 mm high cut at its middle needs 2; a long line a degree
        // off its box, one more at its end).
        // On a photo's enlarged crop a value cut at the box's top is completed from a third inside, as at its bottom.
        let share = Self.photographed(t, box) ? Self.photoCutShare : 2
        let win = SlipValueWindow.grown(ref, frames: lines, inner: inner, limit: limit, reach: Int(4 * ppm), crossWalls: crossWalls,
                                        cutAtTop: share)
        guard win != inner else { return nil }
        return SlipValueWindow.cut(ref, win, border: border)
    }
}

extension SlipReader {
    /// Parsers whose values the image path moves to the checked run of page words nearest their zone when the
    /// zone's own words do not pass: a calendar date and an IBAN's mod 97 are rarely met by stray print (an
    /// amount's or a name's grammar is, so those are only read where their label puts them).
    static let imageAssigned: Set<SlipParserKind> = [.date, .iban]

    /// The zones of a located form as the image path reads them: placed from their labels, each crop kept within
    /// its placed box's right edge (`boundedCrop`), then dates and IBANs moved onto the checked run nearest them.
    func imageZones(_ match: SlipMatch, page: PageWords, excluding: Set<Int>) -> [ZoneText] {
        let t = match.template
        var zones = SlipZoneReader.read(match, page: page, excluding: excluding)
        guard zones.count == t.zones.count else { return zones }
        for k in zones.indices { zones[k].crop = Self.boundedCrop(zones[k].crop ?? t.zones[k].box, placed: zones[k].placed) }
        return SlipValueAssignment.assign(zones, match: match, page: page, excluding: excluding, rules: rules, only: Self.imageAssigned)
    }

    /// The crop (the template's box moved with its label) cut at the right edge of the placed box, where the placement
    /// ended the zone at the next column's label (`Příjemce … Odesílatel`: the payee's name box ends where the
    /// payer's begins) — the crop would read the next box's value with this one's. Kept as it is where the placed
    /// box lies elsewhere (a value found beside its label) or would leave less than a third of the crop.
    static func boundedCrop(_ crop: SlipBox, placed: SlipBox?) -> SlipBox {
        guard let p = placed else { return crop }
        let overlap = min(crop.y + crop.h, p.y + p.h) - max(crop.y, p.y)
        let right = p.x + p.w
        guard overlap >= 0.5 * crop.h, p.x <= crop.x + crop.w / 2, right < crop.x + crop.w,
              right - crop.x >= max(crop.w / 3, minBoundedWidthMM) else { return crop }
        return SlipBox(x: crop.x, y: crop.y, w: right - crop.x, h: crop.h)
    }

    static let minBoundedWidthMM = 10.0

    /// Whether the zone is another zone's companion (its model or bank code box: `modelZone`, `bankZone`).
    static func isCompanion(_ zone: SlipZone, in template: SlipTemplate) -> Bool {
        template.zones.contains { $0.options["modelZone"] == zone.field || $0.options["bankZone"] == zone.field }
    }

    /// The most a value may run on right of its crop (`valueCrop`'s `room`): beyond it lies another slip.
    static let maxRoomMM = 130.0

    /// Millimetres between the crop's right edge and the placed box's (`valueCrop`'s `room`), where the placed box
    /// is this zone's line (it overlaps half the crop's height and starts left of the crop's middle); else 0.
    static func room(_ crop: SlipBox, placed: SlipBox?) -> Double {
        guard let p = placed else { return 0 }
        let overlap = min(crop.y + crop.h, p.y + p.h) - max(crop.y, p.y)
        guard overlap >= 0.5 * crop.h, p.x <= crop.x + crop.w / 2 else { return 0 }
        let room = p.x + p.w - (crop.x + crop.w)
        return room.isFinite ? min(max(room, 0), maxRoomMM) : 0
    }
}
