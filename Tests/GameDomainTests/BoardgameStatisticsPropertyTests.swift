import Testing

@testable import GameDomain

/// Seat statistics and score distributions against plain implementations of their definitions
/// (Reference/ReferenceBoardgameStatistics.swift), over games generated from many seeds.
@Suite("Board-game statistics agree with their definitions")
struct BoardgameStatisticsPropertyTests {
    static let seeds: [UInt64] = Array(0..<150)

    @Test("Seats and the first player: wins and what chance gives, per board game", arguments: seeds)
    func seats(seed: UInt64) {
        var dice = Dice(seed: seed)
        let plays = Generated.plays(&dice)
        let actual = SeatStatistics.byBoardgame(plays: plays)
        let expected = ReferenceSeats.rows(plays)
        #expect(actual.map(\.boardgame) == expected.keys.sorted(), "seed \(seed)")
        for row in actual {
            #expect(ReferenceSeats.Row(row) == expected[row.boardgame], "seed \(seed): \(row.boardgame)")
        }
    }

    @Test("Score distributions: scores, winning and average scores by player count, margins", arguments: seeds)
    func scores(seed: UInt64) {
        var dice = Dice(seed: seed)
        let plays = Generated.plays(&dice)
        #expect(ScoreDistribution.byBoardgame(plays: plays) == ReferenceScores.distributions(plays), "seed \(seed)")
    }
}
