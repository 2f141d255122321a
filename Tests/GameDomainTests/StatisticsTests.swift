import Testing

@testable import GameDomain

/// Hand-made game lists whose statistics are worked out by hand in each test.
enum Plays {
    static func date(_ text: String) -> GameDate { GameDate(text) ?? GameDate("2000-01-01")! }

    /// A finished ranked game: sides in order, each `[names]` with its place.
    static func ranked(
        _ file: String, _ day: String, _ boardgame: String = "Catan", _ sides: [([String], Int)],
        scores: [String: Int] = [:], rule: WinRule = .highest
    ) -> Play {
        let players = sides.flatMap(\.0)
        let places = Dictionary(uniqueKeysWithValues: sides.flatMap { side in side.0.map { ($0, side.1) } })
        return Play(
            file: file, date: date(day), boardgame: .named(boardgame), players: players,
            outcome: .ranked(
                sides.map { GameOutcome.Side(team: $0.0.count > 1 ? "team" : nil, players: $0.0, place: $0.1) }),
            results: players.map {
                PlayerResult(player: $0, place: places[$0], score: scores[$0], isWinner: places[$0] == 1)
            },
            scoreRule: rule)
    }

    /// Each player a side of their own, in finishing order, no ties.
    static func order(_ file: String, _ day: String, _ boardgame: String, _ names: [String]) -> Play {
        ranked(file, day, boardgame, names.enumerated().map { ([$1], $0 + 1) })
    }

    static func cooperative(_ file: String, _ day: String, _ names: [String], won: Bool) -> Play {
        Play(
            file: file, date: date(day), boardgame: .named("Pandemic"), players: names,
            outcome: .cooperative(players: names, won: won))
    }

    static func unfinished(_ file: String, _ day: String, _ names: [String]) -> Play {
        Play(file: file, date: date(day), boardgame: .named("Catan"), players: names, outcome: nil)
    }
}

@Suite("Ratings over games")
struct RatingsTests {
    let model = OpenSkill()

    @Test("Each finished ranked game is one match; cooperative and unfinished games change nothing")
    func onlyRankedGames() {
        let ratings = Ratings(plays: [
            Plays.order("a.md", "2026-01-01", "Catan", ["Ann", "Bo"]),
            Plays.cooperative("b.md", "2026-01-02", ["Ann", "Bo"], won: true),
            Plays.unfinished("c.md", "2026-01-03", ["Ann", "Bo"]),
        ])
        let expected = model.rate([[model.initial], [model.initial]], places: [1, 2])
        #expect(ratings.overall["ann"]?.rating == expected[0][0])
        #expect(ratings.overall["bo"]?.rating == expected[1][0])
        #expect(ratings.overall["ann"]?.games == 1)
        #expect(ratings.changes.keys.sorted() == ["a.md"])
        #expect(ratings.changes["a.md"]?["ann"] == expected[0][0].ordinal - model.initial.ordinal)
    }

    @Test("Teams are rated as teams, players matched across spellings")
    func teams() {
        let ratings = Ratings(plays: [
            Plays.ranked("a.md", "2026-01-01", "Catan", [(["Ann", "Bo"], 2), (["cy"], 1)]),
            Plays.order("b.md", "2026-01-02", "Catan", ["CY", "ann"]),
        ])
        let first = model.rate([[model.initial, model.initial], [model.initial]], places: [2, 1])
        let second = model.rate([[first[1][0]], [first[0][0]]], places: [1, 2])
        #expect(ratings.overall["cy"]?.rating == second[0][0])
        #expect(ratings.overall["ann"]?.rating == second[1][0])
        #expect(ratings.overall["bo"]?.rating == first[0][1])
        #expect(ratings.overall["ann"]?.history.map(\.file) == ["a.md", "b.md"])
    }

    @Test("Games are rated by date, then path, whatever order they come in")
    func order() throws {
        let a = FiledGame(file: "x/a.md", game: try scoreGame(["Ann", "Bo"], points: [2, 1], date: "2026-01-01"))
        let b = FiledGame(file: "x/b.md", game: try scoreGame(["Ann", "Bo"], points: [1, 2], date: "2026-01-01"))
        let c = FiledGame(file: "a/c.md", game: try scoreGame(["Ann", "Bo"], points: [1, 2], date: "2026-01-02"))
        let sorted = Ratings([a, b, c])
        let shuffled = Ratings([c, b, a])
        #expect(sorted.overall == shuffled.overall)
        #expect(sorted.overall["ann"]?.history.map(\.file) == ["x/a.md", "x/b.md", "a/c.md"])
    }

