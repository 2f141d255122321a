import Testing

@testable import GameDomain

@Suite("Bowling statistics")
struct BowlerStatisticsTests {
    static func line(_ balls: [BowlingBall]) throws -> BowlingLine { try BowlingLine(balls: balls) }

    static func game(_ day: String, _ lines: [String: [BowlingBall]], status: GameStatus = .finished) throws
        -> FiledGame
    {
        let players = try lines.sorted { $0.key < $1.key }.map {
            BowlingGame.Player(name: $0.key, line: try line($0.value))
        }
        return FiledGame(
            file: "\(day)-\(lines.count).md",
            game: Game(
                title: "Bowling", date: try #require(GameDate(day)), notes: "",
                content: .bowling(BowlingGame(players: players, status: status))))
    }

    static let perfect = balls(Array(repeating: 10, count: 12))
    static let nines = balls(Array(repeating: [9, 0], count: 10).flatMap { $0 })
    /// 9/ in every frame, then a 10th-frame fill of 9.
    static let spares = balls(Array(repeating: [9, 1], count: 10).flatMap { $0 } + [9])

    @Test("A perfect game: 12 strikes in 12 chances, no spare chance, clean")
    func perfectGame() throws {
        var stats = BowlerStatistics()
        stats.add(try Self.line(Self.perfect), total: 300)
        #expect(
            (stats.strikes, stats.strikeChances, stats.spares, stats.spareChances, stats.openFrames, stats.cleanGames)
                == (12, 12, 0, 0, 0, 1))
    }

    @Test("All nines: 10 strike chances, 10 spare chances, 10 open frames, not clean")
    func nines() throws {
        var stats = BowlerStatistics()
        stats.add(try Self.line(Self.nines), total: 90)
        #expect(
            (stats.strikes, stats.strikeChances, stats.spares, stats.spareChances, stats.openFrames, stats.cleanGames)
                == (0, 10, 0, 10, 10, 0))
    }

    @Test("All spares: the 10th frame's fill ball is a strike chance, not a spare chance")
    func allSpares() throws {
        var stats = BowlerStatistics()
        stats.add(try Self.line(Self.spares), total: 190)
        #expect(
            (stats.strikes, stats.strikeChances, stats.spares, stats.spareChances, stats.cleanGames) == (
                0, 11, 10, 10, 1
            ))
    }

    @Test("10th frame X 7 /: strike chances 11 (X, then the 7's rack), the 7/ is not a spare chance")
    func tenthFrameStrikeThenSpare() throws {
        var stats = BowlerStatistics()
        stats.add(try Self.line(balls(Array(repeating: [9, 0], count: 9).flatMap { $0 } + [10, 7, 3])), total: 101)
        #expect(
            (stats.strikes, stats.strikeChances, stats.spares, stats.spareChances, stats.openFrames) == (1, 11, 0, 9, 9)
        )
    }

    @Test(
        "Ten -/ frames: the spare ball meets a rack with pins down, so 0 strikes in 11 chances",
        arguments: [
            balls(Array(repeating: [0, 10], count: 10).flatMap { $0 } + [0]),
            Array(repeating: [BowlingBall.foul, .pins(10)], count: 10).flatMap { $0 } + [.pins(0)],
        ])
    func gutterSpares(line: [BowlingBall]) throws {
        var stats = BowlerStatistics()
        stats.add(try Self.line(line), total: 100)
        #expect(
            (stats.strikes, stats.strikeChances, stats.spares, stats.spareChances, stats.cleanGames) == (
                0, 11, 10, 10, 1
            ))
    }

    @Test(
        "10th frame X - /: one strike in 2 chances there (the X and the ball after it; the / after a gutter ball is none), 11 in the line"
    )
    func tenthFrameStrikeGutterSpare() throws {
        var stats = BowlerStatistics()
        stats.add(try Self.line(balls(Array(repeating: [9, 0], count: 9).flatMap { $0 } + [10, 0, 10])), total: 101)
        #expect((stats.strikes, stats.strikeChances, stats.spareChances) == (1, 11, 9))
    }

    @Test("Splits: converted when the next ball clears the rack; a split on the last ball is no chance")
    func splits() throws {
        // (8)/ (7)1 then eight 9- frames with a 10th of X X (8).
        let line =
            [BowlingBall.split(8), .pins(2), .split(7), .pins(1)]
            + balls(Array(repeating: [9, 0], count: 7).flatMap { $0 })
            + [.pins(10), .pins(10), .split(8)]
        var stats = BowlerStatistics()
        stats.add(try Self.line(line), total: 0)
        #expect((stats.splits, stats.splitsConverted) == (2, 1))
    }

    @Test("Average, high game and series, trend by night, handicap from the average before the night")
    func averagesAndHandicap() throws {
        let games = [
            try Self.game("2026-01-05", ["Ann": Self.nines]),  // 90
            try Self.game("2026-01-05T21:00", ["Ann": Self.spares]),  // 190: night 1 = 280, average 140
            try Self.game("2026-01-12", ["Ann": Self.perfect]),  // 300: average 193 (580 / 3)
            try Self.game("2026-01-19", ["Ann": Self.nines], status: .playing),
        ]
        let handicap = BowlingHandicap(basis: 220, percentage: 90)
        let ann = try #require(BowlerStatistics.bowlers(games, handicap: handicap)["ann"])
        #expect((ann.games, ann.pins, ann.average, ann.highGame, ann.highSeries) == (3, 580, 193, 300, 300))
        // Night 1 has no average before it; night 2 bowls with floor(0.9 × (220 − 140)) = 72.
        #expect(ann.trend.map(\.day) == ["2026-01-05", "2026-01-12"])
        #expect(ann.trend.map(\.average) == [140, 193])
        #expect(ann.trend.map(\.handicap) == [0, 72])
        #expect(ann.handicapPins == 72)
        #expect(ann.handicapAverage == (580 + 72) / 3)
    }

    @Test(
        "Handicap: floor(percentage × (basis − average)), never below 0",
        arguments: [
            (150, 63), (219, 0), (220, 0), (250, 0), (0, 198),
        ] as [(Int, Int)])
    func handicap(average: Int, expected: Int) {
        #expect(BowlingHandicap(basis: 220, percentage: 90).pins(average: average) == expected)
        #expect(BowlingHandicap(basis: 220, percentage: 90).pins(average: nil) == 0)
    }
}

