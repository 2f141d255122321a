import Foundation
import GameFileParsing
import TestSupport
import Testing

@testable import SiteBuilding

/// The build leaves notes in their files and reads each back for its scorecard only.
@Suite("Notes read back from their files")
struct NotesReadBackTests {
    func load(_ temp: borrowing TemporaryFolder, _ names: [String], keepingNotes: Bool) async -> GameLoader.Outcome {
        await GameLoader.load(
            names.map { (path: $0, url: temp.url.appendingPathComponent($0)) }, keepingNotes: keepingNotes)
    }

    @Test("Notes left out at load are read back exactly as the parser gives them")
    func readBackExactly() async throws {
        let temp = try TemporaryFolder()
        // A BOM, CRLF and lone-CR line breaks, non-ASCII text: the body is rebuilt the same way.
        try temp.write(
            "one.md",
            "\u{FEFF}---\r\ngame: scores\r\ntitle: One\r\ndate: 2026-11-20\r\nplayers: [A]\r\n---\r\n# Här\r\n\r\nline\rnext  \n"
        )
        try temp.write("two.md", game(title: "Two"))
        let kept = await load(temp, ["one.md", "two.md"], keepingNotes: true)
        let left = await load(temp, ["one.md", "two.md"], keepingNotes: false)
        #expect(kept.diagnostics.isEmpty && left.diagnostics.isEmpty)
        #expect(kept.games.map(\.game.notes) == ["# Här\n\nline\nnext  \n", "Notes on Two.\n"])
        #expect(kept.games.allSatisfy { $0.notesFile == nil })
        // LF files give the notes as their last bytes; the other is split again.
        #expect(left.games.map { $0.notesFile?.notesCount == nil } == [true, false])
        for (kept, left) in zip(kept.games, left.games) {
            #expect(left.game.notes.isEmpty)
            var game = left.game
            game.notes = try #require(try left.notesFile?.read(path: left.path).get())
            #expect(game == kept.game)
        }
    }

    @Test("A file changed or removed after it was parsed is an error naming it")
    func changedFile() async throws {
        let temp = try TemporaryFolder()
        try temp.write("one.md", game(title: "One"))
        try temp.write("two.md", game(title: "Two"))
        try temp.write("three.md", game(title: "Three"))
        let loaded = await load(temp, ["one.md", "two.md", "three.md"], keepingNotes: false).games
        let files = loaded.compactMap(\.notesFile)
        try #require(files.count == 3)
        let (one, two, three) = (files[0], files[1], files[2])
        // Same size, different bytes; removed; grown.
        try temp.write("one.md", game(title: "Eno"))
        try FileManager.default.removeItem(at: two.url)
        try temp.write("three.md", game(title: "Three", extra: "status: finished\n"))
        #expect(
            one.read(path: "games/one.md").failure?.description
                == "games/one.md:1:1: error: the file changed while the site was being built; build again")
        #expect(
            three.read(path: "games/three.md").failure?.description
                == "games/three.md:1:1: error: the file changed while the site was being built; build again")
        let removed = try #require(two.read(path: "games/two.md").failure?.description)
        #expect(removed.hasPrefix("games/two.md:1:1: error: cannot read the file again for its notes: "))
    }

    @Test("A game file changed during the build stops it with an error per file; nothing is published")
    func changedDuringBuild() async throws {
        let temp = try TemporaryFolder()
        let source = temp.url.appendingPathComponent("games")
        let out = temp.url.appendingPathComponent("site")
        let workers = ProcessInfo.processInfo.activeProcessorCount
        let names = (1...max(20, 2 * workers + 2)).map { "g\($0).md" }
        for name in names { try temp.write("games/\(name)", game(title: name)) }
        _ = try await SiteBuild.run(BuildOptions(source: source, output: out))
        let before = tree(out)
        #expect(String(decoding: before["games/g7.html"] ?? Data(), as: UTF8.self).contains("Notes on g7.md"))

        // Every game file changes once the first page is written. The worker that wrote it renders
        // a scorecard next (the first 2 × workers items are scorecards), so at least that one fails.
        var options = BuildOptions(source: source, output: out)
        let sourcePath = source.path
        options.progress = { done, _ in
            guard done == 1 else { return }
            for name in names {
                try? Data(game(title: name, extra: "status: finished\n").utf8).write(
                    to: URL(fileURLWithPath: sourcePath + "/" + name))
            }
        }
        await #expect {
            try await SiteBuild.run(options)
        } throws: { error in
            guard case BuildError.input(let diagnostics) = error else { return false }
            let lines = diagnostics.map(\.description)
            return !lines.isEmpty && lines == lines.sorted()
                && lines.allSatisfy {
                    $0.hasPrefix(sourcePath + "/g")
                        && $0.hasSuffix(".md:1:1: error: the file changed while the site was being built; build again")
                }
        }
        #expect(tree(out) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: temp.url.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
