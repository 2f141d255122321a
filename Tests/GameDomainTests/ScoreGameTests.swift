import Testing

@testable import GameDomain

@Suite("Score keeper")
struct ScoreGameTests {
    static func entry(_ player: String, _ points: Int) -> ScoreGame.Entry { .init(player: player, points: points) }

    static func catan(start: Int = 0, win: WinRule = .highest, status: GameStatus = .finished) -> ScoreGame {
        ScoreGame(
            players: ["Elisha", "Andre", "Jasmine"], start: start, win: win,
            rounds: [[entry("Elisha", 3), entry("Andre", 5)], [entry("Jasmine", 7), entry("Andre", -1)]], status: status
        )
    }

    @Test(
        "Total = start + the player's round points",
        arguments: [
            (0, ["Elisha": 3, "Andre": 4, "Jasmine": 7]),
            (10, ["Elisha": 13, "Andre": 14, "Jasmine": 17]),
            (-5, ["Elisha": -2, "Andre": -1, "Jasmine": 2]),
        ])
    func totals(start: Int, expected: [String: Int]) {
        let game = Self.catan(start: start)
        for (player, total) in expected { #expect(game.total(of: player) == total) }
    }

    @Test("Highest or lowest score wins", arguments: [(WinRule.highest, ["Jasmine"]), (.lowest, ["Elisha"])])
    func winRule(rule: WinRule, winners: [String]) {
        let game = Self.catan(win: rule)
        #expect(game.winners == winners)
    }

    @Test("Ties give several winners, in player order", arguments: WinRule.allCases)
    func ties(rule: WinRule) {
        let game = ScoreGame(
            players: ["A", "B", "C"], win: rule,
            rounds: [[Self.entry("A", 5), Self.entry("B", 5), Self.entry("C", rule == .highest ? 1 : 9)]])
        #expect(game.winners == ["A", "B"])
        #expect(game.standings.map(\.place) == [1, 1, 3])
    }

    @Test("No winner before the game is over", arguments: [GameStatus.setup, .playing])
    func noWinnerYet(status: GameStatus) {
        let game = Self.catan(status: status)
        #expect(game.winners.isEmpty)
        #expect(game.standings.first?.name == "Jasmine")
    }

    @Test func noPlayersNoWinner() {
        #expect(ScoreGame(players: []).winners.isEmpty)
        #expect(ScoreGame(players: []).standings.isEmpty)
    }

    @Test("A game with no rounds: everyone has the starting points and ties")
    func startingPointsOnly() {
        let game = ScoreGame(players: ["A", "B"], start: 20)
        #expect(
            game.standings == [
                ScoreStanding(place: 1, players: ["A"], total: 20), ScoreStanding(place: 1, players: ["B"], total: 20),
            ])
        #expect(game.winners == ["A", "B"])
    }

    @Test func runningTotalsKeepTheTotalOfPlayersWhoSatOut() {
        let game = Self.catan(start: 1)
        #expect(game.runningTotals == [[4, 4], [6, 5], [1, 8]])
    }

    @Test func standingsByRule() {
        #expect(Self.catan().standings.map(\.name) == ["Jasmine", "Andre", "Elisha"])
        #expect(Self.catan(win: .lowest).standings.map(\.name) == ["Elisha", "Andre", "Jasmine"])
    }
}

@Suite("Game dates")
struct GameDateTests {
    @Test(arguments: [
        "2026-11-20", "2024-02-29", "2026-11-20T19:30", "2026-11-20 19:30:15", "2026-11-20T19:30Z",
        "2026-11-20T19:30:00+09:00",
    ])
    func valid(text: String) {
        #expect(GameDate(text)?.day == String(text.prefix(10)))
    }

    @Test(arguments: [
        "", "2026-13-01", "2026-02-29", "2026-11-31", "20-11-2026", "2026-11-20T25:00", "2026-11-20T19", "2026-11-20x",
        "２０２６-11-20", "2026-11-20T19:30+9",
    ])
    func invalid(text: String) {
        #expect(GameDate(text) == nil)
    }

