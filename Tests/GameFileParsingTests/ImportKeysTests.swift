import GameDomain
import GameFileParsing
import Testing

/// `location:`, `duration:` and `import:`, the keys `gamenight import` writes, in any game file.
@Suite("Import keys")
struct ImportKeysTests {
    static func parse(_ lines: [String]) -> Result<Game, GameFileErrors> {
        let text =
            "---\n"
            + (["game: scores", "title: T", "date: 2026-11-20", "players: [A]"] + lines).joined(separator: "\n")
            + "\n---\n"
        return GameFileParser.parse(text, path: "games/x.md")
    }

    @Test func readsTheKeys() throws {
        let game = try Self.parse([
            "location: \"Café Müller, 2F\"", "duration: 95",
            "import: {source: bgg, id: \"123456\", copy: 2, checksum: fnv1a64-0123456789abcdef}",
        ]).get()
        #expect(game.location == "Café Müller, 2F")
        #expect(game.durationMinutes == 95)
        #expect(game.origin == ImportOrigin(source: .bgg, id: "123456", copy: 2))
    }

    @Test func absentKeysAreNil() throws {
        let game = try Self.parse([]).get()
        #expect(game.location == nil && game.durationMinutes == nil && game.origin == nil)
    }

    @Test(
        "Errors point at the value",
        arguments: [
            (["duration: -5"], "6:11", "`duration` is -5 minutes"),
            (["duration: long"], "6:11", "`duration` (minutes) must be a whole number"),
            (["location: \"\""], "6:11", "`location` must not be empty"),
            (["import: {source: bga, id: \"1\"}"], "6:18", "`import.source` must be one of bgg, bgstats"),
            (["import: {source: bgg}"], "6:9", "`import` has no `id`"),
            (["import: {source: bgg, id: \"1\", copy: 1}"], "6:38", "repeats of a play count from 2"),
            (["import: {source: bgg, id: \"1\", sum: x}"], "6:32", "unknown key `sum` in `import`"),
            (["import: bgg"], "6:9", "`import` must be a mapping"),
            (["locaton: home"], "6:1", "unknown key `locaton` in the front matter (did you mean `location`?)"),
        ])
    func errors(lines: [String], location: String, message: String) {
        guard case .failure(let errors) = Self.parse(lines) else {
            Issue.record("expected an error")
            return
        }
        #expect(errors.diagnostics.count == 1, "\(errors.diagnostics)")
        #expect(errors.diagnostics.first?.location?.description == location, "\(errors.diagnostics)")
        #expect(errors.diagnostics.first?.message.contains(message) == true, "\(errors.diagnostics)")
    }
}
