import GameDomain
import Testing

@Suite("Puzzle games")
struct PuzzleGameTests {
    /// 1 2 3 / 4 5 6 / 7 _ 8: one move (tile 8) from solved.
    static let start: PuzzleBoard = {
        (try? PuzzleBoard(size: 3, tiles: [1, 2, 3, 4, 5, 6, 7, 0, 8])) ?? PuzzleBoard.goalOrEmpty
    }()

    static func player(_ name: String, _ moves: [PuzzleMove], seconds: Double?) throws -> PuzzleGame.Player {
        PuzzleGame.Player(name: name, replay: try PuzzleReplay(start: start, moves: moves), seconds: seconds)
    }

    @Test func winnersAreFirstPlaceAmongSolversAndTiesShare() throws {
        let game = PuzzleGame(
            start: Self.start,
            players: [
                try Self.player("Ana", [.tile(8)], seconds: 5),
                try Self.player("Bo", [.slide(.left)], seconds: 5),
                try Self.player("Cy", [.tile(8), .tile(8), .tile(8)], seconds: 2),
                try Self.player("Di", [.tile(7)], seconds: 1),
            ])
        #expect(game.size == 3)
        #expect(game.places == [1, 1, 3, nil])
        #expect(game.winners == ["Ana", "Bo"])
        #expect(game.players.map(\.result.solved) == [true, true, true, false])
        #expect(game.players[3].replay.final.tiles == [1, 2, 3, 4, 5, 6, 0, 7, 8])
    }

    @Test(
        "No winners before the game is finished, or when nobody solved it",
        arguments: [GameStatus.setup, .playing, .finished])
    func noWinners(status: GameStatus) throws {
        let unsolved = PuzzleGame(
            start: Self.start, players: [try Self.player("Di", [.tile(7)], seconds: nil)], status: status)
        #expect(unsolved.winners.isEmpty)
        let solved = PuzzleGame(
            start: Self.start, players: [try Self.player("Ana", [.tile(8)], seconds: nil)], status: status)
        #expect(solved.winners == (status == .finished ? ["Ana"] : []))
    }

    @Test func gameExposesKindPlayersAndWinners() throws {
        let puzzle = PuzzleGame(
            start: Self.start, players: [try Self.player("Ana", [.tile(8)], seconds: 3)], optimum: .moves(1))
        let game = Game(title: "Race", date: try #require(GameDate("2026-11-22")), notes: "", content: .fifteen(puzzle))
        #expect(game.kind == .fifteen)
        #expect(game.players == ["Ana"])
        #expect(game.winners == ["Ana"])
        #expect(puzzle.optimum?.moves == 1)
        #expect(PuzzleOptimum.notComputed(.timeLimit(seconds: 10, atLeast: 40)).moves == nil)
    }
}

extension PuzzleBoard {
    /// Only for the fixture's fallback; the literal above is valid.
    fileprivate static var goalOrEmpty: PuzzleBoard {
        (try? PuzzleBoard.goal(size: 3)) ?? { preconditionFailure("the 3×3 goal is valid") }()
    }
}
