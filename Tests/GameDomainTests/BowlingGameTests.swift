import GameDomain
import Testing

@Suite struct BowlingGameTests {
    private func player(_ name: String, _ pins: [Int]) throws -> BowlingGame.Player {
        BowlingGame.Player(name: name, line: try BowlingLine(pinCounts: pins))
    }

    @Test func highestCompleteLineWins() throws {
        let game = BowlingGame(
            players: [
                try player("Ann", Array(repeating: 10, count: 12)),
                try player("Bob", Array(repeating: 10, count: 10) + [3, 3]),
                try player("Cy", [10, 10]),
            ],
            status: .finished
        )
        #expect(game.winners.map(\.name) == ["Ann"])
    }

    @Test func tiesGiveSeveralWinners() throws {
        let spares = Array(repeating: 5, count: 21)
        let game = BowlingGame(
            players: [
                try player("Ann", spares), try player("Bob", Array(repeating: 0, count: 20)), try player("Cy", spares),
            ],
            status: .finished
        )
        #expect(game.winners.map(\.name) == ["Ann", "Cy"])
    }

    @Test(arguments: [GameStatus.setup, .playing])
    func noWinnersUnlessFinished(status: GameStatus) throws {
        let game = BowlingGame(players: [try player("Ann", Array(repeating: 10, count: 12))], status: status)
        #expect(game.winners.isEmpty)
        #expect(game.results(on: "2025-03-14").isEmpty)
    }

    @Test func unfinishedLinesCannotWin() throws {
        let game = BowlingGame(players: [try player("Ann", [10]), try player("Bob", [])], status: .finished)
        #expect(game.winners.isEmpty)
    }

    @Test func resultsListCompleteLines() throws {
        let game = BowlingGame(
            players: [try player("Ann", Array(repeating: 10, count: 12)), try player("Cy", [10, 10])],
            status: .finished
        )
        #expect(game.results(on: "2025-03-14") == [BowlingResult(player: "Ann", date: "2025-03-14", total: 300)])
    }
}
