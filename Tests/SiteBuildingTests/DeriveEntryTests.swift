import GameDomain
import Testing

@testable import SiteBuilding

/// `Derive.entry` takes the last build's catalog entry whole only for the same file, slug and
/// puzzle optimum (the one thing the derive stage fills in); any other change makes a new entry
/// from the game as loaded, or a page would show the old optimum, slug or file.
@Suite("The derive stage's kept entries")
struct DeriveEntryTests {
    static func race(optimum: PuzzleOptimum?) throws -> Game {
        let start = try PuzzleBoard(size: 3, tiles: [1, 2, 3, 4, 5, 6, 0, 7, 8])
        let player = PuzzleGame.Player(
            name: "Ana", replay: try PuzzleReplay(start: start, moves: [.tile(7), .tile(8)]), seconds: 4)
        return Game(
            title: "Race", date: try #require(GameDate("2026-11-22")), notes: "",
            content: .fifteen(PuzzleGame(start: start, players: [player], optimum: optimum)))
    }

    @Test(arguments: [
        (PuzzleOptimum?.none, "race", "a/race.md", true),
        (.moves(2), "race", "a/race.md", false),
        (nil, "race-2", "a/race.md", false),
        (nil, "race", "b/race.md", false),
    ])
    func keptForTheSameFileSlugAndOptimumOnly(optimum: PuzzleOptimum?, slug: String, file: String, kept: Bool) throws {
        let last = SiteGame(game: try Self.race(optimum: nil), slug: "race", file: "a/race.md")
        var loaded = LoadedGame(path: "games/\(file)", game: try Self.race(optimum: optimum))
        loaded.entry = last
        let entry = Derive.entry(loaded, slug: slug, file: file, previous: nil)
        #expect(SiteGame.sameBox(entry, last) == kept)
        #expect(entry.game == loaded.game)
        #expect(entry.slug == slug && entry.file == file)
    }
}