@Suite("Puzzle statistics")
struct RacerStatisticsTests {
    /// 1 2 3 / 4 5 6 / 7 _ 8: one move (tile 8) from solved.
    static func race(_ day: String, optimum: Int?, _ racers: [(String, [PuzzleMove], Double?)]) throws -> FiledGame {
        let start = try PuzzleBoard(size: 3, tiles: [1, 2, 3, 4, 5, 6, 7, 0, 8])
        let players = try racers.map {
            PuzzleGame.Player(name: $0.0, replay: try PuzzleReplay(start: start, moves: $0.1), seconds: $0.2)
        }
        let game = PuzzleGame(start: start, players: players, optimum: optimum.map(PuzzleOptimum.moves))
        return FiledGame(
            file: "\(day).md",
            game: Game(title: "Race", date: try #require(GameDate(day)), notes: "", content: .fifteen(game)))
    }

    @Test("Moves per second and efficiency per race; bests per board size, earlier races keep ties")
    func racer() throws {
        let games = [
            try Self.race("2026-01-01", optimum: 1, [("Ann", [.tile(8), .tile(8), .tile(8)], 2)]),
            try Self.race("2026-01-02", optimum: 1, [("Ann", [.tile(8)], 4), ("Bo", [.tile(7)], 1)]),
            try Self.race("2026-01-03", optimum: nil, [("ann", [.tile(8)], 1)]),
        ]
        let racers = RacerStatistics.racers(games)
        let ann = try #require(racers["ann"])
        #expect(ann.races.map(\.movesPerSecond) == [1.5, 0.25, 1])
        #expect(ann.races.map(\.efficiency) == [1.0 / 3, 1, nil])
        #expect(ann.solved == 3)
        let bests = try #require(ann.bests.first)
        #expect(bests.size == 3)
        #expect(bests.fewestMoves?.value == 1)
        #expect(bests.fewestMoves?.file == "2026-01-02.md")
        #expect(bests.fastest?.value == 1)
        #expect(bests.fastest?.file == "2026-01-03.md")
        #expect(bests.bestEfficiency?.value == 1)
        #expect(racers["bo"]?.solved == 0)
        #expect(racers["bo"]?.bests.isEmpty == true)
    }
}
