import Testing

@testable import GameDomain

/// The score keeper's shapes besides rounds: final scores, ranks, winners, ranks breaking ties in
/// points, cooperative results and teams; their standings, winners, results and outcome.
@Suite("Score keeper shapes")
struct ScoreShapesTests {
    typealias Side = GameOutcome.Side

    static func entries(_ points: KeyValuePairs<String, Int>) -> [ScoreGame.Entry] {
        points.map { ScoreGame.Entry(player: $0.key, points: $0.value) }
    }

    static func game(_ game: ScoreGame) throws -> Game {
        Game(title: "T", date: try #require(GameDate("2026-11-28")), notes: "", content: .scores(game))
    }

    /// (place, name, total) of each row, in order.
    static func rows(_ game: ScoreGame) -> [String] {
        game.standings.map { "\($0.place) \($0.name) \($0.total.map(String.init) ?? "-")" }
    }

    static let four = ScoreGame.Lineup.players(["Ann", "Bo", "Cy", "Di"])
    static let final = ScoreGame.Points(.final(entries(["Ann": 42, "Bo": 37, "Cy": 42, "Di": 12])))

    @Test("Final scores: ranked by the win rule, ties share a place")
    func finalScores() throws {
        let game = ScoreGame(lineup: Self.four, decision: .points(Self.final))
        #expect(Self.rows(game) == ["1 Ann 42", "1 Cy 42", "3 Bo 37", "4 Di 12"])
        #expect(game.winners == ["Ann", "Cy"])
        #expect(game.rounds.isEmpty && game.start == 0)
        #expect(game.total(of: "Bo") == 37)
        var lowest = Self.final
        lowest.win = .lowest
        #expect(
            Self.rows(ScoreGame(lineup: Self.four, decision: .points(lowest))) == [
                "1 Di 12", "2 Bo 37", "3 Ann 42", "3 Cy 42",
            ])
    }

