import Testing

@testable import GameDomain

/// Every statistic against a second, plain implementation of its written definition
/// (Reference/), over games generated from many seeds. A failure names its seed; rerun it
/// with `--filter` and the seed to see the games.
@Suite("Statistics agree with their definitions")
struct StatisticsPropertyTests {
    static let seeds: [UInt64] = Array(0..<150)

    @Test("Head-to-head, nemesis, streaks, board-game plays and favourite", arguments: seeds)
    func players(seed: UInt64) {
        var dice = Dice(seed: seed)
        let plays = Generated.plays(&dice)
        let statistics = GroupStatistics(plays: plays, rated: false)
        let expected = ReferencePlays.players(plays)
        #expect(statistics.players.keys.sorted() == expected.keys.sorted())
        for (identity, player) in expected {
            let actual = statistics.player(identity)
            #expect(actual?.name == player.name, "seed \(seed): \(identity)")
            #expect(actual?.headToHead == player.headToHead, "seed \(seed): \(identity)")
            #expect(actual?.nemesis == player.nemesis, "seed \(seed): \(identity)")
            #expect(actual?.streak == player.streak, "seed \(seed): \(identity)")
            #expect(actual?.boardgames == player.boardgames, "seed \(seed): \(identity)")
            #expect(actual?.favourite == player.favourite, "seed \(seed): \(identity)")
        }
    }

    @Test("The games table, records and the H-index", arguments: seeds)
    func boardgames(seed: UInt64) {
        var dice = Dice(seed: seed)
        let plays = Generated.plays(&dice)
        let statistics = GroupStatistics(plays: plays, rated: false)
        let expected = ReferencePlays.table(plays)
        #expect(statistics.boardgames == expected, "seed \(seed)")
        #expect(statistics.hIndex == ReferencePlays.hIndex(expected.map(\.plays)), "seed \(seed)")
    }

    @Test("H-index of any list of plays", arguments: seeds)
    func hIndex(seed: UInt64) {
        var dice = Dice(seed: seed)
        let plays = (0..<dice.int(0...12)).map { _ in dice.int(0...15) }
        #expect(BoardgameStatistics.hIndex(plays) == ReferencePlays.hIndex(plays), "seed \(seed): \(plays)")
    }

    @Test("Ratings: which games and players are rated, overall and per board game", arguments: seeds.prefix(60))
    func ratings(seed: UInt64) {
        var dice = Dice(seed: seed)
        let plays = Generated.plays(&dice)
        let actual = Ratings(plays: plays)
        let expected = ReferenceRatings.ratings(plays)
        #expect(actual.overall == expected.overall, "seed \(seed)")
        #expect(actual.boardgames == expected.boardgames, "seed \(seed)")
        #expect(actual.changes == expected.changes, "seed \(seed)")
    }

    @Test("Bowling: every figure of every bowler, with and without a handicap", arguments: seeds)
    func bowling(seed: UInt64) {
        var dice = Dice(seed: seed)
        let games = Generated.kindGames(&dice)
        let handicap =
            dice.chance(50) ? BowlingHandicap(basis: dice.int(150...250), percentage: dice.int(50...100)) : nil
        let actual = GroupStatistics(games, settings: StatisticsSettings(ratings: false, handicap: handicap))
        let expected = ReferenceBowler.bowlers(games, handicap: handicap)
        let bowlers = actual.players.compactMapValues { $0.bowling.map(ReferenceBowler.init) }
        #expect(bowlers.keys.sorted() == expected.keys.sorted(), "seed \(seed)")
        for (identity, bowler) in expected {
            #expect(bowlers[identity] == bowler, "seed \(seed): \(identity)")
        }
    }

