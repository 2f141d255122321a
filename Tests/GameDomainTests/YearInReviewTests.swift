import Testing

@testable import GameDomain

@Suite("Year in review")
struct YearInReviewTests {
    static func timed(_ play: Play, _ minutes: Int?) -> Play {
        var play = play
        play.minutes = minutes
        return play
    }

    static func reviews(_ plays: [Play]) -> [String: YearInReview] {
        Dictionary(
            uniqueKeysWithValues: YearInReview.byYear(plays.map { ($0, nil) }, ratings: Ratings(plays: plays)).map {
                ($0.year, $0)
            })
    }

    @Test("No games, or none finished, make no year")
    func empty() {
        #expect(YearInReview.byYear([]).isEmpty)
        #expect(Self.reviews([Plays.unfinished("a.md", "2025-01-01", ["Ann", "Bo"])]).isEmpty)
    }

    @Test("Nights, plays and hours: only plays that give a duration add hours, and how many do is kept")
    func group() throws {
        let review = try #require(
            Self.reviews([
                Self.timed(Plays.order("a.md", "2025-03-01", "Catan", ["Ann", "Bo"]), 90),
                Plays.order("b.md", "2025-03-01", "Azul", ["Ann", "Bo"]),
                Self.timed(Plays.order("c.md", "2025-04-01", "Catan", ["Bo", "Cy"]), 30),
                Plays.unfinished("d.md", "2025-05-01", ["Ann", "Bo"]),
            ])["2025"])
        #expect(review.nights == 2 && review.plays == 3)
        #expect(review.minutes == 120 && review.timedPlays == 2)
        #expect(review.mostPlayed.map(\.boardgame) == [.named("Catan"), .named("Azul")])
        #expect(review.mostPlayed.map(\.plays) == [2, 1])
    }

    @Test("New players and board games: first met in a finished game of that year, in the order met")
    func new() throws {
        let reviews = Self.reviews([
            Plays.order("a.md", "2024-12-31", "Catan", ["Ann", "Bo"]),
            Plays.unfinished("b.md", "2025-01-01", ["Di", "Ann"]),
            Plays.order("c.md", "2025-01-02", "Azul", ["ann", "Cy", "Di"]),
            Plays.cooperative("d.md", "2025-02-01", ["Eve", "Bo"], won: true),
        ])
        #expect(reviews["2024"]?.newPlayers == ["ann", "bo"])
        #expect(reviews["2025"]?.newPlayers == ["cy", "di", "eve"])
        #expect(reviews["2025"]?.newBoardgames == [.named("Azul"), .named("Pandemic")])
    }

    @Test("The biggest win is the widest margin above 0; the closest game the narrowest of the others, earlier first")
    func margins() throws {
        let review = try #require(
            Self.reviews([
                Plays.ranked(
                    "a.md", "2025-01-01", "Catan", [(["Ann"], 1), (["Bo"], 2)], scores: ["Ann": 10, "Bo": 7]),
                Plays.ranked(
                    "b.md", "2025-01-02", "Catan", [(["Ann"], 1), (["Bo"], 2)], scores: ["Ann": 12, "Bo": 2]),
                Plays.ranked(
                    "c.md", "2025-01-03", "Golf", [(["Cy"], 1), (["Bo"], 2)], scores: ["Cy": 30, "Bo": 32],
                    rule: .lowest),
                Plays.ranked(
                    "d.md", "2025-01-04", "Catan", [(["Ann"], 1), (["Bo"], 2)], scores: ["Ann": 22, "Bo": 12]),
                // Teams and one-player games have no margin.
                Plays.ranked(
                    "e.md", "2025-01-05", "Catan", [(["Ann", "Cy"], 1), (["Bo"], 2)], scores: ["Ann": 50, "Bo": 1]),
                Plays.ranked("f.md", "2025-01-06", "Catan", [(["Ann"], 1)], scores: ["Ann": 50]),
            ])["2025"])
        #expect(review.biggestWin?.file == "b.md" && review.biggestWin?.margin == 10)
        #expect(review.closestGame?.file == "c.md" && review.closestGame?.margin == 2)
        // One game alone is the biggest win, not also the closest; a tie alone is the closest.
        let one = try #require(
            Self.reviews([
                Plays.ranked("a.md", "2025-01-01", "Catan", [(["Ann"], 1), (["Bo"], 2)], scores: ["Ann": 3, "Bo": 1])
            ])["2025"])
        #expect(one.biggestWin?.file == "a.md" && one.closestGame == nil)
        let tie = try #require(
            Self.reviews([
                Plays.ranked("a.md", "2025-01-01", "Catan", [(["Ann"], 1), (["Bo"], 1)], scores: ["Ann": 3, "Bo": 3])
            ])["2025"])
        #expect(tie.biggestWin == nil && tie.closestGame?.margin == 0)
    }

    @Test("Streaks count within the year; a tie names everyone; one win is no streak")
    func streaks() throws {
        let reviews = Self.reviews([
            Plays.order("a.md", "2024-12-30", "Catan", ["Ann", "Bo"]),
            Plays.order("b.md", "2024-12-31", "Catan", ["Ann", "Bo"]),
            Plays.order("c.md", "2025-01-01", "Catan", ["Ann", "Bo"]),
            Plays.order("d.md", "2025-01-02", "Catan", ["Bo", "Ann"]),
            Plays.order("e.md", "2025-01-03", "Catan", ["Bo", "Ann"]),
            Plays.order("f.md", "2026-01-01", "Catan", ["Bo", "Ann"]),
        ])
        #expect(reviews["2024"]?.longestStreak == YearInReview.Best(value: 2, players: ["ann"]))
        #expect(reviews["2025"]?.longestStreak == YearInReview.Best(value: 2, players: ["bo"]))
        #expect(reviews["2026"]?.longestStreak == nil)
    }

    @Test("Each player's year: plays, wins, nemesis and favourite over that year only")
    func players() throws {
        let review = try #require(
            Self.reviews([
                Plays.order("a.md", "2024-06-01", "Azul", ["Bo", "Ann"]),
                Plays.order("b.md", "2025-01-01", "Catan", ["Bo", "Ann"]),
                Plays.order("c.md", "2025-01-02", "Catan", ["Bo", "Ann"]),
                Plays.order("d.md", "2025-01-03", "Catan", ["Ann", "Bo"]),
                Plays.cooperative("e.md", "2025-01-04", ["Ann", "Cy"], won: true),
            ])["2025"])
        #expect(review.players.map(\.identity) == ["ann", "bo", "cy"])
        let ann = try #require(review.players.first)
        #expect(ann.plays == 4 && ann.wins == 2)
        #expect(ann.nemesis?.opponent == "bo" && ann.nemesis?.games == 3 && ann.nemesis?.behind == 2)
        #expect(ann.favourite?.boardgame == .named("Catan"))
        #expect(review.players[2].plays == 1 && review.players[2].wins == 1 && review.players[2].nemesis == nil)
    }

    @Test("A rating climb runs from the ordinal before the year (a newcomer's initial one) to after its last game")
    func climb() throws {
        let plays = [
            Plays.order("a.md", "2024-01-01", "Catan", ["Bo", "Ann"]),
            Plays.order("b.md", "2025-01-01", "Catan", ["Ann", "Bo"]),
            Plays.order("c.md", "2025-01-02", "Catan", ["Ann", "Bo"]),
        ]
        let ratings = Ratings(plays: plays)
        let reviews = Self.reviews(plays)
        let ann = try #require(ratings.overall["ann"]?.history.map(\.rating.ordinal))
        #expect(reviews["2025"]?.ratingClimb == YearInReview.Best(value: ann[2] - ann[0], players: ["ann"]))
        let bo = try #require(ratings.overall["bo"]?.history.first?.rating.ordinal)
        #expect(
            reviews["2024"]?.ratingClimb == YearInReview.Best(value: bo - OpenSkill().initial.ordinal, players: ["bo"]))
        // Without ratings, or when nobody rose, no climb.
        #expect(YearInReview.byYear(plays.map { ($0, nil) }, ratings: Ratings()).allSatisfy { $0.ratingClimb == nil })
    }

    @Test("Bowling: best game and series of the year; the most improved average on the year before")
    func bowling() throws {
        let sevens = balls(Array(repeating: [7, 0], count: 10).flatMap { $0 })
        let games = [
            try BowlerStatisticsTests.game("2024-05-01", ["Ann": BowlerStatisticsTests.nines, "Bo": sevens]),
            try BowlerStatisticsTests.game(
                "2025-05-01", ["Ann": BowlerStatisticsTests.nines, "Bo": BowlerStatisticsTests.nines]),
            try BowlerStatisticsTests.game("2025-05-02", ["Bo": BowlerStatisticsTests.perfect]),
        ]
        let reviews = Dictionary(uniqueKeysWithValues: YearInReview.byYear(games).map { ($0.year, $0) })
        let year = try #require(reviews["2025"])
        #expect(year.bestGame == YearInReview.Best(value: 300, players: ["bo"]))
        #expect(year.bestSeries == YearInReview.Best(value: 300, players: ["bo"]))
        #expect(year.mostImproved == [YearInReview.Improvement(player: "bo", before: 70, after: 195)])
        #expect(reviews["2024"]?.mostImproved == [])
        #expect(reviews["2024"]?.bestGame == YearInReview.Best(value: 90, players: ["ann"]))
    }

    @Test("Puzzle: the fastest solve and best efficiency per board size; a tie names everyone")
    func puzzle() throws {
        let games = [
            try RacerStatisticsTests.race(
                "2025-01-01", optimum: 1, [("Ann", [.tile(8)], 2), ("Bo", [.tile(8), .tile(8), .tile(8)], 2)]),
            try RacerStatisticsTests.race("2025-01-02", optimum: nil, [("Cy", [.tile(8)], 5)]),
        ]
        let review = try #require(YearInReview.byYear(games).first)
        #expect(
            review.puzzle == [
                YearInReview.PuzzleBests(
                    size: 3, fastest: YearInReview.Best(value: 2, players: ["ann", "bo"]),
                    bestEfficiency: YearInReview.Best(value: 1, players: ["ann"]))
            ])
    }
}

