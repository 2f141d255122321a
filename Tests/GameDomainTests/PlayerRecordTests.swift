import GameDomain
import Testing

@Suite("Player records across games")
struct PlayerRecordTests {
    static func game(
        _ rounds: [[String: Int]], players: [String], status: GameStatus = .finished, day: String = "2026-11-20",
        win: WinRule = .highest
    ) -> Game {
        let rounds = rounds.map { round in
            players.compactMap { name in round[name].map { ScoreGame.Entry(player: name, points: $0) } }
        }
        return Game(
            title: "T", date: GameDate(day)!, notes: "",
            content: .scores(ScoreGame(players: players, win: win, rounds: rounds, status: status)))
    }

    @Test("Names match whatever their case and spacing; the first spelling is kept")
    func identity() {
        let records = PlayerRecord.leaderboard([
            Self.game([["Andre": 5, "Bo": 3]], players: ["Andre", "Bo"]),
            Self.game([[" ANDRE ": 1, "bo": 4]], players: [" ANDRE ", "bo"]),
            Self.game([["andre": 9]], players: ["andre", "Cy"]),
        ])
        #expect(records.map(\.name) == ["Andre", "Bo", "Cy"])
        #expect(records.map(\.played) == [3, 2, 1])
        #expect(records.map(\.wins) == [2, 1, 0])
    }

    @Test("Unfinished games count for nobody; a tie is a win for each tied player")
    func ties() {
        let records = PlayerRecord.leaderboard([
            Self.game([["A": 5, "B": 5, "C": 1]], players: ["A", "B", "C"]),
            Self.game([["C": 50]], players: ["A", "C"], status: .playing),
        ])
        #expect(records.map(\.name) == ["A", "B", "C"])
        #expect(records.map(\.wins) == [1, 1, 0])
        #expect(records.map(\.played) == [1, 1, 1])
        #expect(records.first?.winRate == 1)
    }

    @Test(
        "Ranked by wins, then win rate, then games played",
        arguments: [
            // (wins, played) per player → expected order
            ([("A", 2, 4), ("B", 2, 2), ("C", 3, 9)], ["C", "B", "A"]),
            ([("B", 1, 2), ("A", 1, 2), ("C", 0, 1)], ["A", "B", "C"]),
        ])
    func ranking(rows: [(String, Int, Int)], order: [String]) {
        var games: [Game] = []
        for (name, wins, played) in rows {
            for index in 0..<played {
                games.append(Self.game([[name: 1, "Rival": index < wins ? 0 : 2]], players: [name, "Rival"]))
            }
        }
        let records = PlayerRecord.leaderboard(games).filter { $0.name != "Rival" }
        #expect(records.map(\.name) == order)
    }

    @Test("Each player's result: place only once finished, and in the game's own terms")
    func results() {
        let finished = Self.game([["A": 2, "B": 9, "C": 2]], players: ["A", "B", "C"], win: .lowest)
        #expect(finished.results.map(\.place) == [1, 3, 1])
        #expect(finished.results.map(\.score) == [2, 9, 2])
        #expect(finished.results.map(\.isWinner) == [true, false, true])
        let playing = Self.game([["A": 2, "B": 9]], players: ["A", "B"], status: .playing)
        #expect(playing.results.map(\.place) == [nil, nil])
        #expect(playing.results.map(\.isWinner) == [false, false])
    }

    @Test(
        "Feed timestamps: midnight for a bare date, UTC unless an offset is written",
        arguments: [
            ("2026-11-20", "2026-11-20T00:00:00Z"),
            ("2026-11-20T19:30", "2026-11-20T19:30:00Z"),
            ("2026-11-20 19:30:15", "2026-11-20T19:30:15Z"),
            ("2026-11-20T19:30+09:00", "2026-11-20T19:30:00+09:00"),
            ("2026-11-20T19:30:05-01:00", "2026-11-20T19:30:05-01:00"),
            ("2026-11-20T19:30Z", "2026-11-20T19:30:00Z"),
        ])
    func timestamps(text: String, timestamp: String) throws {
        #expect(try #require(GameDate(text)).timestamp == timestamp)
    }

    @Test("The leaderboard of catalog games, from their rankings' winners, is the leaderboard of their games")
    func catalogGamesTallyAsGames() throws {
        var random = SplitMix64(seed: 46)
        var games = try StatisticsMemoryTests.games(200, &random).map(\.game)
        // Teams, one player on both (a side's player counts for the first), and a cooperative game.
        let teams = ScoreGame(
            lineup: .teams([.init(name: "Red", players: ["Ann", "Bo"]), .init(name: "Blue", players: ["Cy", "Bo"])]),
            decision: .points(.init(.final([.init(player: "Red", points: 3), .init(player: "Blue", points: 5)]))))
        games.append(Game(title: "Go", date: try #require(GameDate("2026-12-01")), notes: "", content: .scores(teams)))
        games.append(
            Game(
                title: "Hanabi", date: try #require(GameDate("2026-12-02")), notes: "",
                content: .scores(ScoreGame(lineup: .players(["Ann", "Di"]), decision: .cooperative(won: true)))))
        let entries = games.enumerated().map { SiteGame(game: $1, slug: "g\($0)") }
        #expect(PlayerRecord.leaderboard(entries) == PlayerRecord.leaderboard(games))
        #expect(entries.map(\.winners) == games.map(\.winners))
    }
}
