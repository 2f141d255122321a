import Testing

@testable import GameDomain

@Suite("Game outcome and board game")
struct GameOutcomeTests {
    static func scores(_ status: GameStatus, title: String = "Catan", boardgame: String? = nil) throws -> Game {
        let round = [
            ScoreGame.Entry(player: "A", points: 5), .init(player: "B", points: 5), .init(player: "C", points: 1),
        ]
        let content = Game.Content.scores(ScoreGame(players: ["A", "B", "C"], rounds: [round], status: status))
        return Game(
            title: title, date: try #require(GameDate("2026-11-20")), notes: "", content: content,
            boardgameName: boardgame)
    }

    @Test("A finished game ranks each player as a side; ties share a place")
    func ranked() throws {
        #expect(
            try Self.scores(.finished).outcome
                == .ranked([
                    .init(players: ["A"], place: 1), .init(players: ["B"], place: 1), .init(players: ["C"], place: 3),
                ]))
    }

    @Test("No outcome before the game is over", arguments: [GameStatus.setup, .playing])
    func unfinished(status: GameStatus) throws {
        #expect(try Self.scores(status).outcome == nil)
    }

    @Test(
        "Ranked at once: the outcome, the results, the winners and their names; a play counts the results of a finished game only"
    )
    func rankedOnce() throws {
        let day = try #require(GameDate("2026-11-20"))
        func scores(_ game: ScoreGame) -> Game { Game(title: "Catan", date: day, notes: "", content: .scores(game)) }
        let teams = ScoreGame(
            lineup: .teams([.init(name: "Red", players: ["A", "B"]), .init(name: "Blue", players: ["C"])]),
            decision: .points(
                .init(
                    .final([
                        .init(player: "A", points: 3), .init(player: "B", points: 4), .init(player: "C", points: 6),
                    ]))))
        let games = [
            try Self.scores(.finished), try Self.scores(.playing), scores(teams),
            scores(ScoreGame(lineup: .players(["A", "B"]), decision: .ranks(["A": 2, "B": 1], points: nil))),
            scores(ScoreGame(lineup: .players(["A", "B", "C"]), decision: .winners(["C"], points: nil))),
            scores(ScoreGame(lineup: .players(["A", "B"]), decision: .cooperative(won: true))),
            try BowlerStatisticsTests.game(
                "2026-11-20", ["Ann": BowlerStatisticsTests.perfect, "Bo": BowlerStatisticsTests.nines]
            ).game,
            try RacerStatisticsTests.race("2026-11-20", optimum: 1, [("Ann", [.tile(8)], 4), ("Bo", [.tile(7)], 1)])
                .game,
        ]
        for game in games {
            let (outcome, results, winners, winnerNames) = game.ranked
            #expect(outcome == game.outcome)
            #expect(results == game.results)
            #expect(winners == game.winners)
            #expect(winnerNames == game.winnerNames)
            let play = Play(FiledGame(file: "g.md", game: game))
            #expect(play.outcome == game.outcome)
            #expect(play.results == (game.status == .finished ? game.results : []))
        }
    }

    @Test("The board game is `boardgame:`, else the title")
    func boardgame() throws {
        #expect(try Self.scores(.finished, title: "Second table", boardgame: "Catan").boardgame == .named("Catan"))
        #expect(try Self.scores(.finished, title: "Second table").boardgame == .named("Second table"))
        #expect(Boardgame.kind(.bowling) < .named("Azul"))
    }
}