/// The year in review against plain implementations of its definitions (Reference/ReferenceYears.swift),
/// over games generated across three years from many seeds.
@Suite("The year in review agrees with its definitions")
struct YearInReviewPropertyTests {
    static let seeds: [UInt64] = Array(0..<150)

    /// The same date in 2024, 2025 or 2026.
    static func anyYear(_ date: GameDate, _ dice: inout Dice) -> GameDate {
        GameDate("\(2024 + dice.int(0...2))" + date.text.dropFirst(4)) ?? date
    }

    /// In the order played, as builds take them.
    static func inPlayOrder(_ plays: [Play]) -> [Play] {
        plays.sorted { ($0.date.day, $0.date.time ?? "", $0.file) < ($1.date.day, $1.date.time ?? "", $1.file) }
    }

    @Test("Nights, plays, hours, most played, newcomers, margins, streaks, players and rating climbs", arguments: seeds)
    func group(seed: UInt64) {
        var dice = Dice(seed: seed)
        let plays = Self.inPlayOrder(
            Generated.plays(&dice).map { play in
                var play = play
                play.date = Self.anyYear(play.date, &dice)
                play.minutes = dice.chance(50) ? dice.int(5...180) : nil
                return play
            })
        let actual = YearInReview.byYear(plays.map { ($0, nil) }, ratings: Ratings(plays: plays))
        let expected = ReferenceYears.reviews(plays)
        let climbs = ReferenceYears.climbs(plays)
        #expect(actual.map(\.year) == expected.keys.sorted(), "seed \(seed)")
        for review in actual {
            var plain = review
            (plain.bestGame, plain.bestSeries, plain.mostImproved, plain.puzzle) = (nil, nil, [], [])
            plain.ratingClimb = nil
            #expect(plain == expected[review.year], "seed \(seed): \(review.year)")
            #expect(review.ratingClimb == climbs[review.year], "seed \(seed): \(review.year)")
        }
    }

    @Test(
        "Bowling's best game, best series and most improved average; the puzzle's fastest solve and best efficiency",
        arguments: seeds)
    func kinds(seed: UInt64) {
        var dice = Dice(seed: seed)
        let games = Generated.kindGames(&dice).map { entry in
            var entry = entry
            entry.game.date = Self.anyYear(entry.game.date, &dice)
            return entry
        }
        let actual = YearInReview.byYear(games)
        let expected = ReferenceYears.kinds(games)
        #expect(actual.map(\.year) == expected.keys.sorted(), "seed \(seed)")
        for review in actual {
            let plain = expected[review.year]
            #expect(review.bestGame == plain?.bestGame, "seed \(seed): \(review.year)")
            #expect(review.bestSeries == plain?.bestSeries, "seed \(seed): \(review.year)")
            #expect(review.mostImproved == plain?.mostImproved, "seed \(seed): \(review.year)")
            #expect(review.puzzle == plain?.puzzle, "seed \(seed): \(review.year)")
        }
    }
}
