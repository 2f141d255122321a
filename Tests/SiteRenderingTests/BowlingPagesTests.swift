import GameDomain
import Testing

@testable import SiteRendering

@Suite("Bowling pages")
struct BowlingPagesTests {
    let renderer: SiteRenderer

    init() throws {
        renderer = SiteRenderer(templates: try Templates())
    }

    @Test func sheetsAreDrawnInTheScorecardAndOnlyTheFirstCarriesTheStyle() throws {
        let files = try renderer.site([try BowlingFixtures.night()])
        #expect(files.filter { $0.path.hasSuffix(".svg") }.isEmpty)
        let html = try #require(files.first { $0.path == "games/bowling-1.html" }).contents
        #expect(
            html.ranges(
                of:
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"734\" height=\"94\" viewBox=\"0 0 734 94\" role=\"img\" class=\"bowling-sheet\">"
            ).count == 2)
        #expect(html.contains("<title>Marta&#39;s score sheet, Game 1: 300</title>"))
        #expect(html.ranges(of: "<style>").count == 1)
        #expect(html.contains("<figure class=\"sheet winner\">"))
        #expect(html.contains("Winner: <strong>Marta</strong>"))
    }

    /// Inline, a sheet's `<style>` applies to the whole page: every rule must stay inside the sheet.
    @Test func everyRuleOfTheSheetStyleIsScopedToTheSheet() {
        for rule in BowlingSheet.style.split(separator: "\n") where rule.contains("{") && !rule.hasPrefix("@") {
            let selectors = rule.prefix { $0 != "{" }.split(separator: ",")
            for selector in selectors {
                #expect(selector.drop(while: \.isWhitespace).hasPrefix(".bowling-sheet "), "\(rule)")
            }
        }
    }

    @Test func scorecardTableShowsMarksAndRunningTotals() throws {
        let html = try renderer.scorecard(try BowlingFixtures.night()).contents
        #expect(
            html.contains(
                "<th scope=\"row\"><span role=\"img\" aria-label=\"winner\">👑</span>&nbsp;Marta</th><td class=\"num\">X<small>30</small></td>"
            ))
        #expect(
            html.contains(
                "<th scope=\"row\">Andre &lt;b&gt;&quot;&amp;&#39;</th><td class=\"num\">7 /<small>19</small></td>"))
        #expect(
            html.contains("<td class=\"num\">9 / X<small>150</small></td><td class=\"num\"><strong>150</strong></td>"))
        #expect(!html.contains("<b>"))
    }

    @Test func unfinishedGameHasNoWinnerAndDashes() throws {
        let entry = BowlingFixtures.game(
            [try BowlingFixtures.player("Ann", BowlingFixtures.unfinished)], status: .playing)
        let html = try renderer.scorecard(entry).contents
        #expect(!html.contains("Winner"))
        #expect(
            html.contains(
                "<td class=\"num\">X<small>-</small></td><td class=\"num\">7<small>-</small></td><td class=\"num\"><small>-</small></td>"
            ))
        #expect(html.contains("<td class=\"num\"><strong>-</strong></td>"))
    }

    @Test func indexStandingsMergePlayersAndSeries() throws {
        let games = [
            BowlingFixtures.game(
                [
                    try BowlingFixtures.player("Marta", BowlingFixtures.perfect),
                    try BowlingFixtures.player("andre", BowlingFixtures.mixed),
                ],
                date: "2026-11-21T19:00", slug: "a"),
            BowlingFixtures.game(
                [
                    try BowlingFixtures.player(" ANDRE ", BowlingFixtures.perfect),
                    try BowlingFixtures.player("marta", BowlingFixtures.mixed),
                ],
                date: "2026-11-21T20:00", slug: "b"),
            BowlingFixtures.game(
                [try BowlingFixtures.player("Andre", BowlingFixtures.mixed)], date: "2026-11-28", slug: "c"),
            // Unfinished games and lines do not count.
            BowlingFixtures.game(
                [try BowlingFixtures.player("Marta", BowlingFixtures.unfinished)], status: .playing,
                date: "2026-11-28", slug: "d"),
        ]
        let html = try renderer.index(games).contents
        #expect(html.contains("<h2 id=\"standings-bowling\"><a href=\"kinds/bowling.html\">Bowling</a> standings</h2>"))
        // Best average first. Marta: 300 + 150 on one night. andre (first spelling): 150 + 300 on the 21st, 150 on the 28th.
        let rows = html.components(separatedBy: "\n").filter { $0.hasPrefix("<tr><th scope=\"row\">") }
        #expect(
            rows == [
                "<tr><th scope=\"row\"><a href=\"players/marta.html\">Marta</a></th><td class=\"num\">2</td><td class=\"num\">225</td><td class=\"num\">300</td><td class=\"num\">450</td></tr>",
                "<tr><th scope=\"row\"><a href=\"players/andre.html\">andre</a></th><td class=\"num\">3</td><td class=\"num\">200</td><td class=\"num\">300</td><td class=\"num\">450</td></tr>",
            ])
    }

    @Test func noStandingsWithoutBowling() throws {
        let html = try renderer.index([]).contents
        #expect(!html.contains("Bowling</a> standings"))
    }
}
