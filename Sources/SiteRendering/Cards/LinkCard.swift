public import GameDomain

/// A page's link-preview card (`og:image`): what a chat or a social site shows when the page is
/// shared. The card is our own SVG, 1200 × 630 (the size Open Graph and X's
/// `summary_large_image` ask for); the build draws it as a PNG beside the page
/// (`cards/<page>.png`). Every text goes through `SVG`, which escapes it.
public struct LinkCard: Sendable, Hashable {
    public static let width = 1200, height = 630

    /// One line of the standings: place, name, and what they scored or won.
    public struct Row: Sendable, Hashable {
        public var place: String
        public var name: String
        public var value: String
    }

    /// Where the PNG goes in the site: `cards/games/<slug>.png` for `games/<slug>.html`.
    public var path: String
    public var language: SiteLanguage
    public var siteTitle: String
    public var title: String
    /// The day (a game, a night), the last day played (a player), the plays (a year).
    public var date: String
    /// The winners, or what stands for them (a player's record, a game in play).
    public var headline: String?
    /// The top of the standings, at most `rowsShown`.
    public var rows: [Row]

    static let rowsShown = 4

    /// The card's fonts, as its SVG names them: Latin first for English, Japanese first for
    /// Japanese (its Latin letters are fine too); fontconfig falls back to any font that has a
    /// glyph. What they resolve to is part of a card's version (`SiteSettings.cardVersion`).
    public static let fontFamilies = (
        ja: "IPAexGothic, Noto Sans CJK JP, DejaVu Sans, sans-serif",
        other: "DejaVu Sans, IPAexGothic, Noto Sans CJK JP, sans-serif"
    )

    /// The card's path for a page's: `cards/` and the page's path with `.png` for `.html`.
    static func path(of page: String) -> String {
        "cards/" + (page.hasSuffix(".html") ? String(page.dropLast(5)) : page) + ".png"
    }

    /// What the card says, for `og:image:alt`.
    public var alt: String {
        ([title, date] + [headline].compactMap { $0 }).joined(separator: " · ")
    }

    /// The card's SVG. Texts are cut to fit their line (`fit`), since SVG does not wrap.
    public var svg: SVG {
        let fonts = language == .ja ? Self.fontFamilies.ja : Self.fontFamilies.other
        let left = 64
        let right = Self.width - 64
        func text(
            _ content: String, x: Int, y: Int, size: Int, weight: String = "normal", fill: String = "#1b1f24",
            anchor: String = "start"
        ) -> SVG {
            SVG(
                "text",
                [
                    ("x", "\(x)"), ("y", "\(y)"), ("font-size", "\(size)"), ("font-weight", weight), ("fill", fill),
                    ("text-anchor", anchor),
                    ("clip-path", "url(#inside)"),
                ], text: content)
        }
        var children: [SVG] = [
            SVG("rect", [("width", "\(Self.width)"), ("height", "\(Self.height)"), ("fill", "#fbf8f1")]),
            SVG("rect", [("width", "\(Self.width)"), ("height", "16"), ("fill", "#b5442a")]),
            text(Self.fit(siteTitle, width: right - left, size: 30), x: left, y: 86, size: 30, fill: "#5f6670"),
            text(Self.fit(title, width: right - left, size: 62, bold: true), x: left, y: 172, size: 62, weight: "bold"),
            text(Self.fit(date, width: right - left, size: 34), x: left, y: 232, size: 34, fill: "#5f6670"),
        ]
        if let headline {
            children.append(
                text(
                    Self.fit(headline, width: right - left, size: 44, bold: true), x: left, y: 312, size: 44,
                    weight: "bold", fill: "#b5442a"))
        }
        for (index, row) in rows.prefix(Self.rowsShown).enumerated() {
            let y = 384 + index * 60
            if index % 2 == 0 {
                children.append(
                    SVG(
                        "rect",
                        [
                            ("x", "\(left - 16)"), ("y", "\(y - 42)"), ("width", "\(right - left + 32)"),
                            ("height", "58"), ("rx", "8"), ("fill", "#f0ebe0"),
                        ]))
            }
            // The value first, at most what is left of 720 for the name; the name takes the rest.
            let value = Self.fit(row.value, width: right - left - 110 - 720 - 24, size: 36, bold: true)
            let valueRoom = value.isEmpty ? 0 : Int(Self.measure(value, size: 36, bold: true).rounded(.up)) + 24
            children.append(text(Self.fit(row.place, width: 100, size: 36), x: left, y: y, size: 36, fill: "#5f6670"))
            children.append(
                text(Self.fit(row.name, width: right - left - 110 - valueRoom, size: 36), x: left + 110, y: y, size: 36)
            )
            children.append(text(value, x: right, y: y, size: 36, weight: "bold", anchor: "end"))
        }
        // Text in a script whose font draws wider than `fit` counts (one not measured) is cut at
        // the rows' edges rather than drawn into the margin.
        let inside = SVG(
            "clipPath", [("id", "inside")],
            children: [
                .element(
                    SVG(
                        "rect",
                        [
                            ("x", "\(left - 16)"), ("y", "16"), ("width", "\(right - left + 32)"),
                            ("height", "\(Self.height - 16)"),
                        ]))
            ])
        var document = SVG.document(
            width: Self.width, height: Self.height, title: title, description: alt,
            children: [
                inside, SVG("g", [("font-family", fonts)], children: children.map(SVG.Node.element)),
            ])
        document.attributes.append(("xml:lang", language.rawValue))
        return document
    }

