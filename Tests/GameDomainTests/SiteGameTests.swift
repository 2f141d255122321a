import Testing

@testable import GameDomain

/// `SiteGame.results` is worked out once per game; it must always be the game's own.
@Suite("A catalog entry's results")
struct SiteGameTests {
    @Test func resultsAreTheGamesWhateverChanges() throws {
        var random = SplitMix64(seed: 43)
        let games = try StatisticsMemoryTests.games(60, &random).map(\.game)
        for (index, game) in games.enumerated() {
            var entry = SiteGame(game: game, slug: "g\(index)")
            #expect(entry.results == game.results)
            #expect(entry.box.outcome == game.outcome)
            entry.setNotes("Notes now")
            #expect(entry.game.notes == "Notes now")
            #expect(entry.results == game.results)
            // Any other change works the results out again.
            let other = games[(index + 1) % games.count]
            entry.game = other
            #expect(entry.results == other.results)
            #expect(entry.box.outcome == other.outcome)
        }
    }

    /// Results and outcome with every scalar beyond ASCII spelled out: a name kept in other
    /// bytes (composed or not) is a difference, and reads as one in a failure.
    static func bytes(_ entry: SiteGame) -> String {
        scalars("\(entry.results) \(String(describing: entry.box.outcome))")
    }

    static func scalars(_ text: String) -> String {
        text.unicodeScalars.map { $0.isASCII ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined()
    }

    @Test("Results taken from the last build's game are the game's own, in its bytes")
    func reusedResultsAreTheGames() throws {
        var random = SplitMix64(seed: 45)
        let day = try #require(GameDate("2026-11-01"))
        func game(_ first: String, _ points: [Int], title: String = "Go") -> Game {
            let names = [first, "Bo", "Cy"]
            let round = zip(names, points).map { ScoreGame.Entry(player: $0, points: $1) }
            return Game(
                title: title, date: day, notes: "", content: .scores(ScoreGame(players: names, rounds: [round])))
        }
        for index in 0..<80 {
            let points = (0..<3).map { _ in Int(random.next() % 4) }
            // Zoë composed, then decomposed: equal to Swift, other bytes on the page.
            let previous = SiteGame(game: game("Zo\u{EB}", points), slug: "g", file: "g.md")
            let changes = [
                game("Zo\u{EB}", points), game("Zo\u{EB}", points, title: "Go again"),
                game("Zo\u{EB}", points.reversed()), game("Zoe\u{308}", points),
            ]
            for changed in changes {
                let entry = SiteGame(game: changed, slug: "g", file: "g.md", reusing: previous)
                #expect(Self.bytes(entry) == Self.bytes(SiteGame(game: changed, slug: "g")), "game \(index)")
            }
        }
    }
}
