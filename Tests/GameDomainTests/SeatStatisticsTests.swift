import Testing

@testable import GameDomain

@Suite("Seats and the first player")
struct SeatStatisticsTests {
    static func seated(_ file: String, _ sides: [([String], Int)], first: String? = nil, seats: [String] = []) -> Play {
        var play = Plays.ranked(file, "2026-01-01", "Catan", sides)
        play.seating = Seating(first: first, seats: seats)
        return play
    }

    @Test("No games, or none that says who went first or where everyone sat, give no rows")
    func empty() {
        #expect(SeatStatistics.byBoardgame(plays: []).isEmpty)
        #expect(SeatStatistics.byBoardgame(plays: [Plays.order("a.md", "2026-01-01", "Catan", ["Ann", "Bo"])]).isEmpty)
    }

    @Test("Seat 1 is the first player; the table goes round from them")
    func turnOrder() throws {
        let rows = SeatStatistics.byBoardgame(plays: [
            Self.seated("a.md", [(["Ann"], 1), (["Bo"], 2), (["Cy"], 3)], first: "Bo", seats: ["Ann", "Bo", "Cy"]),
            Self.seated("b.md", [(["Ann"], 2), (["Bo"], 1), (["Cy"], 3)], seats: ["Bo", "Cy", "Ann"]),
        ])
        let row = try #require(rows.first)
        #expect(row.games == 2)
        // Seat 1: Bo twice (lost, won); seat 2: Cy twice; seat 3: Ann twice (won, lost).
        #expect(
            row.seats.map(\.wins) == [
                Proportion(successes: 1, trials: 2), Proportion(successes: 0, trials: 2),
                Proportion(successes: 1, trials: 2),
            ])
        #expect(row.firstPlayer.wins == Proportion(successes: 1, trials: 2))
        #expect(row.firstPlayer.expected == 1.0 / 3)
        #expect(Seating(first: "bo", seats: ["Ann", "Bo", "Cy"]).turnOrder == ["Bo", "Cy", "Ann"])
        #expect(Seating(first: "Ann").turnOrder.isEmpty)
    }

    @Test("A tie for first makes a win likelier by chance: players placed first ÷ players")
    func ties() throws {
        let row = try #require(
            SeatStatistics.byBoardgame(plays: [
                Self.seated("a.md", [(["Ann"], 1), (["Bo"], 1), (["Cy"], 3), (["Di"], 4)], first: "Cy")
            ]).first)
        #expect(row.firstPlayer.wins == Proportion(successes: 0, trials: 1))
        #expect(row.firstPlayer.expectedWins == 0.5)
        #expect(row.seats.isEmpty)
    }

    @Test("Teams: a seat wins with its team; chance is the share of players on a winning team")
    func teams() throws {
        let row = try #require(
            SeatStatistics.byBoardgame(plays: [
                Self.seated("a.md", [(["Ann", "Bo"], 1), (["Cy"], 2)], seats: ["Cy", "Ann", "Bo"])
            ]).first)
        #expect(row.seats.map(\.wins.successes) == [0, 1, 1])
        let twoThirds = 2.0 / 3
        #expect(row.seats.map(\.expectedWins) == [twoThirds, twoThirds, twoThirds])
    }

    @Test("One-player, cooperative and unfinished games say nothing about seats")
    func notCounted() {
        var solo = Self.seated("a.md", [(["Ann"], 1)], first: "Ann")
        var cooperative = Plays.cooperative("b.md", "2026-01-02", ["Ann", "Bo"], won: true)
        var unfinished = Plays.unfinished("c.md", "2026-01-03", ["Ann", "Bo"])
        cooperative.seating = Seating(first: "Ann")
        unfinished.seating = Seating(first: "Ann")
        solo.seating = Seating(first: "Ann", seats: ["Ann"])
        #expect(SeatStatistics.byBoardgame(plays: [solo, cooperative, unfinished]).isEmpty)
    }

    @Test(
        "From game files: the standings' places and the file's seating; the board game is `boardgame:`, else the title")
    func fromGames() throws {
        let scores = ScoreGame(
            lineup: .players(["Ann", "Bo", "Cy"]),
            decision: .points(
                .init(
                    .final([
                        .init(player: "Ann", points: 5), .init(player: "Bo", points: 9),
                        .init(player: "Cy", points: 9),
                    ]))))
        let game = Game(
            title: "Friday", date: Plays.date("2026-01-01"), notes: "", content: .scores(scores), boardgameName: "Azul",
            seating: Seating(first: "Cy", seats: ["Ann", "Bo", "Cy"]))
        let games = [FiledGame(file: "a.md", game: game)]
        let row = try #require(SeatStatistics.byBoardgame(games).first)
        #expect(row.boardgame == .named("Azul"))
        // Cy, Ann, Bo in turn order; Bo and Cy tie for first.
        #expect(row.seats.map(\.wins.successes) == [1, 0, 1])
        #expect(row.firstPlayer.expectedWins == 2.0 / 3)
        let scoresRow = try #require(ScoreDistribution.byBoardgame(games).first)
        #expect(scoresRow.scores == [5, 9, 9] && scoresRow.closest.first?.margin == 0)
    }

    @Test("Below 10 games a rate has no interval (\"not enough plays\"); from 10 it says whether chance lies outside")
    func enoughPlays() throws {
        let plays = (0..<10).map { index in
            Self.seated("\(index).md", [(["Ann"], 1), (["Bo"], 2)], first: "Ann")
        }
        let nine = try #require(SeatStatistics.byBoardgame(plays: Array(plays.prefix(9))).first)
        #expect(
            !nine.firstPlayer.hasEnoughPlays && nine.firstPlayer.interval == nil
                && nine.firstPlayer.differsFromChance == nil)
        let ten = try #require(SeatStatistics.byBoardgame(plays: plays).first)
        #expect(ten.firstPlayer.hasEnoughPlays)
        #expect(ten.firstPlayer.interval == Proportion.wilson(successes: 10, trials: 10))
        // 10 of 10 against 1/2: the interval (0.72…1) leaves chance out.
        #expect(ten.firstPlayer.differsFromChance == true)
    }
}

