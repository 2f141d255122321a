import GameDomain
import SnapshotKit
import Testing

@testable import SiteRendering

/// A board game's page: wins by seat against chance, and its scores (by player count, as a
/// histogram, the closest games and biggest margins), from hand-made games whose names hold markup.
@Suite("Board-game figures")
struct BoardgameFiguresTests {
    static let ann = "Ann <&>", bo = "Bo\" x", cy = "Cy"
    static let azul = "Azul <1>"

    /// `2026-MM-DD` for the n-th day from 1 January (28 days a month keeps it simple).
    static func date(_ n: Int) -> GameDate? {
        let month = 1 + n / 28
        let day = 1 + n % 28
        return GameDate("2026-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)T20:00")
    }

    static func game(_ n: Int, _ boardgame: String, _ content: ScoreGame, seating: Seating?) throws -> SiteGame {
        let slug = "\(Slug.make(from: boardgame))-\(n)"
        return SiteGame(
            game: Game(
                title: "\(boardgame) #\(n)", date: try #require(date(n)), notes: "", content: .scores(content),
                boardgameName: boardgame, seating: seating),
            slug: slug, file: "\(slug).md")
    }

    static func scores(_ scores: [(String, Int)], win: WinRule = .highest) -> ScoreGame {
        ScoreGame(
            lineup: .players(scores.map(\.0)),
            decision: .points(.init(.final(scores.map { .init(player: $0.0, points: $0.1) }), win: win)))
    }

    /// Twelve Azul games round one table, the first seat turning: the first player wins 9, one
    /// game a tie for first; three Golf games that say only who went first; a team game, a
    /// cooperative game and a one-player game that say who went first.
    static func games() throws -> [SiteGame] {
        var games: [SiteGame] = []
        let table = [ann, bo, cy]
        for n in 0..<12 {
            let first = table[n % 3]
            let order = Array(table[(n % 3)...] + table[..<(n % 3)])
            // The first player wins but in games 3, 7 and 10 (seat 2 wins twice, seat 3 once); game 5 is a tie of seats 1 and 2.
            var points = [order[0]: 40 + n, order[1]: 30, order[2]: 20 + n]
            if [3, 7].contains(n) { points[order[1]] = 60 }
            if n == 10 { points[order[2]] = 70 }
            if n == 5 { points[order[1]] = 40 + n }
            games.append(
                try game(
                    n, azul, scores(table.map { ($0, points[$0] ?? 0) }), seating: Seating(first: first, seats: table)))
        }
        for n in 12..<15 {
            games.append(
                try game(
                    n, "Golf", scores([(ann, 20 - n), (bo, 3), (cy, n - 14)], win: .lowest), seating: Seating(first: bo)
                ))
        }
        let teams = ScoreGame(
            lineup: .teams([.init(name: "Red", players: [ann, bo]), .init(name: "Blue", players: [cy, "Di"])]),
            decision: .points(.init(.final([.init(player: "Red", points: 300), .init(player: "Blue", points: 250)]))))
        games.append(try game(15, "Spades", teams, seating: Seating(first: ann, seats: [ann, cy, bo, "Di"])))
        games.append(
            try game(
                16, "Pandemic", ScoreGame(lineup: .players([ann, bo]), decision: .cooperative(won: true)),
                seating: Seating(first: ann)))
        games.append(try game(17, "Solitaire", scores([(ann, 52)]), seating: Seating(first: ann)))
        return games
    }

    let catalog: SiteCatalog
    let figures: BoardgameFigures

    init() throws {
        catalog = SiteCatalog(try Self.games())
        figures = BoardgameFigures(catalog)
    }

    func renderer(_ language: SiteLanguage = .en) throws -> SiteRenderer {
        var renderer = SiteRenderer(templates: try Templates(), settings: SiteSettings(language: language))
        renderer.boardgameFigures = figures
        return renderer
    }

    func page(_ name: String, _ language: SiteLanguage = .en) throws -> String {
        let index = try #require(catalog.statistics.boardgames.firstIndex { $0.boardgame == .named(name) })
        return try renderer(language).render(.boardgame(index), catalog).contents
    }

