import Foundation
import GameDomain
import SnapshotKit
import Testing

@testable import SiteRendering

@Suite("Link-preview cards")
struct LinkCardTests {
    static func renderer(
        language: SiteLanguage = .en, baseURL: String? = "https://example.org/nights/", cards: Bool = true
    ) throws -> SiteRenderer {
        var settings = SiteSettings(baseURL: baseURL.flatMap(BaseURL.init), language: language)
        settings.cards = cards
        return SiteRenderer(templates: try Templates(), settings: settings)
    }

    @Test func scorecardCardShowsTitleDateWinnerAndStandings() throws {
        let card = try #require(try Self.renderer().card(for: SiteGameFixtures.catan))
        #expect(card.path == "cards/games/catan.png")
        assertSnapshot(of: card.svg.render(), as: .svg, named: "catan")
    }

    @Test func japaneseCard() throws {
        var entry = SiteGameFixtures.catan
        entry.game.title = "カタン 第3回 とても長い題名がここに入りますカード一枚に収まらない"
        let card = try #require(try Self.renderer(language: .ja).card(for: entry))
        assertSnapshot(of: card.svg.render(), as: .svg, named: "catan-ja")
    }

    /// Each page's head names its card with an absolute URL, its size and its text.
    @Test func scorecardHeadNamesItsCard() throws {
        let html = try Self.renderer().scorecard(SiteGameFixtures.catan).contents
        let head = html.split(separator: "\n").filter {
            $0.hasPrefix("<meta property=\"og:") || $0.hasPrefix("<meta name=\"twitter:")
        }.joined(separator: "\n")
        assertSnapshot(of: head, as: .lines, named: "catan-head")
    }

    /// Without a base URL (og:image must be absolute) or with `--no-cards`, no page names a card.
    @Test func noCardWithoutBaseURLOrWithCardsOff() throws {
        for renderer in [try Self.renderer(baseURL: nil), try Self.renderer(cards: false)] {
            #expect(renderer.card(for: SiteGameFixtures.catan) == nil)
            let html = try renderer.scorecard(SiteGameFixtures.catan).contents
            #expect(!html.contains("og:image") && !html.contains("twitter:card"))
        }
    }

    /// Nights, players and years have cards; the other catalog pages do not.
    @Test func catalogPagesWithCards() throws {
        let renderer = try Self.renderer()
        let games = [SiteGameFixtures.catan]
        let catalog = SiteCatalog(games, statistics: renderer.settings.statistics)
        var withYears = renderer
        withYears.years = YearInReview.byYear(catalog.games.map { FiledGame($0) }, ratings: catalog.statistics.ratings)
        let carded = withYears.pages(catalog).filter { withYears.card(for: $0, catalog) != nil }
        #expect(carded.count == catalog.nights.count + catalog.players.count + withYears.years.count)
        for page in carded {
            let file = try withYears.render(page, catalog)
            let card = try #require(withYears.card(for: page, catalog))
            #expect(
                file.contents.contains(
                    "<meta property=\"og:image\" content=\"https://example.org/nights/\(card.path)?v="
                        + Slug.fnv1a(card.svg.render()) + "\">"), "\(file.path)")
            #expect(card.path == "cards/" + file.path.dropLast(5) + ".png")
        }
        let night = try #require(withYears.card(for: .night(catalog.nights[0]), catalog))
        assertSnapshot(of: night.svg.render(), as: .svg, named: "night")
    }

    @Test func longTextsAreCutToTheirLine() {
        // At 10 px: a lowercase letter 6.6 px, a capital 8, a wide character 10, `…` 8.
        #expect(LinkCard.fit("Catan", width: 100, size: 10) == "Catan")
        #expect(LinkCard.fit("aaaaaaaaaaaaaaa", width: 100, size: 10) == "aaaaaaaaaaaaaaa")
        #expect(LinkCard.fit("aaaaaaaaaaaaaaaa", width: 100, size: 10) == "aaaaaaaaaaaaa…")
        // Wide characters count a whole em.
        #expect(LinkCard.fit("花子花子花子花子花子花子", width: 100, size: 10) == "花子花子花子花子花…")
        // Bold is wider.
        #expect(LinkCard.fit("aaaaaaaaaaaaaaa", width: 100, size: 10, bold: true) == "aaaaaaaaaaaa…")
        #expect(LinkCard.fit("a\nb", width: 100, size: 10) == "a b")
        // A line of capitals that fits by the guess fits on the card: DejaVu Sans Bold's W is 0.99 em.
        #expect(LinkCard.fit(String(repeating: "W", count: 40), width: 1072, size: 62, bold: true).count < 17)
    }

    /// A row's name takes the room its value leaves, never less than 720 px: a short score leaves
    /// a long title whole, and the two never share room by `fit`'s widths (which `CardInkTests`
    /// draws).
    @Test func aRowsNameTakesTheRoomItsValueLeaves() {
        let name = "Love Letter, one round before home"
        func svg(value: String) -> String {
            LinkCard(
                path: "cards/x.png", language: .en, siteTitle: "", title: "", date: "", headline: nil,
                rows: [LinkCard.Row(place: "2nd", name: name, value: value)]
            ).svg.render()
        }
        #expect(svg(value: "7").contains(">\(name)<"))
        #expect(svg(value: "").contains(">\(name)<"))
        let wide = svg(value: "1,234,567,890")
        #expect(!wide.contains(">\(name)<"))
        #expect(LinkCard.measure(LinkCard.fit(name, width: 720, size: 36), size: 36) <= 720)
        #expect(wide.contains(">\(LinkCard.fit(name, width: 720, size: 36))<"))
    }
}
