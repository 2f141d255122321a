@testable import GameDomain
import Testing

@Suite("Game outcome and board game")
struct GameOutcomeTests {
    static func scores(_ status: GameStatus, title: String = "Catan", boardgame: String? = nil) throws -> Game {
        let round = [ScoreGame.Entry(player: "A", points: 5), .init(player: "B", points: 5), .init(player: "C", points: 1)]
        let content = Game.Content.scores(ScoreGame(players: ["A", "B", "C"], rounds: [round], status: status))
        return Game(title: title, date: try #require(GameDate("2026-11-20")), notes: "", content: content, boardgameName: boardgame)
    }

    @Test("A finished game ranks each player as a side; ties share a place")
    func ranked() throws {
        #expect(try Self.scores(.finished).outcome == .ranked([
            .init(players: ["A"], place: 1), .init(players: ["B"], place: 1), .init(players: ["C"], place: 3),
        ]))
    }

    @Test("No outcome before the game is over", arguments: [GameStatus.setup, .playing])
    func unfinished(status: GameStatus) throws {
        #expect(try Self.scores(status).outcome == nil)
    }

    @Test("The board game is `boardgame:`, else the title")
    func boardgame() throws {
        #expect(try Self.scores(.finished, title: "Second table", boardgame: "Catan").boardgame == .named("Catan"))
        #expect(try Self.scores(.finished, title: "Second table").boardgame == .named("Second table"))
        #expect(Boardgame.kind(.bowling) < .named("Azul"))
    }
}
