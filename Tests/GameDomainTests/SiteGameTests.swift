@testable import GameDomain
import Testing

/// `SiteGame.results` is worked out once per game; it must always be the game's own.
@Suite("A catalog entry's results")
struct SiteGameTests {
    @Test func resultsAreTheGamesWhateverChanges() throws {
        var random = SplitMix64(seed: 43)
        let games = try StatisticsMemoryTests.games(60, &random).map(\.game)
        for (index, game) in games.enumerated() {
            var entry = SiteGame(game: game, slug: "g\(index)")
            #expect(entry.results == game.results)
            entry.setNotes("Notes now")
            #expect(entry.game.notes == "Notes now")
            #expect(entry.results == game.results)
            // Any other change works the results out again.
            let other = games[(index + 1) % games.count]
            entry.game = other
            #expect(entry.results == other.results)
        }
    }
}