    @Test("Ten games or more: a rate with its sample, interval, chance and verdict")
    func seatsWithEnoughPlays() throws {
        let view = try #require(SeatsView(figures.seats[.named(Self.azul)], texts: SiteTexts()))
        // Every game gives the seats, so the first player is seat 1: one row.
        #expect(view.rows.map(\.label) == ["Seat 1 (first player)", "Seat 2", "Seat 3"])
        // Seat 1 won 8 outright and tied for first with seat 2 once, of 12.
        #expect(view.rows.map(\.sample) == ["9 of 12", "3 of 12", "1 of 12"])
        #expect(view.rows.allSatisfy { !$0.notEnough })
        // Seat 3's 1 of 12 (1–35 %) is below chance (36 %); seat 2's 3 of 12 (9–53 %) is not.
        #expect(view.rows.map(\.verdictClass) == ["above", "within", "below"])
        #expect(view.rows.first?.rate == "75 %" && view.rows.first?.interval == "47–91 %")
        // Chance: 1/3 in eleven games, 2/3 in the tie: 4.33 of 12.
        #expect(view.rows.first?.chance == "36 %")
        #expect(view.note.contains("12 games") && view.note.contains("10 games or more"))
    }

    @Test("A game that says only who went first counts for the first player, not for seat 1")
    func firstPlayerBesideSeats() throws {
        var games = try Self.games().filter { $0.game.boardgame == .named(Self.azul) }
        games[0].game.seating = Seating(first: Self.ann)
        let view = try #require(
            SeatsView(
                BoardgameFigures(games.map { FiledGame(file: $0.file, game: $0.game) }).seats[.named(Self.azul)],
                texts: SiteTexts()))
        #expect(view.rows.map(\.label) == ["First player", "Seat 1", "Seat 2", "Seat 3"])
        #expect(view.rows.map(\.sample) == ["9 of 12", "8 of 11", "3 of 11", "1 of 11"])
    }

    @Test("Below ten games: the sample and chance, and \"not enough plays\" instead of a rate")
    func notEnoughPlays() throws {
        let view = try #require(SeatsView(figures.seats[.named("Golf")], texts: SiteTexts()))
        #expect(view.rows.map(\.label) == ["First player"])
        let row = try #require(view.rows.first)
        #expect(row.notEnough && row.rate == nil && row.interval == nil && row.verdict == nil && row.sample == "0 of 3")
        let html = try page("Golf")
        #expect(html.contains("<td colspan=\"3\" class=\"not-enough\">Not enough plays</td>"))
        #expect(try page("Golf", .ja).contains("プレイ数が不足"))
    }

    @Test("Teams have seats but no score distribution; cooperative and one-player games neither")
    func leftOut() throws {
        #expect(figures.seats[.named("Spades")]?.games == 1)
        #expect(figures.scores[.named("Spades")] == nil)
        let spades = try page("Spades")
        #expect(spades.contains("class=\"seats\"") && !spades.contains("score-distribution"))
        for name in ["Pandemic", "Solitaire"] {
            #expect(figures.seats[.named(name)] == nil)
            let html = try page(name)
            #expect(!html.contains("class=\"seats\""), "\(name)")
        }
        // A one-player game still has a score.
        #expect(figures.scores[.named("Solitaire")]?.scores == [52])
        #expect(figures.scores[.named("Pandemic")] == nil)
    }

    @Test("Scores: averages by player count, margins linked to their scorecards, lowest-wins margins")
    func scores() throws {
        let view = try #require(
            ScoreDistributionView(
                figures.scores[.named(Self.azul)], name: Self.azul, catalog: catalog, texts: SiteTexts()))
        #expect(view.byPlayerCount.map(\.players) == [3] && view.byPlayerCount.first?.games == 12)
        // The tie (game 5) is the closest; it links to its scorecard.
        #expect(
            view.closest.first?.result == "45 to 45, level on points"
                && view.closest.first?.href == "games/azul-1-5.html")
        #expect(view.biggest.first?.result == "70 to 50, by 20")
        let golf = try #require(
            ScoreDistributionView(figures.scores[.named("Golf")], name: "Golf", catalog: catalog, texts: SiteTexts(.ja))
        )
        // Lowest wins: -2 beats 3 by 5 in game 12.
        #expect(golf.closest.map(\.result) == ["0対3（3点差）", "-1対3（4点差）", "-2対3（5点差）"])
        // Three games: one list holds them all, not two lists of the same games.
        #expect(golf.closestHeading == "点差（小さい順）" && golf.biggest.isEmpty && !golf.hasBiggest)
        #expect(view.closestHeading == "Closest games" && view.hasBiggest)
    }

    @Test("Histogram ranges: 1, 2 or 5 times a power of ten, at most twelve, gaps kept, negative scores floored")
    func histogramBins() {
        #expect(ScoreHistogram.bins([]).bins.isEmpty)
        let small = ScoreHistogram.bins([3, 4, 4, 9])
        #expect(
            small.width == 1 && small.bins.count == 7 && small.bins.first == .init(start: 3, count: 1)
                && small.bins[1].count == 2)
        let wide = ScoreHistogram.bins([0, 37, 100])
        #expect(wide.width == 10 && wide.bins.count == 11 && wide.bins[3] == .init(start: 30, count: 1))
        let negative = ScoreHistogram.bins([-7, 3, 14])
        #expect(negative.width == 2 && negative.bins.first?.start == -8 && negative.bins.last?.start == 14)
        #expect(
            ScoreHistogram.floorDivide(-7, 2) == -4 && ScoreHistogram.floorDivide(7, 2) == 3
                && ScoreHistogram.floorDivide(-8, 2) == -4)
        #expect(ScoreHistogram.label(.init(start: 10, count: 1), width: 5) == "10–14")
        let extreme = ScoreHistogram.bins([.min, -1, 0, .max])
        #expect(extreme.bins.count <= ScoreHistogram.maximumBins && extreme.bins.reduce(0) { $0 + $1.count } == 4)
        #expect(ScoreHistogram.svg([.min, .max], name: "x", texts: SiteTexts()).render().contains("<svg"))
        let many = ScoreHistogram.bins(Array(0...10_000))
        #expect(many.bins.count <= ScoreHistogram.maximumBins && many.bins.reduce(0) { $0 + $1.count } == 10_001)
    }

    @Test("The histogram is an accessible image whose every text is escaped, with no page-wide style")
    func histogramMarkup() throws {
        let svg = ScoreHistogram.svg([1, 2, 2, 5], name: Self.azul, texts: SiteTexts()).render()
        #expect(svg.contains("role=\"img\"") && svg.contains("<title>Scores of Azul &lt;1&gt;</title>"))
        #expect(svg.contains("<desc>Scores from 1 to 5, counted in ranges of 1: 1: 1, 2: 2, 5: 1.</desc>"))
        #expect(!svg.contains("<style") && !svg.contains("Azul <1>"))
    }

    @Test("The page, in English and in Japanese")
    func page() throws {
        let html = try page(Self.azul)
        #expect(!html.contains("<&>") && !html.contains("Azul <1>") && !html.contains("<style"))
        assertSnapshot(of: html, as: .html, named: "azul")
        assertSnapshot(of: try page(Self.azul, .ja), as: .html, named: "azul-ja")
    }

    @Test("Without figures (none derived), the page has neither section")
    func withoutFigures() throws {
        let index = try #require(catalog.statistics.boardgames.firstIndex { $0.boardgame == .named(Self.azul) })
        let html = try SiteRenderer(templates: try Templates()).render(.boardgame(index), catalog).contents
        #expect(!html.contains("class=\"seats\"") && !html.contains("score-distribution"))
        // `site` derives them itself.
        let site = try SiteRenderer(templates: try Templates()).site(try Self.games())
        #expect(
            site.first { $0.path == catalog.path(of: .named(Self.azul)) }?.contents.contains("class=\"seats\"") == true)
    }
}
