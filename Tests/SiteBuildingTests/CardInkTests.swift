import CardRasterizing
import GameDomain
import Testing

@testable import SiteRendering

/// `LinkCard.fit` as a property of the drawn card: whatever the texts (wide Latin capitals, CJK,
/// emoji, Cyrillic, bold), no ink reaches the card's side margins. Drawn with librsvg and this
/// machine's fonts, the ones the cards are drawn with.
@Suite("Link-preview card ink")
struct CardInkTests {
    static let hostile = [
        String(repeating: "W", count: 80), String(repeating: "Wm@%", count: 20),
        String(repeating: "mw", count: 40) + " MMMM",
        String(repeating: "漢", count: 60), String(repeating: "Ｗ", count: 60),
        String(repeating: "ア", count: 30) + String(repeating: "W", count: 30),
        String(repeating: "😀", count: 60), String(repeating: "👨‍👩‍👧", count: 40), String(repeating: "🎲W", count: 30),
        String(repeating: "Щ", count: 60), String(repeating: "Ж…", count: 30), String(repeating: "—№™", count: 20),
    ]

    /// The card with its inside painted over (from the rows' bands' edges, x 48 to 1152, below the
    /// top bar): what is left is the margins, which must be the background only.
    static func margins(of svg: String) throws -> [UInt8] {
        let cover = ##"<rect x="48" y="16" width="1104" height="614" fill="#fbf8f1"/>"##
        let covered = try #require(svg.range(of: "</svg>", options: .backwards)).lowerBound
        return try CardRasterizer.png(
            svg: Array((svg[..<covered] + cover + "</svg>").utf8), width: LinkCard.width, height: LinkCard.height)
    }

    /// The card without its texts' clip, which would hide an estimate too small.
    static func unclipped(_ card: LinkCard) -> String {
        card.svg.render().replacingOccurrences(of: #" clip-path="url(#inside)""#, with: "")
    }

    @Test(arguments: [SiteLanguage.en, .ja])
    func noInkInTheMargins(language: SiteLanguage) throws {
        let blank = LinkCard(
            path: "cards/x.png", language: language, siteTitle: "", title: "", date: "", headline: nil, rows: [])
        let background = try Self.margins(of: Self.unclipped(blank))
        for text in Self.hostile {
            let row = LinkCard.Row(place: text, name: text, value: text)
            let card = LinkCard(
                path: "cards/x.png", language: language, siteTitle: text, title: text, date: text, headline: text,
                rows: Array(repeating: row, count: LinkCard.rowsShown))
            #expect(!Self.unclipped(card).contains("clip-path"))
            #expect(try Self.margins(of: Self.unclipped(card)) == background, "\(text.prefix(8))")
        }
    }

    /// What `fit` cannot know, a font drawing wider than measured, the clip keeps off the margins.
    @Test func theClipKeepsTheMarginsClear() throws {
        let blank = LinkCard(
            path: "cards/x.png", language: .en, siteTitle: "", title: "", date: "", headline: nil, rows: [])
        var card = blank
        card.title = String(repeating: "W", count: 20)
        // Drawn at four times the size `fit` cut it for.
        let svg = card.svg.render().replacingOccurrences(of: #"font-size="62""#, with: #"font-size="248""#)
        #expect(try Self.margins(of: svg) == Self.margins(of: blank.svg.render()))
    }
}