    @Test func ordersByDayThenTime() {
        let dates = ["2026-11-20T21:00", "2026-11-20", "2026-11-19T23:00", "2026-11-20T09:00"].compactMap(GameDate.init)
        #expect(
            dates.sorted().map(\.text) == ["2026-11-19T23:00", "2026-11-20", "2026-11-20T09:00", "2026-11-20T21:00"])
    }

    static let ordered = [
        "2026-11-20", "2026-11-20T19:30", "2026-11-20 19:30", "2026-11-20T19:30:05", "2026-11-20T09:05Z",
        "2026-11-20T19:30+09:00", "2026-11-20T19:30-01:00", "2026-11-21", "2026-11-19T23:59", "2025-12-31T00:00",
    ]

    /// `<` compares bytes; this is the order of (day, time) as strings that it stands for.
    @Test("Dates order as their (day, time) strings, the separator aside", arguments: ordered)
    func ordersAsTheDayAndTimeStrings(text: String) throws {
        let date = try #require(GameDate(text))
        for other in Self.ordered {
            let otherDate = try #require(GameDate(other))
            #expect(
                (date < otherDate) == ((date.day, date.time ?? "") < (otherDate.day, otherDate.time ?? "")),
                "\(text) < \(other)")
        }
    }

    @Test func playerIdentityIgnoresCaseAndSpacing() {
        #expect(PlayerName.identity(of: "  Andre ") == PlayerName.identity(of: "ANDRE"))
        #expect(PlayerName.identity(of: "Mary  Ann") == "mary ann")
    }

    /// The byte-by-byte path for plain names gives what splitting and lowercasing gives.
    @Test(arguments: [
        "Marta", "MARY ANN", "o'Brien-Smith 2", "Zoë", "Ayşe", "ǅemal", "ANDRE ", " Andre", "Mary  Ann", "Tab\tHere",
        "line\nbreak", "", " ", "İlkay", "ß", "A\u{2003}B", "Ω", "x", "~!@#$%^&*()_+{}|:\"<>?",
    ])
    func plainNamesTakeTheFastPathToTheSameIdentity(name: String) {
        let slow = name.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
        #expect(PlayerName.identity(of: name) == slow)
        let plain =
            !name.isEmpty && name.utf8.allSatisfy { (0x20...0x7E).contains($0) } && !name.hasPrefix(" ")
            && !name.hasSuffix(" ") && !name.contains("  ")
        #expect((PlayerName.plainIdentity(name) != nil) == plain)
    }
}

@Suite struct ScoreRoundsStorageTests {
    /// A game keeps its rounds end to end in one array, each entry packed: every round comes
    /// back as it went in (points beyond 32 bits, and the one kept for them, included), empty
    /// rounds and games without rounds too, equal rounds are equal games, and the totals are
    /// the entries' sums for any list of scorers.
    @Test func everyRoundComesBackAsItWentIn() {
        var random = SplitMix64(seed: 45)
        let names = ["Ann", "Bo", "Cy", "a name longer than fifteen bytes"]
        let unusual = [Int.max, Int.min, Int(Int32.min), Int(Int32.max), Int(Int32.max) + 1, 1 << 40]
        for _ in 0..<500 {
            let rounds: [ScoreGame.Round] = (0..<Int(random.next() % 6)).map { _ in
                (0..<Int(random.next() % 4)).map { _ in
                    ScoreGame.Entry(
                        player: names[Int(random.next() % 4)],
                        points: random.next() % 8 == 0
                            ? unusual[Int(random.next() % 6)] / (1 << (random.next() % 3)) : Int(random.next() % 9) - 4)
                }
            }
            let kept = ScoreGame.Rounds(rounds)
            #expect(kept.map(Array.init) == rounds)
            #expect(kept.count == rounds.count)
            #expect(Array(kept.entries) == rounds.flatMap { $0 })
            let scorers = (0..<Int(random.next() % 5)).map { _ in names[Int(random.next() % 4)] } + ["Dee"]
            let sums = scorers.map { scorer in
                rounds.joined().filter { $0.player == scorer }.reduce(0) { $0 &+ $1.points }
            }
            if sums.allSatisfy({ $0.magnitude < 1 << 50 })
                && rounds.joined().allSatisfy({ $0.points.magnitude < 1 << 50 })
            {
                let game = ScoreGame(players: scorers, rounds: rounds)
                #expect(game.totals(of: scorers) == sums)
            }
            var appended = ScoreGame.Rounds()
            for round in rounds { appended.append(round) }
            #expect(appended == kept)
            // The same entries cut into other rounds are other rounds.
            if rounds.count > 1, !rounds[0].isEmpty {
                var moved = rounds
                moved[1].insert(moved[0].removeLast(), at: 0)
                #expect(ScoreGame.Rounds(moved) != kept)
            }
        }
    }
}