    @Test("Ranks only: places as given, ties allowed, no points")
    func ranksOnly() throws {
        let game = ScoreGame(lineup: Self.four, decision: .ranks(["Ann": 2, "Bo": 1, "Cy": 2, "Di": 4], points: nil))
        #expect(Self.rows(game) == ["1 Bo -", "2 Ann -", "2 Cy -", "4 Di -"])
        #expect(game.winners == ["Bo"])
        #expect(game.total(of: "Bo") == nil)
        #expect(
            try Self.game(game).outcome
                == .ranked([
                    Side(players: ["Bo"], place: 1), Side(players: ["Ann"], place: 2), Side(players: ["Cy"], place: 2),
                    Side(players: ["Di"], place: 4),
                ]))
        #expect(try Self.game(game).results.map(\.score) == [nil, nil, nil, nil])
    }

    @Test(
        "Winners only: the winners are 1st, everyone else shares 2nd",
        arguments: [
            (["Cy"], ["1 Cy -", "2 Ann -", "2 Bo -", "2 Di -"]),
            (["Di", "Ann"], ["1 Ann -", "1 Di -", "2 Bo -", "2 Cy -"]),
        ])
    func winnersOnly(winners: [String], rows: [String]) throws {
        let game = ScoreGame(lineup: Self.four, decision: .winners(winners, points: nil))
        #expect(Self.rows(game) == rows)
        #expect(Set(game.winners) == Set(winners))
        #expect(try Self.game(game).results.filter(\.isWinner).count == winners.count)
    }

    @Test("Winners with points: the winners first, the others from 2nd by points")
    func winnersOverPoints() {
        let game = ScoreGame(lineup: Self.four, decision: .winners(["Bo"], points: Self.final))
        #expect(Self.rows(game) == ["1 Bo 37", "2 Ann 42", "2 Cy 42", "4 Di 12"])
    }

    @Test("Ranks break a tie in points; the standings follow the ranks")
    func tiebreak() throws {
        let game = ScoreGame(
            lineup: Self.four, decision: .ranks(["Ann": 2, "Bo": 3, "Cy": 1, "Di": 4], points: Self.final))
        #expect(Self.rows(game) == ["1 Cy 42", "2 Ann 42", "3 Bo 37", "4 Di 12"])
        #expect(game.winners == ["Cy"])
        // The ranks decide even against the points.
        let upset = ScoreGame(
            lineup: Self.four, decision: .ranks(["Ann": 2, "Bo": 2, "Cy": 3, "Di": 1], points: Self.final))
        #expect(Self.rows(upset) == ["1 Di 12", "2 Ann 42", "2 Bo 37", "3 Cy 42"])
    }

    @Test(
        "Cooperative: no standings, no winner, one shared result once finished",
        arguments: [(true, GameStatus.finished), (false, .finished), (true, .playing)])
    func cooperative(won: Bool, status: GameStatus) throws {
        let game = ScoreGame(lineup: .players(["Ann", "Bo"]), decision: .cooperative(won: won), status: status)
        #expect(game.standings.isEmpty)
        #expect(game.winners.isEmpty)
        #expect(game.points == nil)
        #expect(game.sharedResult == (status == .finished ? won : nil))
        let wrapped = try Self.game(game)
        #expect(wrapped.outcome == (status == .finished ? .cooperative(players: ["Ann", "Bo"], won: won) : nil))
        #expect(wrapped.results.allSatisfy { $0.place == nil && !$0.isWinner && $0.score == nil })
        #expect(wrapped.isCooperative)
    }

    @Test func cooperativeWithoutAResultHasNoOutcome() throws {
        #expect(try Self.game(ScoreGame(lineup: .players(["Ann"]), decision: .cooperative(won: nil))).outcome == nil)
    }

    static let teams = ScoreGame.Lineup.teams([
        .init(name: "Red", players: ["Ann", "Bo"]), .init(name: "Blue", players: ["Cy", "Di"]),
    ])

    @Test("Teams: the players' points add up; every player of the winning team wins")
    func teamsAddUpPlayersPoints() throws {
        let rounds = [Self.entries(["Ann": 3, "Cy": 5]), Self.entries(["Bo": 4, "Di": 1])]
        let game = ScoreGame(lineup: Self.teams, decision: .points(.init(.rounds(start: 1, ScoreGame.Rounds(rounds)))))
        #expect(Self.rows(game) == ["1 Red 9", "2 Blue 8"])
        #expect(game.standings.first?.players == ["Ann", "Bo"])
        #expect(game.players == ["Ann", "Bo", "Cy", "Di"])
        #expect(game.scorers == game.players)
        #expect(game.winners == ["Ann", "Bo"])
        #expect(game.total(of: "Ann") == 4)
        let wrapped = try Self.game(game)
        #expect(
            wrapped.outcome
                == .ranked([
                    Side(team: "Red", players: ["Ann", "Bo"], place: 1),
                    Side(team: "Blue", players: ["Cy", "Di"], place: 2),
                ]))
        #expect(wrapped.results.map(\.place) == [1, 1, 2, 2])
        #expect(wrapped.results.map(\.score) == [4, 5, 6, 2])
        #expect(wrapped.results.map(\.isWinner) == [true, true, false, false])
    }

    @Test("Teams: points and ranks may name the teams")
    func teamsNamedByPoints() throws {
        let game = ScoreGame(
            lineup: Self.teams, decision: .points(.init(.final(Self.entries(["Red": 310, "Blue": 450])))))
        #expect(game.scorers == ["Red", "Blue"])
        #expect(Self.rows(game) == ["1 Blue 450", "2 Red 310"])
        #expect(game.total(of: "Cy") == nil)
        #expect(try Self.game(game).results.map(\.score) == [nil, nil, nil, nil])
        let ranked = ScoreGame(lineup: Self.teams, decision: .ranks(["Red": 1, "Blue": 1], points: nil))
        #expect(ranked.winners == ["Ann", "Bo", "Cy", "Di"])
        #expect(
            try Self.game(ranked).outcome
                == .ranked([
                    Side(team: "Red", players: ["Ann", "Bo"], place: 1),
                    Side(team: "Blue", players: ["Cy", "Di"], place: 1),
                ]))
        let won = ScoreGame(lineup: Self.teams, decision: .winners(["Blue"], points: nil))
        #expect(won.winningSides.map(\.name) == ["Blue"])
        #expect(won.winners == ["Cy", "Di"])
    }

    @Test("Team rounds: running totals per team when rounds name teams")
    func teamRounds() {
        let rounds = [Self.entries(["Red": 60, "Blue": -40]), Self.entries(["Blue": 120])]
        let game = ScoreGame(lineup: Self.teams, decision: .points(.init(.rounds(start: 0, ScoreGame.Rounds(rounds)))))
        #expect(game.runningTotals == [[60, 60], [-40, 80]])
        #expect(Self.rows(game) == ["1 Blue 80", "2 Red 60"])
    }

    @Test("Cooperative games count neither as played nor as won in the leaderboard")
    func leaderboardLeavesOutCooperativeGames() throws {
        let together = try Self.game(ScoreGame(lineup: .players(["Ann", "Bo"]), decision: .cooperative(won: true)))
        let versus = try Self.game(ScoreGame(lineup: .players(["Ann", "Bo"]), decision: .winners(["Bo"], points: nil)))
        let board = PlayerRecord.leaderboard([together, versus, together])
        #expect(board.map { "\($0.name) \($0.wins)/\($0.played)" } == ["Bo 1/1", "Ann 0/1"])
    }

    @Test("Team games count a win for every player of the winning team")
    func leaderboardCountsTeamWins() throws {
        let game = try Self.game(ScoreGame(lineup: Self.teams, decision: .winners(["Red"], points: nil)))
        let board = PlayerRecord.leaderboard([game])
        #expect(board.map { "\($0.name) \($0.wins)/\($0.played)" } == ["Ann 1/1", "Bo 1/1", "Cy 0/1", "Di 0/1"])
    }
}
