import GameDomain
import SnapshotKit
import Testing

@testable import SiteRendering

/// The year in review: a page per year with a card per player, linked from the index and from
/// each player's page, from hand-made games whose names hold markup.
@Suite("Year in review pages")
struct YearPageTests {
    static let ann = "Ann <&>", bo = "Bo\" x", cy = "Cy"

    static func scores(_ n: Int, _ date: String, _ boardgame: String, _ points: [(String, Int)], minutes: Int? = nil)
        throws -> SiteGame
    {
        let game = ScoreGame(
            lineup: .players(points.map(\.0)),
            decision: .points(.init(.final(points.map { .init(player: $0.0, points: $0.1) }))))
        return SiteGame(
            game: Game(
                title: "\(boardgame) #\(n)", date: try #require(GameDate(date)), notes: "", content: .scores(game),
                boardgameName: boardgame, durationMinutes: minutes), slug: "game-\(n)", file: "game-\(n).md")
    }

    /// 2025: two Catan games without a duration. 2026: Azul (<b>) three times, two with a
    /// duration, Catan once, a cooperative game, bowling and a puzzle race; Cy and the racers new.
    static func games() throws -> [SiteGame] {
        var games = [
            try scores(1, "2025-03-01", "Catan", [(ann, 10), (bo, 7)]),
            try scores(2, "2025-03-08", "Catan", [(bo, 9), (ann, 8)]),
            try scores(3, "2026-01-10", "Azul <b>", [(ann, 40), (bo, 38), (cy, 12)], minutes: 45),
            try scores(4, "2026-01-10", "Azul <b>", [(ann, 50), (bo, 20), (cy, 30)], minutes: 50),
            try scores(5, "2026-02-14", "Azul <b>", [(ann, 33), (cy, 31)]),
            try scores(6, "2026-02-14", "Catan", [(cy, 10), (bo, 9)]),
        ]
        let pandemic = ScoreGame(lineup: .players([ann, cy]), decision: .cooperative(won: true))
        games.append(
            SiteGame(
                game: Game(
                    title: "Pandemic", date: try #require(GameDate("2026-03-01")), notes: "", content: .scores(pandemic)
                ),
                slug: "game-7", file: "game-7.md"))
        var bowling = BowlingFixtures.game(
            [
                try BowlingFixtures.player(ann, BowlingFixtures.perfect),
                try BowlingFixtures.player(bo, BowlingFixtures.mixed),
            ],
            date: "2026-03-02T19:00", slug: "game-8")
        bowling.file = "game-8.md"
        games.append(bowling)
        var race = try PuzzlePagesTests.race(optimum: .moves(1))
        race.slug = "game-9"
        race.file = "game-9.md"
        games.append(race)
        return games
    }

    func site(_ language: SiteLanguage = .en, ratings: Bool = true) throws -> [String: String] {
        var settings = SiteSettings(language: language)
        settings.statistics = StatisticsSettings(ratings: ratings)
        let files = try SiteRenderer(templates: try Templates(), settings: settings).site(try Self.games())
        return Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
    }

    @Test("A page per year with a finished game, each linked from the index, oldest to newest in its pager")
    func pages() throws {
        let site = try site()
        let year = try #require(site["years/2026.html"])
        #expect(site["years/2025.html"] != nil && site.keys.filter { $0.hasPrefix("years/") }.count == 2)
        let index = try #require(site["index.html"])
        #expect(
            index.contains("<a href=\"years/2026.html\">2026</a>")
                && index.contains("<a href=\"years/2025.html\">2025</a>"))
        #expect(
            year.contains("<a rel=\"prev\" href=\"../years/2025.html\">← 2025 in review</a>")
                && !year.contains("rel=\"next\""))
    }

    @Test("Each player's page links to the years they played in")
    func playerLinks() throws {
        let site = try site()
        let cy = try #require(site.first { $0.key.hasPrefix("players/") && $0.value.contains("<h1>Cy</h1>") }?.value)
        #expect(cy.contains("<a href=\"../years/2026.html\">2026</a>") && !cy.contains("years/2025.html"))
        let ann = try #require(
            site.first { $0.key.hasPrefix("players/") && $0.value.contains("<h1>Ann &lt;&amp;&gt;</h1>") }?.value)
        #expect(ann.contains("years/2026.html") && ann.contains("years/2025.html"))
    }

    @Test("Figures as shown: hours with their sample, wins as \"n of m\", ties naming everyone")
    func figures() throws {
        let year = try #require(try site()["years/2026.html"])
        #expect(year.contains("1.6 h (2 of 7 say how long they took)"))
        // Ann won every game she played, four of them ranked in a row (the cooperative game neither extends nor ends it).
        // Each holder links to their page.
        let ann = #"<a href="../players/ann.html">Ann &lt;&amp;&gt;</a>"#
        #expect(
            year.contains("<dt>Wins</dt><dd>5 of 5</dd>")
                && year.contains("Longest win streak</dt><dd>4 wins: \(ann)</dd>"), "\(year)")
        #expect(year.contains("High game</dt><dd>300: \(ann)</dd>"))
        #expect(year.contains("<dt>New players</dt><dd><a href=\"../players/cy-2.html\">Cy</a>, "))
        // Azul (<b>) is new and the most played; its name is escaped everywhere.
        #expect(year.contains("Azul &lt;b&gt;</a> · 3 plays") && !year.contains("<b>"))
        #expect(!year.contains("<&>") && !year.contains("Bo\" x"))
    }

    @Test("A year without durations, bowling, the puzzle or margins leaves those sections out")
    func leftOut() throws {
        let year = try #require(try site()["years/2025.html"])
        #expect(!year.contains("Hours played") && !year.contains("year-bowling") && !year.contains("year-puzzle"))
        let unrated = try #require(try site(ratings: false)["years/2026.html"])
        #expect(!unrated.contains("Biggest rating climb"))
        // Two games: the wider margin is the biggest win, the other the closest game.
        #expect(year.contains("Biggest win</dt><dd><a href=\"../games/game-1.html\">Catan #1 · 10 to 7, by 3</a>"))
        #expect(year.contains("Closest game</dt><dd><a href=\"../games/game-2.html\">Catan #2 · 9 to 8, by 1</a>"))
        // No streak of two.
        #expect(!year.contains("Longest win streak"))
    }

    @Test("The page, in English and in Japanese")
    func page() throws {
        assertSnapshot(of: try #require(try site()["years/2026.html"]), as: .html, named: "2026")
        assertSnapshot(of: try #require(try site(.ja)["years/2026.html"]), as: .html, named: "2026-ja")
    }
}