    /// `text` cut with `…` to fit `width` pixels at `size`. SVG cannot measure text, so each
    /// character counts as wide as librsvg drew the widest of its class (`ems`): a line ends
    /// before the card's margin (`CardInkTests` draws hostile ones), most of them well before.
    static func fit(_ text: String, width: Int, size: Int, bold: Bool = false) -> String {
        // A line break in a name would be drawn as a space anyway.
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard measure(flat, size: size, bold: bold) > Double(width) else { return flat }
        let widths = flat.map { ems($0, bold: bold) * Double(size) }
        // Room for the ellipsis.
        var used = ems("…", bold: bold) * Double(size)
        var kept = ""
        for (character, wide) in zip(flat, widths) {
            guard used + wide <= Double(width) else { break }
            used += wide
            kept.append(character)
        }
        return kept + "…"
    }

    /// `text`'s width in pixels at `size`, at most, as `fit` counts it.
    static func measure(_ text: String, size: Int, bold: Bool = false) -> Double {
        text.reduce(0) { $0 + ems($1, bold: bold) * Double(size) }
    }

    /// A character's width in ems, at most, regular and bold: the widest that librsvg drew
    /// each of its class (ten in a row at 50 px, in both font lists, with DejaVu Sans,
    /// IPAexGothic and Noto Color Emoji), rounded up.
    private static func ems(_ character: Character, bold: Bool) -> Double {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        let (regular, heavy): (Double, Double) =
            switch scalar.value {
            // Emoji. A ZWJ sequence (👨‍👩‍👧) or a flag (two regional indicators) is one picture in
            // a font that joins it, and one per emoji or letter without one (no emoji font, only
            // DejaVu Sans's few): each counts.
            case 0x1F000...0x1FAFF, 0x2600...0x27BF: (1.25 * pictures(character), 1.25 * pictures(character))
            case _ where isWide(scalar): (1.0, 1.02)
            case 0x2026: (1.0, 1.0)
            // Latin digraphs (`Ǆ`), per mille and per ten thousand.
            case 0x1C4...0x1CC, 0x1F1...0x1F3: (1.45, 1.6)
            case 0x2030...0x2031: (1.75, 1.9)
            // Latin letters with accents and their punctuation (`É`, `ß`, `Œ`); Greek; Cyrillic (`Щ`).
            case 0xA0...0x24F: (1.1, 1.2)
            case 0x370...0x3FF: (1.0, 1.0)
            case 0x400...0x4FF: (1.1, 1.35)
            case 0x21...0x7E:
                switch scalar {
                case "m", "w", "M", "W", "@", "%": (1.0, 1.12)
                case "i", "j", "l", "I", "f", "t", "r", ".", ",", ":", ";", "'", "\"", "!", "|", "(", ")", "[", "]",
                    "-":
                    (0.46, 0.52)
                case "A"..."Z": (0.8, 0.86)
                case "a"..."z", "0"..."9": (0.65, 0.72)
                default: (0.85, 0.9)
                }
            case 0x20: (0.46, 0.52)
            // Anything else: the widest of the rest measured (`ⅷ` in bold, 1.48).
            default: (1.25, 1.5)
            }
        return bold ? heavy : regular
    }

    /// How many of an emoji character's scalars draw a picture by themselves (not a joiner,
    /// variation selector or skin-tone modifier); at least one.
    private static func pictures(_ character: Character) -> Double {
        let count = character.unicodeScalars.count { scalar in
            switch scalar.value {
            case 0x1F000...0x1F3FA, 0x1F400...0x1FAFF, 0x2600...0x27BF: true
            default: false
            }
        }
        return Double(max(1, count))
    }

    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            true
        default: false
        }
    }
}

/// The card as a page's head names it (`{{#page.card}}` in `layout.mustache`): its absolute
/// URL, size and text.
struct CardMeta: Encodable {
    var url: String
    var alt: String
    var width = LinkCard.width
    var height = LinkCard.height
}