@Suite("Score distributions")
struct ScoreDistributionTests {
    @Test("No games, or none with scores, give no rows")
    func empty() {
        #expect(ScoreDistribution.byBoardgame(plays: []).isEmpty)
        #expect(
            ScoreDistribution.byBoardgame(plays: [Plays.order("a.md", "2026-01-01", "Catan", ["Ann", "Bo"])]).isEmpty)
    }

    @Test("Winning and average scores by player count; the winner's score by each game's win rule")
    func byPlayerCount() throws {
        let row = try #require(
            ScoreDistribution.byBoardgame(plays: [
                Plays.ranked(
                    "a.md", "2026-01-01", "Golf", [(["Ann"], 1), (["Bo"], 2)], scores: ["Ann": 30, "Bo": 40],
                    rule: .lowest),
                Plays.ranked(
                    "b.md", "2026-01-02", "Golf", [(["Ann"], 1), (["Bo"], 2)], scores: ["Ann": 10, "Bo": 20],
                    rule: .lowest),
                Plays.ranked(
                    "c.md", "2026-01-03", "Golf", [(["Ann"], 1), (["Bo"], 2), (["Cy"], 3)],
                    scores: ["Ann": 1, "Bo": 2, "Cy": 3], rule: .lowest),
                Plays.ranked("d.md", "2026-01-04", "Golf", [(["Di"], 1)], scores: ["Di": 7]),
            ]).first)
        #expect(row.games == 4)
        #expect(row.scores == [1, 2, 3, 7, 10, 20, 30, 40])
        #expect(row.byPlayerCount.map(\.players) == [1, 2, 3])
        #expect(row.byPlayerCount[1].winningScore.value == 20)
        #expect(row.byPlayerCount[1].score.value == 25)
        #expect(row.byPlayerCount[0].winningScore == ScoreDistribution.Mean(total: 7, count: 1))
    }

    @Test("Closest games and biggest margins: best score less the next; ties are margin 0; earlier games first")
    func margins() throws {
        let row = try #require(
            ScoreDistribution.byBoardgame(plays: [
                Plays.ranked(
                    "a.md", "2026-01-01", "Azul", [(["Ann"], 1), (["Bo"], 2)], scores: ["Ann": 50, "Bo": 40]),
                Plays.ranked(
                    "b.md", "2026-01-02", "Azul", [(["Ann"], 1), (["Bo"], 1)], scores: ["Ann": 60, "Bo": 60]),
                Plays.ranked(
                    "c.md", "2026-01-03", "Azul", [(["Ann"], 1), (["Bo"], 2), (["Cy"], 3)],
                    scores: ["Ann": 90, "Bo": 30, "Cy": 89]),
                Plays.ranked(
                    "d.md", "2026-01-04", "Azul", [(["Ann"], 1), (["Bo"], 2)], scores: ["Ann": 80, "Bo": 20]),
                Plays.ranked(
                    "e.md", "2026-01-05", "Azul", [(["Bo"], 1), (["Ann"], 2)], scores: ["Ann": 20, "Bo": 80]),
            ]).first)
        #expect(row.closest.map(\.file) == ["b.md", "c.md", "a.md"])
        #expect(row.biggest.map(\.file) == ["d.md", "e.md", "a.md"])
        #expect(row.biggest.first?.margin == 60)
    }

    @Test("Team, cooperative and unfinished games are left out")
    func notCounted() {
        #expect(
            ScoreDistribution.byBoardgame(plays: [
                Plays.ranked(
                    "a.md", "2026-01-01", "Azul", [(["Ann", "Bo"], 1), (["Cy"], 2)],
                    scores: ["Ann": 5, "Bo": 5, "Cy": 3]),
                Plays.cooperative("b.md", "2026-01-02", ["Ann", "Bo"], won: true),
                Plays.unfinished("c.md", "2026-01-03", ["Ann", "Bo"]),
            ]).isEmpty)
    }
}
