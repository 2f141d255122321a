import Testing

@testable import GameDomain

@Suite("Board-game figures resumed between builds")
struct BoardgameFiguresMemoryTests {
    /// Every figure in board-game order, scalars beyond ASCII spelled out: a name kept in other
    /// bytes is a difference.
    static func bytes(_ figures: BoardgameFigures) -> [String] {
        let boardgames = Set(figures.seats.keys).union(figures.scores.keys).sorted()
        return boardgames.map {
            SiteGameTests.scalars(
                "\($0) \(String(describing: figures.seats[$0])) \(String(describing: figures.scores[$0]))")
        }
    }

    @Test("After random edits, the figures kept and counted again equal figures counted afresh")
    func randomEdits() throws {
        var random = SplitMix64(seed: 44)
        var games = try StatisticsMemoryTests.games(300, &random)
        for index in games.indices where index % 3 == 0 {
            games[index].game.seating = Seating(seats: games[index].game.players.reversed())
        }
        var memory = BoardgameFigures.Memory()
        var next = games.count
        var kept = 0
        for step in 0..<80 {
            let at = Int(random.next() % UInt64(games.count))
            switch random.next() % 8 {
            case 0:
                games[at].game.title =
                    ["Catan", "Azul", "Go", "Hearts", "Caf\u{E9}", "Cafe\u{301}"][Int(random.next() % 6)]
            case 1: games[at].game.notes += " More."
            case 2:
                games[at] = FiledGame(
                    file: games[at].file, game: try StatisticsMemoryTests.game(Int(random.next() % 400), &random).game)
            case 3: games.remove(at: at)
            case 4:
                games.append(try StatisticsMemoryTests.game(next, &random))
                next += 1
            case 5: games[at].game.seating = Seating(first: games[at].game.players.last)
            // Another file, the game in its box: the figures name the games they were counted from.
            case 6: games[at].file = "moved-\(step).md"
            default: games.swapAt(at, games.count - 1)
            }
            let resumed: BoardgameFigures
            (resumed, memory) = BoardgameFigures.make(games, memory: memory)
            #expect(Self.bytes(resumed) == Self.bytes(BoardgameFigures(games)))
            let boardgames = Set(games.map(\.game.boardgame)).count
            #expect(memory.lastCounted <= boardgames)
            kept += boardgames - memory.lastCounted
        }
        // Most edits touch one board game of the seven: the others are kept.
        #expect(kept > 80 * 3)
    }

    @Test("Games moved to other files in their boxes are counted again: the margins name their files")
    func moved() throws {
        var random = SplitMix64(seed: 45)
        var games = try StatisticsMemoryTests.games(60, &random)
        let (_, memory) = BoardgameFigures.make(games, memory: BoardgameFigures.Memory())
        for index in games.indices { games[index].file = "moved-\(index).md" }
        let (resumed, _) = BoardgameFigures.make(games, memory: memory)
        #expect(Self.bytes(resumed) == Self.bytes(BoardgameFigures(games)))
    }

    @Test("A board game respelled in other bytes (composed or not) is counted again under its new name")
    func respelled() throws {
        func games(_ title: String) throws -> [FiledGame] {
            let round = [ScoreGame.Entry(player: "Ann", points: 3), ScoreGame.Entry(player: "Bo", points: 2)]
            return [
                FiledGame(
                    file: "a.md",
                    game: Game(
                        title: title, date: try #require(GameDate("2026-11-01")), notes: "",
                        content: .scores(ScoreGame(players: ["Ann", "Bo"], rounds: [round]))))
            ]
        }
        let (_, memory) = BoardgameFigures.make(try games("Caf\u{E9}"), memory: BoardgameFigures.Memory())
        let (figures, again) = BoardgameFigures.make(try games("Cafe\u{301}"), memory: memory)
        #expect(again.lastCounted == 1)
        let name = try #require(figures.scores.values.first?.boardgame)
        #expect(name == .named("Cafe\u{301}"))
        guard case .named(let spelled) = name else { return }
        #expect(SiteGameTests.scalars(spelled) == SiteGameTests.scalars("Cafe\u{301}"))
    }
}
