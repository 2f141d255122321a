import Foundation
import TestSupport
import Testing

extension CommandLineTests {
    @Test("export: --out writes the log, which imports again; bowling and puzzles are notes; stdout without --out")
    func exportPlays() throws {
        let tempFolder = try TemporaryFolder("cli")
        let temp = tempFolder.url
        let run = try gamenight("export", "bgg", Self.examples.path, "--out", "plays.xml", in: temp)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr.contains("bowling-game-1.md: note: not exported: bowling has no BGG/BG Stats play form"),
            "\(run.stderr)")
        #expect(
            run.stderr.contains("puzzle-race.md: note: not exported: fifteen has no BGG/BG Stats play form"),
            "\(run.stderr)")
        #expect(run.stderr.hasSuffix("Exported 15 plays to plays.xml\n"), "\(run.stderr)")
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp.path) == ["plays.xml"])
        let imported = try gamenight("import", "bgg", "plays.xml", "--into", "games", in: temp)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            imported.stdout.hasSuffix("Imported 15 plays: 15 new, 0 updated, 0 unchanged, 0 conflicts into games\n"),
            "\(imported.stdout)")

        let json = try gamenight("export", "bgstats", Self.examples.path)
        #expect(json.status == 0, "\(json.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((document["plays"] as? [Any])?.count == 15)
        #expect(try gamenight("export", "bgstats", Self.examples.path).stdout == json.stdout)
    }

    @Test("export: every game file that does not read is an error at its line and column, exit 1, nothing written")
    func exportErrors() throws {
        let tempFolder = try TemporaryFolder("cli")
        let temp = tempFolder.url
        let games = temp.appendingPathComponent("games")
        try FileManager.default.createDirectory(at: games, withIntermediateDirectories: true)
        try "---\ngame: scores\ntitle: A\ndate: 2026-11-20\nplayers: [Ana, Ben]\nscores: {Ana: 3, Ben: x}\n---\n".write(
            to: games.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        try "---\ngame: scores\ntitle: B\ndate: 2026-13-40\nplayers: [Ana]\n---\n".write(
            to: games.appendingPathComponent("b.md"), atomically: true, encoding: .utf8)
        let run = try gamenight("export", "bgstats", "games", "--out", "export.json", in: temp)
        #expect(run.status == 1)
        #expect(run.stderr.contains(#/games/a\.md:\d+:\d+: error: /#), "\(run.stderr)")
        #expect(run.stderr.contains(#/games/b\.md:\d+:\d+: error: /#), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: temp.appendingPathComponent("export.json").path))
        let missing = try gamenight("export", "bgg", "nope", in: temp)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nope is not a folder"), "\(missing.stderr)")
    }
}
