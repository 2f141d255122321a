import Foundation
import GameDomain
import GameFileParsing
import SnapshotKit
import TestSupport
import Testing

@testable import SiteBuilding

@Suite("gamenight init and new")
struct SiteScaffoldTests {
    /// A new site builds as it is: every example parses, wins are declared, puzzles are solved.
    @Test func initializedSiteBuilds() async throws {
        let temp = try TemporaryFolder()
        let folder = temp.url.appendingPathComponent("nights")
        let files = try SiteScaffold.initialize(folder, day: "2026-11-23")
        #expect(
            files == [
                "gamenight.yaml", ".gitignore", "2026-11-23/wizard.md", "2026-11-23/bowling.md",
                "2026-11-23/puzzle-race.md",
            ])
        let summary = try await SiteBuild.run(
            BuildOptions(source: folder, output: folder.appendingPathComponent("site")))
        #expect(summary.games == GameKind.allCases.count)
        // Git ignores the site and the previous one that `build` keeps beside it.
        let ignored = String(decoding: tree(folder)[".gitignore"] ?? Data(), as: UTF8.self).split(separator: "\n")
        let kept = SitePublisher(output: folder.appendingPathComponent("site")).keptFolder.lastPathComponent
        #expect(ignored.contains("/site/") && ignored.contains("/\(kept)/"))
        #expect(summary.notes.isEmpty)
        let index = String(decoding: tree(folder)["site/index.html"] ?? Data(), as: UTF8.self)
        assertSnapshot(of: index, as: .html, named: "index")
        for kind in GameKind.allCases {
            let file = folder.appendingPathComponent("2026-11-23/\(ExampleGames.fileName(kind))")
            let game = try GameFileParser.parse(String(contentsOf: file, encoding: .utf8), path: file.path).get()
            #expect(game.kind == kind && game.status == .finished && !game.winners.isEmpty)
        }
    }

    @Test(arguments: ["notes.txt", ".gitignore"])
    func initRefusesAFolderWithAnythingInIt(file: String) throws {
        let temp = try TemporaryFolder()
        try temp.write(file, "mine")
        #expect(throws: BuildError.self) { try SiteScaffold.initialize(temp.url, day: "2026-11-23") }
        #expect(tree(temp.url).keys.sorted() == [file])
    }

    @Test("init works in a folder holding only hidden entries, such as a new git repository's")
    func initBesideGit() throws {
        let temp = try TemporaryFolder()
        try temp.write(".git/HEAD", "ref: refs/heads/main\n")
        _ = try SiteScaffold.initialize(temp.url, day: "2026-11-23")
        #expect(tree(temp.url)[".git/HEAD"] == Data("ref: refs/heads/main\n".utf8))
        #expect(tree(temp.url)["gamenight.yaml"] != nil)
    }

    /// Without players, `new` writes `players: []` and commented examples: deleting the `[]` and
    /// uncommenting them (what its comment says) gives a file that parses too.
    @Test(arguments: [GameKind.bowling, .fifteen])
    func newExamplePlayersUncommented(kind: GameKind) throws {
        let temp = try TemporaryFolder()
        let path = try SiteScaffold.newGame(
            kind.rawValue, title: "Lane 3", players: [], date: "2026-11-24", in: temp.url)
        let text = try String(contentsOf: temp.url.appendingPathComponent("2026-11-24/lane-3.md"), encoding: .utf8)
        let edited = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("players: []") ? "players:" : line.hasPrefix("#  ") ? "  " + line.dropFirst(3) : String(line)
        }.joined(separator: "\n")
        #expect(edited != text)
        let game = try GameFileParser.parse(edited, path: path).get()
        #expect(game.players == ["Ana", "Ben"])
    }

    @Test func newRefusesPlayersTheGameWouldRefuse() throws {
        let temp = try TemporaryFolder()
        #expect {
            try SiteScaffold.newGame("scores", title: "Duo", players: ["Ana", "ana"], date: "2026-11-24", in: temp.url)
        } throws: { error in
            guard let error = error as? BuildError, case .usage(let text) = error else { return false }
            return text.hasPrefix("--players: player `ana` is listed twice")
        }
        #expect(tree(temp.url).isEmpty)
        // A table over the default limit is the build's to allow (`--max-players`), not new's to refuse.
        let many = (1...101).map { "P\($0)" }
        #expect(
            try SiteScaffold.newGame("scores", title: "Big", players: many, date: "2026-11-24", in: temp.url).hasSuffix(
                "big.md"))
    }

    /// What `new` writes parses as it is, with or without players, whatever their names.
    @Test(
        arguments: GameKind.allCases,
        [[], ["Ana", "Ben Ali"], ["true", "O'Neil", "Zoë: \"the hammer\"", "花子", "#1", "- x", "12"]])
    func newGameParses(kind: GameKind, players: [String]) throws {
        let temp = try TemporaryFolder()
        let path = try SiteScaffold.newGame(
            kind.rawValue, title: "Catan: \"table\" #2", players: players, date: "2026-11-24T19:30", in: temp.url)
        #expect(path.hasSuffix("2026-11-24/catan-table-2.md"))
        let text = try String(
            contentsOf: temp.url.appendingPathComponent("2026-11-24/catan-table-2.md"), encoding: .utf8)
        let game = try GameFileParser.parse(text, path: path).get()
        #expect(
            game.kind == kind && game.title == "Catan: \"table\" #2" && game.date.text == "2026-11-24T19:30"
                && game.status == .playing)
        #expect(game.players == players)
    }

    @Test func newNeverOverwrites() throws {
        let temp = try TemporaryFolder()
        _ = try SiteScaffold.newGame("scores", title: "Catan", players: ["Ana"], date: "2026-11-24", in: temp.url)
        #expect {
            try SiteScaffold.newGame("bowling", title: "Catan", players: [], date: "2026-11-24", in: temp.url)
        } throws: { error in
            (error as? BuildError)?.description.contains("2026-11-24/catan.md already exists") == true
        }
        #expect(
            String(decoding: tree(temp.url)["2026-11-24/catan.md"] ?? Data(), as: UTF8.self).contains("game: scores"))
    }

    @Test(arguments: [
        ("bowlng", "unknown game kind `bowlng` (did you mean `bowling`?); use one of scores, bowling, fifteen"),
        ("chess", "unknown game kind `chess`; use one of scores, bowling, fifteen"),
    ])
    func newRejectsAnUnknownKind(kind: String, message: String) throws {
        let temp = try TemporaryFolder()
        #expect {
            try SiteScaffold.newGame(kind, title: "X", players: [], date: "2026-11-24", in: temp.url)
        } throws: { error in
            guard let error = error as? BuildError, case .usage(let text) = error else { return false }
            return text == message
        }
    }
}
