import GameDomain
import SiteRendering
import Testing

@Suite("Score-keeper pages")
struct ScorecardTests {
    let renderer: SiteRenderer

    init() throws {
        renderer = SiteRenderer(templates: try Templates())
    }

    @Test func scorecardShowsStandingsRoundsChartAndNotes() throws {
        let html = try renderer.scorecard(SiteGameFixtures.catan).contents
        #expect(html.contains("<title>Catan &lt;2&gt; · GameNight</title>"))
        #expect(html.contains("<link rel=\"stylesheet\" href=\"../style.css\">"))
        #expect(html.contains("Highest score wins"))
        #expect(html.contains("<strong>longest road</strong>"))
        #expect(html.contains("<!-- raw HTML omitted -->"))
        // Jasmine 2+7 = 9 wins over Andre 2+5-1 = 6 and Elisha 2+3 = 5.
        #expect(html.contains("Winner: <strong>Jasmine&quot; onmouseover=&quot;x</strong>"))
        #expect(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    }

    @Test func nothingUserSuppliedIsUnescaped() throws {
        let pages = try renderer.site([SiteGameFixtures.catan])
        for page in pages where page.path.hasSuffix(".html") {
            #expect(!page.contents.contains("<script>"), "\(page.path)")
            #expect(!page.contents.contains("<b>"), "\(page.path)")
            #expect(!page.contents.contains("\" onmouseover"), "\(page.path)")
        }
    }

    @Test("No winner is shown before the game is over", arguments: [GameStatus.setup, .playing])
    func noWinnerYet(status: GameStatus) throws {
        var entry = SiteGameFixtures.catan
        guard case .scores(var game) = entry.game.content else { return }
        game.status = status
        entry.game.content = .scores(game)
        let scorecard = try renderer.scorecard(entry).contents
        #expect(!scorecard.contains("Winner"))
        #expect(!scorecard.contains("class=\"winner\""))
        #expect(try !renderer.index([entry]).contents.contains("class=\"winners\""))
    }

    @Test func indexGroupsGamesByNightNewestFirst() throws {
        var older = SiteGameFixtures.catan
        older.game.date = GameDate("2026-11-13")!
        older.game.title = "Older"
        older.slug = "older"
        let html = try renderer.index([older, SiteGameFixtures.catan]).contents
        let newer = html.range(of: "Friday, 20 November 2026")
        let earlier = html.range(of: "Friday, 13 November 2026")
        #expect(newer != nil && earlier != nil)
        if let newer, let earlier { #expect(newer.lowerBound < earlier.lowerBound) }
        #expect(html.contains("href=\"games/catan.html\""))
    }

    @Test func chartHasOneLinePerPlayerAndAnAccessibleName() throws {
        guard case .scores(let game) = SiteGameFixtures.catan.game.content else { return }
        let svg = ScoreChart.svg(for: game, title: "Catan").render()
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 3)
        #expect(svg.contains("<title>Running totals: Catan</title>"))
        #expect(
            svg.contains(
                "<desc>Each player&#39;s total after every round, starting at 2. Final: Jasmine&quot; onmouseover=&quot;x 9, Andre &lt;b&gt; 6, Elisha 5.</desc>"
            ))
    }
}