    @Test("Bowling: one line at a time, the line form and the sheet form alike", arguments: seeds)
    func bowlingLines(seed: UInt64) throws {
        var dice = Dice(seed: seed)
        for _ in 0..<20 {
            let balls = Generated.bowlingBalls(&dice)
            let line = try BowlingLine(balls: balls)
            let total = try #require(line.total)
            #expect(total == ReferenceBowler.score(balls.map(\.pins)), "seed \(seed): \(balls)")
            var actual = BowlerStatistics()
            var expected = ReferenceBowler()
            actual.add(line, total: total)
            expected.add(balls)
            #expect(ReferenceBowler(actual) == expected, "seed \(seed): \(line.frames.map(\.marks))")
            // The list form `[0, 10, …]` is the same line.
            var fromList = BowlerStatistics()
            fromList.add(try BowlingLine(pinCounts: balls.map(\.pins)), total: total)
            var plain = ReferenceBowler()
            plain.add(balls.map { .pins($0.pins) })
            #expect(ReferenceBowler(fromList) == plain, "seed \(seed): \(balls.map(\.pins))")
        }
    }

    @Test("Puzzle: each race, and the bests per board size", arguments: seeds)
    func puzzle(seed: UInt64) {
        var dice = Dice(seed: seed)
        let games = Generated.kindGames(&dice)
        let actual = GroupStatistics(games, settings: StatisticsSettings(ratings: false))
        let expected = ReferenceRaces.races(games)
        let racers = actual.players.compactMapValues(\.puzzle)
        #expect(racers.keys.sorted() == expected.keys.sorted(), "seed \(seed)")
        for (identity, races) in expected {
            let racer = racers[identity]
            let mine = racer?.races.map {
                ReferenceRaces.Race(
                    file: $0.file, size: $0.size, solved: $0.solved, moves: $0.moves, seconds: $0.seconds,
                    movesPerSecond: $0.movesPerSecond, efficiency: $0.efficiency)
            }
            #expect(mine == races, "seed \(seed): \(identity)")
            let bests = racer?.bests.map { best in
                ReferenceRaces.Bests(
                    size: best.size, fewestMoves: best.fewestMoves.map { "\($0.value) \($0.file)" },
                    fastest: best.fastest.map { "\($0.value) \($0.file)" },
                    bestEfficiency: best.bestEfficiency.map { "\($0.value) \($0.file)" })
            }
            #expect(bests == ReferenceRaces.bests(races), "seed \(seed): \(identity)")
        }
    }

    @Test("The leaderboard: games played and won, cooperative and unfinished games aside", arguments: seeds)
    func leaderboard(seed: UInt64) {
        var dice = Dice(seed: seed)
        let games = (0..<dice.int(0...30)).map { _ in Generated.scoreGame(&dice) }
        #expect(PlayerRecord.leaderboard(games) == ReferenceRecords.leaderboard(games), "seed \(seed)")
    }

    @Test("Bowling standings: games, pins, average, high game and high series per player", arguments: seeds)
    func standings(seed: UInt64) {
        var dice = Dice(seed: seed)
        let results = (0..<dice.int(0...30)).map { _ in
            BowlingResult(
                player: dice.pick(["Ann", "Bo", "Cy"]) ?? "Ann", date: "2026-01-0\(dice.int(1...4))",
                total: dice.int(0...300))
        }
        #expect(BowlingStanding.standings(from: results) == ReferenceRecords.standings(results), "seed \(seed)")
    }

    @Test(
        "Score-keeper games of every shape, taken in date order then path, through the same definitions",
        arguments: seeds)
    func scoreGames(seed: UInt64) {
        var dice = Dice(seed: seed)
        let games = (0..<dice.int(0...30)).map { FiledGame(file: "s/\($0).md", game: Generated.scoreGame(&dice)) }
        let plays = FiledGame.inPlayOrder(games).map(Play.init)
        let statistics = GroupStatistics(games, settings: StatisticsSettings(ratings: false))
        let expected = ReferencePlays.players(plays)
        for (identity, player) in expected {
            #expect(statistics.player(identity)?.headToHead == player.headToHead, "seed \(seed): \(identity)")
            #expect(statistics.player(identity)?.streak == player.streak, "seed \(seed): \(identity)")
            #expect(statistics.player(identity)?.boardgames == player.boardgames, "seed \(seed): \(identity)")
        }
        #expect(statistics.boardgames == ReferencePlays.table(plays), "seed \(seed)")
    }
}