    @Test("Per board game ratings are separate; leaderboards need enough games")
    func perBoardgame() {
        let plays = [
            Plays.order("a.md", "2026-01-01", "Catan", ["Ann", "Bo"]),
            Plays.order("b.md", "2026-01-02", "Azul", ["Bo", "Ann"]),
            Plays.order("c.md", "2026-01-03", "Azul", ["Bo", "Cy"]),
        ]
        let statistics = GroupStatistics(
            plays: plays, settings: StatisticsSettings(minimumGames: 2, perBoardgameMinimum: 2))
        #expect(
            statistics.ratings.boardgames[.named("Catan")]?["ann"]?.rating
                == model.rate([[model.initial], [model.initial]], places: [1, 2])[0][0])
        #expect(statistics.leaderboard.map(\.identity) == ["bo", "ann"])
        #expect(statistics.leaderboard(of: .named("Azul")).map(\.identity) == ["bo"])
        #expect(statistics.rating(of: "bo", in: .named("Azul"))?.games == 2)
        #expect(statistics.rating(of: "ann", in: .named("Azul")) == nil)
        let off = GroupStatistics(plays: plays, settings: StatisticsSettings(ratings: false))
        #expect(off.leaderboard.isEmpty)
    }

    @Test("Computed with the ratings on another core, the statistics are the same", arguments: [true, false])
    func concurrentRatings(rated: Bool) async throws {
        var games: [FiledGame] = []
        var random = SplitMix64(seed: 7)
        for index in 0..<40 {
            let players = ["Ann", "Bo", "Cy", "Di"].shuffled(using: &random).prefix(2 + index % 3)
            var game = try scoreGame(
                Array(players), points: players.indices.map { ($0 * 7 + index) % 5 }, date: "2026-01-\(10 + index % 20)"
            )
            game.title = ["Catan", "Azul", "Go"][index % 3]
            games.append(FiledGame(file: "g\(index).md", game: game))
        }
        let settings = StatisticsSettings(ratings: rated)
        let alone = GroupStatistics(games, settings: settings)
        let beside = await GroupStatistics.make(games, settings: settings)
        #expect(
            beside.players == alone.players && beside.boardgames == alone.boardgames && beside.hIndex == alone.hIndex)
        #expect(
            beside.ratings.overall == alone.ratings.overall && beside.ratings.boardgames == alone.ratings.boardgames)
        #expect(beside.ratings.changes == alone.ratings.changes && beside.ratings.overall.isEmpty == !rated)
    }

    func scoreGame(_ players: [String], points: [Int], date: String) throws -> Game {
        let round = zip(players, points).map { ScoreGame.Entry(player: $0, points: $1) }
        return Game(
            title: "Catan", date: try #require(GameDate(date)), notes: "",
            content: .scores(ScoreGame(players: players, rounds: [round])))
    }
}

