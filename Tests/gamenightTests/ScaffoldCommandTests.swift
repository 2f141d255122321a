import Foundation
import TestSupport
import Testing

extension CommandLineTests {
    /// `init`, then `new`, then `build`: the path a new user takes.
    @Test func initNewBuild() throws {
        let tempFolder = try TemporaryFolder("cli")
        let temp = tempFolder.url
        let created = try gamenight("init", "nights", in: temp)
        #expect(created.status == 0, "\(created.stderr)")
        #expect(
            created.stdout.contains("gamenight.yaml") && created.stdout.contains("cd nights")
                && created.stdout.contains("gamenight new") && created.stdout.contains("gamenight build"))

        let folder = temp.appendingPathComponent("nights")
        let new = try gamenight(
            "new", "scores", "Catan, table 2", "--players", "Ana, Ben,  Chloé", "--date", "2026-11-24T19:30", in: folder
        )
        #expect(new.status == 0, "\(new.stderr)")
        #expect(new.stdout == "2026-11-24/catan-table-2.md\n")
        let text = try String(contentsOf: folder.appendingPathComponent("2026-11-24/catan-table-2.md"), encoding: .utf8)
        #expect(text.contains("players: [Ana, Ben, Chloé]"))

        let again = try gamenight("new", "scores", "Catan, table 2", "--date", "2026-11-24", in: folder)
        #expect(again.status == 2)
        #expect(again.stderr.contains("error: 2026-11-24/catan-table-2.md already exists"))
        let misspelled = try gamenight("new", "bowlng", "Lanes", "--source", "nights", in: temp)
        #expect(misspelled.status == 2)
        #expect(misspelled.stderr.contains("unknown game kind `bowlng` (did you mean `bowling`?)"))

        let built = try gamenight("build", in: folder)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stdout.hasPrefix("Built 4 games"))
        let index = try String(contentsOf: folder.appendingPathComponent("site/index.html"), encoding: .utf8)
        #expect(index.contains("<title>Game nights · Our game nights</title>"))
    }

    @Test func initRefusesANonEmptyFolder() throws {
        let tempFolder = try TemporaryFolder("cli")
        let temp = tempFolder.url
        try Data("mine".utf8).write(to: temp.appendingPathComponent("notes.txt"))
        let run = try gamenight("init", in: temp)
        #expect(run.status == 2)
        #expect(run.stderr.contains("error: . is not empty; run gamenight init in a new or empty folder"))
    }
}
