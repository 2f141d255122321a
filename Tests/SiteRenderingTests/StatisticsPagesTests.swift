import GameDomain
import SiteRendering
import SnapshotKit
import Testing

/// The statistics on the pages: ratings leaderboards, the games page, a board game's page, a
/// player's statistics, rating changes on a scorecard and handicap standings.
@Suite("Statistics pages")
struct StatisticsPagesTests {
    static let ann = "Ann <&>", bo = "Bo\" x"

    /// Four Azul games (Ann wins three), two bowling nights; every name holds markup.
    static func games() throws -> [SiteGame] {
        func azul(_ day: Int, _ winner: String, _ loser: String) -> SiteGame {
            let round = [
                ScoreGame.Entry(player: winner, points: 40 + day), .init(player: loser, points: 30),
                .init(player: "Cy", points: 20),
            ]
            return SiteGame(
                game: Game(
                    title: "Azul <1>", date: GameDate("2026-01-0\(day)")!, notes: "",
                    content: .scores(ScoreGame(players: [winner, loser, "Cy"], rounds: [round]))),
                slug: "azul-\(day)", file: "2026-01-0\(day)/azul.md")
        }
        return [
            azul(1, ann, bo), azul(2, bo, ann), azul(3, ann, bo), azul(4, ann, bo),
            BowlingFixtures.game(
                [
                    try BowlingFixtures.player(ann, BowlingFixtures.mixed),
                    try BowlingFixtures.player(bo, BowlingFixtures.perfect),
                ],
                date: "2026-01-05T19:00", slug: "bowling-1"),
            BowlingFixtures.game(
                [
                    try BowlingFixtures.player(ann, BowlingFixtures.perfect),
                    try BowlingFixtures.player(bo, BowlingFixtures.mixed),
                ],
                date: "2026-01-06T19:00", title: "Game 2", slug: "bowling-2"),
        ]
    }

    let renderer: SiteRenderer
    let catalog: SiteCatalog

    init() throws {
        var settings = SiteSettings()
        settings.statistics = StatisticsSettings(
            minimumGames: 2, perBoardgameMinimum: 3, handicap: BowlingHandicap(basis: 220, percentage: 90))
        renderer = SiteRenderer(templates: try Templates(), settings: settings)
        catalog = SiteCatalog(try Self.games(), statistics: settings.statistics)
    }

    func page(_ page: CatalogPage) throws -> String { try renderer.render(page, catalog).contents }

    @Test func playerPage() throws {
        let index = try #require(catalog.players.firstIndex { $0.record.name == Self.ann })
        let html = try page(.player(index))
        #expect(!html.contains("<&>"))
        assertSnapshot(of: html, as: .html, named: "ann")
    }

    @Test func boardgamePages() throws {
        assertSnapshot(of: try page(.boardgames), as: .html, named: "boardgames")
        let azul = try #require(catalog.statistics.boardgames.firstIndex { $0.boardgame == .named("Azul <1>") })
        let html = try page(.boardgame(azul))
        #expect(html.contains("Ann &lt;&amp;&gt; ratings") == false && html.contains("Azul &lt;1&gt; ratings"))
        assertSnapshot(of: html, as: .html, named: "azul")
    }

    @Test func indexAndHandicapStandings() throws {
        assertSnapshot(of: try page(.index), as: .html, named: "index")
        assertSnapshot(of: try page(.kind(.bowling)), as: .html, named: "bowling-handicap")
    }

    @Test func scorecardRatingChanges() throws {
        let entry = try #require(catalog.games.first)
        let html = try renderer.scorecard(entry, in: catalog).contents
        #expect(html.contains("rating-changes"))
        #expect(try !renderer.scorecard(entry).contents.contains("rating-changes"))
        assertSnapshot(of: html, as: .html, named: "azul-1")
    }

    @Test("Ratings off: no leaderboard, chart or change anywhere")
    func ratingsOff() throws {
        var settings = SiteSettings()
        settings.statistics.ratings = false
        let renderer = SiteRenderer(templates: try Templates(), settings: settings)
        let files = try renderer.site(try Self.games())
        #expect(!files.isEmpty)
        #expect(
            files.filter { $0.path.hasSuffix(".html") }.allSatisfy {
                !$0.contents.contains("class=\"ratings") && !$0.contents.contains("rating-changes")
                    && !$0.contents.contains("player-rating")
            })
    }
}
