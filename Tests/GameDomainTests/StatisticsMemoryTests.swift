import Testing

@testable import GameDomain

@Suite("Statistics resumed between builds")
struct StatisticsMemoryTests {
    /// Score-keeper games on four board games, bowling nights and puzzle races, in a random order.
    static func games(_ count: Int, _ random: inout SplitMix64) throws -> [FiledGame] {
        try (0..<count).map { try game($0, &random) }
    }

    static func game(_ index: Int, _ random: inout SplitMix64) throws -> FiledGame {
        let day = "2026-\(String(format: "%02d", 1 + index / 28 % 12))-\(String(format: "%02d", 1 + index % 28))"
        let names = ["Ann", "Bo", "Cy", "Di", "ann"].shuffled(using: &random).prefix(2 + Int(random.next() % 3))
        let game: Game
        switch random.next() % 6 {
        case 0:
            let lines = Dictionary(
                names.map { ($0, Array(repeating: BowlingBall.pins(Int(random.next() % 5)), count: 20)) },
                uniquingKeysWith: { a, _ in a })
            game = try BowlerStatisticsTests.game(day, lines).game
        case 1:
            game = try RacerStatisticsTests.race(
                day, optimum: 1, names.map { ($0, [PuzzleMove.tile(8)], Double(random.next() % 9 + 1)) }
            ).game
        default:
            let round = names.map { ScoreGame.Entry(player: $0, points: Int(random.next() % 7)) }
            game = Game(
                title: ["Catan", "Azul", "Go", "Hearts"][Int(random.next() % 4)], date: try #require(GameDate(day)),
                notes: "",
                content: .scores(ScoreGame(players: Array(names), rounds: [round])),
                bggID: random.next() % 5 == 0 ? 13 : nil)
        }
        return FiledGame(file: "g\(index).md", game: game)
    }

    /// Compared part by part, and reported by name: the values fill pages.
    static func expectSame(_ resumed: GroupStatistics, _ fresh: GroupStatistics) {
        let parts = [
            ("players", resumed.players == fresh.players), ("board games", resumed.boardgames == fresh.boardgames),
            ("H-index", resumed.hIndex == fresh.hIndex), ("ratings", resumed.ratings.overall == fresh.ratings.overall),
            ("board-game ratings", resumed.ratings.boardgames == fresh.ratings.boardgames),
            ("rating changes", resumed.ratings.changes == fresh.ratings.changes),
        ]
        let differing = parts.filter { !$0.1 }.map(\.0)
        #expect(differing.isEmpty, "resumed statistics differ in \(differing)")
    }

    @Test("After random edits, resumed statistics equal statistics computed afresh", arguments: [true, false])
    func randomEdits(rated: Bool) async throws {
        var random = SplitMix64(seed: rated ? 11 : 12)
        var games = try Self.games(300, &random)
        var memory = StatisticsMemory()
        var settings = StatisticsSettings(ratings: rated)
        var next = games.count
        for step in 0..<60 {
            let at = Int(random.next() % UInt64(games.count))
            switch random.next() % 7 {
            case 0: games[at].game.title += "!"
            case 1: games[at].game.notes += " More."
            case 2:
                games[at] = FiledGame(file: games[at].file, game: try Self.game(Int(random.next() % 400), &random).game)
            case 3: games.remove(at: at)
            case 4:
                games.append(try Self.game(next, &random))
                next += 1
            // Another file, the game in its box: the file orders games and names them in histories.
            case 5: games[at].file = "moved-\(step).md"
            default: games.swapAt(at, games.count - 1)
            }
            if step == 30 { settings.handicap = BowlingHandicap(basis: 200, percentage: 90) }
            Self.expectSame(
                await memory.statistics(games, settings: settings), GroupStatistics(games, settings: settings))
        }
    }

    @Test("A change to the newest game counts the games since the last copy; one the statistics never read counts none")
    func countsFewGames() async throws {
        var random = SplitMix64(seed: 3)
        var games = try Self.games(400, &random)
        var memory = StatisticsMemory()
        let settings = StatisticsSettings()
        _ = await memory.statistics(games, settings: settings)
        #expect(memory.lastCounted == 400)
        let newest = try #require(
            FiledGame.inPlayOrder(games).last.flatMap { last in games.firstIndex { $0.file == last.file } })
        games[newest].game.notes = "Edited."
        _ = await memory.statistics(games, settings: settings)
        #expect(memory.lastCounted == 0)
        games[newest] = FiledGame(file: games[newest].file, game: try Self.game(newest, &random).game)
        Self.expectSame(await memory.statistics(games, settings: settings), GroupStatistics(games, settings: settings))
        #expect(memory.lastCounted == 64)
        // A score keeper's title is its board game, unless it names one.
        let oldest = try #require(
            FiledGame.inPlayOrder(games).first { $0.game.kind == .scores }.flatMap { first in
                games.firstIndex { $0.file == first.file }
            })
        games[oldest].game.title += " again"
        Self.expectSame(await memory.statistics(games, settings: settings), GroupStatistics(games, settings: settings))
        #expect(memory.lastCounted == 400)
    }

    @Test("Copies stay few however many saves add games")
    func fewCopies() async throws {
        var random = SplitMix64(seed: 5)
        var games = try Self.games(200, &random)
        var memory = StatisticsMemory()
        for index in 200..<260 {
            games.append(try Self.game(index, &random))
            _ = await memory.statistics(games, settings: StatisticsSettings())
        }
        #expect(memory.checkpointCount <= 5)
        Self.expectSame(
            await memory.statistics(games, settings: StatisticsSettings()),
            GroupStatistics(games, settings: StatisticsSettings()))
    }

    @Test("A name respelled with the same letters in other bytes (composed or not) counts as a change")
    func respelled() async throws {
        func games(_ name: String) throws -> [FiledGame] {
            try (1...3).map { day in
                let round = [ScoreGame.Entry(player: name, points: day), ScoreGame.Entry(player: "Bo", points: 2)]
                return FiledGame(
                    file: "g\(day).md",
                    game: Game(
                        title: "Go", date: try #require(GameDate("2026-01-0\(day)")), notes: "",
                        content: .scores(ScoreGame(players: [name, "Bo"], rounds: [round]))))
            }
        }
        let composed = "Zo\u{00EB}"
        let decomposed = "Zoe\u{0308}"
        var memory = StatisticsMemory()
        _ = await memory.statistics(try games(composed), settings: StatisticsSettings())
        let resumed = await memory.statistics(try games(decomposed), settings: StatisticsSettings())
        let name = resumed.players.values.first { $0.name != "Bo" }?.name
        #expect(name.map { Array($0.utf8) } == Array(decomposed.utf8))
    }
}
