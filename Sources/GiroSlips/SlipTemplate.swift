import GiroCore
import GiroOCR

/// A rectangle in millimetres of the real form (origin top-left, x right, y down).
public struct SlipBox: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double
    public var w: Double
    public var h: Double

    public init(x: Double, y: Double, w: Double, h: Double) {
        self.x = x
        self.y = y
        self.w = w
        self.h = h
    }

    func contains(_ px: Double, _ py: Double, margin: Double = 0) -> Bool {
        px >= x - margin && px <= x + w + margin && py >= y - margin && py <= y + h + margin
    }
}

/// A printed label of the form that locates and identifies it.
public struct SlipAnchor: Sendable, Hashable, Codable {
    /// The label as printed; matched ignoring case, diacritics and OCR look-alikes.
    public var text: String
    /// Where it is printed: the box tightly around the printed text (its centre is what is matched).
    public var box: SlipBox
    /// A label that tells this form from a sibling (the orange ESR's "Referenz-Nr." against the red ES):
    /// the form is not recognised without it.
    public var required: Bool = false
    /// Other wordings of the same label (languages, old and new titles, other printers' forms); each is matched
    /// like `text`, and a hit stands for this anchor at its box.
    public var variants: [String] = []
    /// A name zones use to refer to this label (`"label": {"anchor": "iban"}`); defaults to `text`.
    public var id: String?

    /// `text` first, then the variants.
    public var wordings: [String] { [text] + variants }
}

/// Where a field's value is printed relative to the label that names it.
public enum SlipValuePlacement: String, Sendable, Hashable, Codable, CaseIterable {
    /// On the label's line, to its right.
    case right
    /// On the lines under the label (a box headed by its label).
    case below
    /// In the box the label is printed in (a label in the box's corner, the value filling the box).
    case inside
}

/// The printed label that names a zone's field, and where the value sits relative to it: the zone is placed
/// from where that label is found on the page; its `box` is then a prior that breaks ties, not the rule.
public struct SlipZoneLabel: Sendable, Hashable, Codable {
    /// Index into the template's `anchors`.
    public var anchor: Int
    public var value: SlipValuePlacement

    public init(anchor: Int, value: SlipValuePlacement) {
        self.anchor = anchor
        self.value = value
    }
}

/// OCR settings of one zone (image path only).
public struct SlipZoneOCR: Sendable, Hashable, Codable {
    public var layout: OCRSettings.Layout?
    public var whitelist: String?
    public var languages: [String]?
}

/// The parsers a zone can run (`docs/slip-templates.md`, "Parsers").
public enum SlipParserKind: String, Sendable, Hashable, Codable, CaseIterable {
    case iban, bic, amount, currency, reference, date, text, lines, digits, regex
    /// A printed machine-readable line read by a country's coding-line reader (`codingLine`: `ch.esr`), every
    /// check digit verified; its values fill the record.
    case codingLine = "coding-line"
    /// A national account number (`country`, default the template's) with its check, converted to the IBAN by the
    /// country's `NationalAccountRule`.
    case account
    /// A national text field a country plug-in declares (option `type`: `de.bzue`, `hu.befizetoazonosito`), read by
    /// GiroParsers' `NationalFieldParser` with the zone standing for its label; look-alikes repaired only when the
    /// field's check confirms them.
    case national

    /// Options each parser accepts.
    var allowedOptions: Set<String> {
        switch self {
        case .amount: ["currency"]
        case .reference: ["model", "modelZone", "otherType", "otherField"]
        case .text: ["maxLength", "place"]
        case .lines: ["maxLines"]
        case .digits: ["length"]
        case .regex: ["pattern"]
        case .account: ["country", "bankZone"]
        case .codingLine: ["codingLine"]
        case .national: ["type"]
        default: []
        }
    }

    /// Characters the engine may output for this parser's zone when the template gives no whitelist.
    public var defaultWhitelist: String? {
        switch self {
        case .iban, .bic: "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 "
        case .digits: "0123456789 -"
        case .account: "0123456789 -/"
        case .amount: "0123456789.,'- *"
        default: nil
        }
    }
}

/// One printed field of the form.
public struct SlipZone: Sendable, Hashable, Codable {
    /// Record path it fills (`creditor.account.iban`, `extras.<key>`).
    public var field: String
    public var box: SlipBox
    public var parser: SlipParserKind
    public var required: Bool
    public var ocr: SlipZoneOCR
    /// Parser options as text (`{"currency": "EUR"}`).
    public var options: [String: String]
    /// The label naming this field (`"label": {"anchor": "IBAN", "value": "below"}`); nil: none printed or not given.
    public var label: SlipZoneLabel?
}

/// Cross-field checks run after every zone was read.
public enum SlipRule: String, Sendable, Hashable, Codable, CaseIterable {
    case referenceCheck = "reference-check"
    case ibanNationalCheck = "iban-national-check"
    /// The printed amount and reference must equal the coding line's.
    case codingLine = "coding-line"
    case amountWords = "amount-words"
    /// The country's national bank code + account number check (its `NationalAccountRule`, e.g. the UK modulus check).
    case accountCheck = "account-check"
}

/// One slip class: a form's size, how to recognise it, and where each field is printed (schema 1).
public struct SlipTemplate: Sendable, Hashable, Codable {
    public static let schemaVersion = 1

    /// `<country>.<slip>` (`hr.hub-3a`): the record's `format` and `source.slipClass`.
    public var id: String
    public var country: String
    public var name: String
    public var width: Double
    public var height: Double
    public var languages: [String]
    public var currency: String?
    public var anchors: [SlipAnchor]
    public var minAnchors: Int
    /// Labels whose presence on the form says it is a sibling, not this class (`classify.absent`): the neutral
    /// form is the one *without* the bank's `Zugunsten von`. Each is a wording matched like an anchor's.
    public var absent: [String] = []
    /// Text the form prints besides its labels (`printed`: instructions and hints such as `max. 2 Zeilen à 27
    /// Stellen`, a counterfoil's name): never a value (`SlipPrintedText`).
    package var printed: [String] = []
    /// Higher is tried first; ties in order of `id`.
    public var priority: Int
    public var zones: [SlipZone]
    public var rules: [SlipRule]
    /// Where it was loaded from (`Countries/Croatia/Slips/hub-3a.json`, or the user's path).
    public var file: String

    /// The `country` of a template valid across the SEPA area (`sepa.payment-details`): its records take the
    /// creditor IBAN's country, as the EPC QR's do.
    static let panEuropeanCountry = "SEPA"
}