@Suite("Head-to-head, streaks and board games")
struct GroupStatisticsTests {
    @Test("Head-to-head counts games on different sides: ahead, behind, tied; teammates are not opponents")
    func headToHead() {
        let statistics = GroupStatistics(plays: [
            Plays.order("1.md", "2026-01-01", "Catan", ["Ann", "Bo", "Cy"]),
            Plays.ranked("2.md", "2026-01-02", "Catan", [(["Bo"], 1), (["Ann", "Cy"], 1)]),
            Plays.ranked("3.md", "2026-01-03", "Catan", [(["Ann", "Bo"], 1), (["Cy"], 2)]),
            Plays.cooperative("4.md", "2026-01-04", ["Ann", "Bo"], won: false),
        ])
        let ann = statistics.player("ann")?.headToHead
        #expect(
            ann == [
                HeadToHead(opponent: "bo", games: 2, ahead: 1, behind: 0, tied: 1),
                HeadToHead(opponent: "cy", games: 2, ahead: 2, behind: 0, tied: 0),
            ])
        #expect(
            statistics.player("cy")?.headToHead == [
                HeadToHead(opponent: "bo", games: 3, ahead: 0, behind: 2, tied: 1),
                HeadToHead(opponent: "ann", games: 2, ahead: 0, behind: 2, tied: 0),
            ])
    }

    @Test("Nemesis: most often ahead over at least three games; ties go to the larger share")
    func nemesis() {
        #expect(HeadToHead.nemesis([HeadToHead(opponent: "bo", games: 2, behind: 2)]) == nil)
        #expect(HeadToHead.nemesis([HeadToHead(opponent: "bo", games: 3, ahead: 3)]) == nil)
        let bo = HeadToHead(opponent: "bo", games: 10, ahead: 6, behind: 4)
        let cy = HeadToHead(opponent: "cy", games: 5, ahead: 1, behind: 4)
        let di = HeadToHead(opponent: "di", games: 4, behind: 3, tied: 1)
        #expect(HeadToHead.nemesis([bo, cy, di]) == cy)
        #expect(HeadToHead.nemesis([bo, di]) == bo)
        let statistics = GroupStatistics(
            plays: (1...3).map { Plays.order("\($0).md", "2026-01-0\($0)", "Catan", ["Bo", "Ann"]) })
        #expect(statistics.player("ann")?.nemesis?.opponent == "bo")
        #expect(statistics.player("bo")?.nemesis == nil)
    }

    @Test("Win streaks: current and longest; unfinished and cooperative games neither extend nor end one")
    func streaks() {
        let winners = ["Ann", "Ann", "Bo", "Ann", "Ann", "Ann"]
        var plays = winners.enumerated().map { index, winner in
            Plays.order("\(index).md", "2026-01-1\(index)", "Catan", [winner, winner == "Ann" ? "Bo" : "Ann"])
        }
        plays.insert(Plays.cooperative("c.md", "2026-01-14", ["Ann", "Bo"], won: false), at: 4)
        plays.append(Plays.unfinished("u.md", "2026-01-20", ["Ann", "Bo"]))
        let statistics = GroupStatistics(plays: plays)
        #expect(statistics.player("ann")?.streak == WinStreak(current: 3, longest: 3))
        #expect(statistics.player("bo")?.streak == WinStreak(current: 0, longest: 1))
        #expect(WinStreak().longest == 0)
    }

    @Test("Plays and wins per board game; the favourite is the most played, then the latest")
    func boardgames() throws {
        let statistics = GroupStatistics(plays: [
            Plays.order("1.md", "2026-01-01", "Catan", ["Ann", "Bo"]),
            Plays.order("2.md", "2026-01-02", "Azul", ["Bo", "Ann"]),
            Plays.cooperative("3.md", "2026-01-03", ["Ann", "Bo"], won: true),
            Plays.unfinished("4.md", "2026-01-04", ["Ann"]),
        ])
        let ann = try #require(statistics.player("ann"))
        #expect(
            ann.boardgames.map { "\($0.boardgame) \($0.plays) \($0.wins)" } == [
                "named(\"Pandemic\") 1 1", "named(\"Azul\") 1 0", "named(\"Catan\") 1 1",
            ])
        #expect(ann.favourite?.boardgame == .named("Pandemic"))
        let again = GroupStatistics(plays: [
            Plays.order("1.md", "2026-01-01", "Catan", ["Ann"]), Plays.order("2.md", "2026-01-02", "Azul", ["Ann"]),
            Plays.order("3.md", "2026-01-03", "Catan", ["Ann"]),
        ])
        #expect(again.player("ann")?.favourite?.boardgame == .named("Catan"))
    }

    @Test("The games page: plays, players, record and holder by the latest win rule, last played")
    func boardgameTable() throws {
        let statistics = GroupStatistics(plays: [
            Plays.order("1.md", "2026-01-01", "Hearts", ["Ann", "Bo"]),
            Plays.ranked(
                "2.md", "2026-01-02", "Hearts", [(["Bo"], 1), (["Ann"], 2)], scores: ["Bo": 12, "Ann": 30],
                rule: .lowest),
            Plays.ranked(
                "3.md", "2026-01-03", "Hearts", [(["Cy"], 1), (["Ann"], 2)], scores: ["Cy": 12, "Ann": 40],
                rule: .lowest),
            Plays.ranked("4.md", "2026-01-04", "Azul", [(["Ann"], 1), (["Bo"], 2)], scores: ["Ann": 80, "Bo": 70]),
            Plays.unfinished("5.md", "2026-01-05", ["Di"]),
        ])
        let hearts = try #require(statistics.boardgames.first)
        #expect(hearts.boardgame == .named("Hearts"))
        #expect(hearts.plays == 3)
        #expect(hearts.players == ["ann", "bo", "cy"])
        #expect(hearts.record?.score == 12)
        #expect(hearts.record?.holders == ["bo"])
        #expect(hearts.record?.file == "2.md")
        #expect(hearts.lastPlayed == Plays.date("2026-01-03"))
        #expect(statistics.boardgames.map(\.boardgame) == [.named("Hearts"), .named("Azul")])
        #expect(statistics.boardgames[1].record?.holders == ["ann"])
        #expect(statistics.hIndex == 1)
    }

    @Test("Players tied on the record in the game that set it all hold it; a later game that equals it takes nothing")
    func tiedRecord() throws {
        let statistics = GroupStatistics(plays: [
            Plays.ranked(
                "1.md", "2026-01-01", "Azul", [(["Ann"], 1), (["Bo"], 1), (["Cy"], 3)],
                scores: ["Ann": 80, "Bo": 80, "Cy": 60]),
            Plays.ranked("2.md", "2026-01-02", "Azul", [(["Di"], 1), (["Ann"], 2)], scores: ["Di": 80, "Ann": 70]),
        ])
        let record = try #require(statistics.boardgames.first?.record)
        #expect(record.score == 80 && record.file == "1.md")
        #expect(record.holders == ["ann", "bo"])
    }

    @Test(
        "H-index: N board games played at least N times each",
        arguments: [
            ([], 0), ([1], 1), ([1, 1], 1), ([2, 2], 2), ([5, 4, 3, 1], 3), ([10, 10], 2), ([3, 3, 3, 3], 3),
        ] as [([Int], Int)])
    func hIndex(plays: [Int], expected: Int) {
        #expect(BoardgameStatistics.hIndex(plays) == expected)
    }
}
