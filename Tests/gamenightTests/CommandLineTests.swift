import Foundation
import TestSupport
import Testing

/// End-to-end: runs the built `gamenight` binary and checks its output and exit status.
@Suite("gamenight command")
struct CommandLineTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let binary: URL = {
        // Tests run from the build folder that also holds the executable.
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("gamenight").path),
            folder.path != "/"
        {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("gamenight")
    }()

    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples")

    func gamenight(_ arguments: String..., in folder: URL? = nil) throws -> Run {
        try gamenight(arguments: arguments, in: folder)
    }

    /// The runs' own cache folder (pattern databases, optimal lengths): what a developer has in
    /// theirs must not change what the tests see, and the tests must not write there. The suite
    /// has no hook after its last test, so each run removes those of runs whose process is gone.
    static let cache: String = {
        let prefix = "gamenight-cli-cache-"
        let temporary = FileManager.default.temporaryDirectory
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        where name.hasPrefix(prefix) {
            if let process = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }), process > 0,
                kill(process, 0) != 0, errno == ESRCH
            {
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
            }
        }
        return temporary.appendingPathComponent("\(prefix)\(getpid())-\(UUID().uuidString)").path
    }()

    func gamenight(
        arguments: [String], in folder: URL? = nil, cache: String = Self.cache, environment: [String: String] = [:]
    ) throws -> Run {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(
            environment.merging(["XDG_CACHE_HOME": cache]) { _, cache in cache }
        ) { _, ours in ours }
        if let folder { process.currentDirectoryURL = folder }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test(
        "--help shows real usage with an example",
        arguments: [
            ["--help"], ["init", "--help"], ["new", "--help"], ["build", "--help"], ["score", "--help"],
            ["stats", "--help"], ["solve", "--help"], ["import", "--help"], ["import", "bgg", "--help"],
            ["import", "bgstats", "--help"], ["export", "--help"], ["export", "bgg", "--help"],
            ["export", "bgstats", "--help"], ["serve", "--help"],
        ])
    func help(arguments: [String]) throws {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.contains("USAGE: gamenight"))
        #expect(text.contains(arguments.count == 1 ? "SUBCOMMANDS" : "Example:"))
    }

    @Test(
        "--version prints the version and the commit it is built from",
        arguments: [["--version"], ["serve", "--version"]])
    func version(arguments: [String]) throws {
        let run = try gamenight(arguments: arguments)
        #expect(run.status == 0 && run.stderr.isEmpty)
        let match = try #require(
            run.stdout.wholeMatch(of: /\d+\.\d+\.\d+ \(commit ([0-9a-f]{12}|unknown)\)\n/), "\(run.stdout)")
        // Built from this checkout, the commit is one of its own (HEAD may have moved on since).
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        if FileManager.default.fileExists(atPath: repository.appendingPathComponent(".git").path) {
            let git = Process()
            git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            git.arguments = ["git", "-C", repository.path, "cat-file", "-e", "\(match.output.1)^{commit}"]
            try git.run()
            git.waitUntilExit()
            #expect(git.terminationStatus == 0, "\(match.output.1) is not a commit of \(repository.path)")
        }
    }

    @Test("A missing file or templates folder is named in words, not Foundation's")
    func missingFilesInWords() throws {
        let scratch = try TemporaryFolder("cli")
        let folder = scratch.url
        let file = try gamenight("score", "nonexist.md", in: folder)
        #expect(
            file.status == 1
                && file.stderr.contains("nonexist.md:1:1: error: cannot read the file: no such file or directory"))
        let templates = try gamenight(
            "build", Self.examples.path, "--out", folder.appendingPathComponent("site").path, "--templates", "nope",
            in: folder)
        #expect(templates.status == 2 && templates.stderr.contains("error: --templates nope is not a folder"))
        #expect(!file.stderr.contains("could not be completed") && !templates.stderr.contains("could not be completed"))
    }

    @Test(
        "A negative number for a numeric option gets the option's own range, not `Missing value`",
        arguments: [
            (["score", "examples", "--solve-seconds", "-1"], "--solve-seconds must be more than 0"),
            (["build", "examples", "--max-players", "-3"], "--max-players must be a whole number from 1 up, found -3"),
            (["solve", "1 2 3/4 5 6/7 _ 8", "--seconds", "-2"], "--seconds must be more than 0"),
            (["serve", "--port", "-1"], "--port must be from 0 to 65535, found -1"),
        ])
    func negativeNumbers(arguments: [String], message: String) throws {
        let run = try gamenight(arguments: arguments, in: Self.examples.deletingLastPathComponent())
        #expect(run.status == 2 && run.stderr.contains(message), "\(run.stderr)")
    }

    @Test("serve: a usage error exits with 2, as every command's; `help serve` shows its options")
    func serveUsage() throws {
        let port = try gamenight("serve", "--port", "99999")
        #expect(port.status == 2 && port.stderr.contains("--port must be from 0 to 65535"))
        #expect(try gamenight("serve", "--bogus").status == 2)
        let help = try gamenight("help", "serve")
        #expect(help.status == 0 && help.stdout.contains("--port <port>"))
    }

    /// `serve` runs gamenight-serve from beside gamenight; a copy of gamenight alone says how to build it.
    @Test func serveWithoutItsProgramSaysHowToBuildIt() throws {
        let tempFolder = try TemporaryFolder("cli")
        let temp = tempFolder.url
        let alone = temp.appendingPathComponent("gamenight")
        try FileManager.default.copyItem(at: Self.binary, to: alone)
        let process = Process()
        process.executableURL = alone
        process.arguments = ["serve", Self.examples.path]
        let err = Pipe()
        process.standardError = err
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 3)
        #expect(text.contains("gamenight-serve") && text.contains("swift build --product gamenight-serve"))
    }

    @Test func buildsTheExamples() throws {
        let tempFolder = try TemporaryFolder("cli")
        let temp = tempFolder.url
        let run = try gamenight("build", Self.examples.path, "--out", temp.appendingPathComponent("site").path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("index.html"))
        #expect(FileManager.default.fileExists(atPath: temp.appendingPathComponent("site/index.html").path))
    }

    #if os(Linux)
        /// librsvg and the ~45 libraries it brings are opened when the first card is drawn: a
        /// build without cards starts without them (8.6 ms and 8.5 MB of every start). The
        /// dynamic loader names each library it opens, linked or `dlopen`ed, under LD_DEBUG=files.
        @Test func aBuildWithoutCardsOpensNoDrawingLibrary() throws {
            let tempFolder = try TemporaryFolder("cli")
            let temp = tempFolder.url
            func build(_ flags: String...) throws -> Run {
                let run = try gamenight(
                    arguments: ["build", Self.examples.path, "--out", temp.appendingPathComponent("site").path] + flags,
                    environment: ["LD_DEBUG": "files"])
                #expect(run.status == 0, "\(run.stderr.suffix(2000))")
                return run
            }
            #expect(!(try build("--no-cards").stderr.contains("librsvg")))
            #expect(!(try build().stderr.contains("librsvg")), "no --base-url, so no cards")
            #expect(try build("--base-url", "https://example.org/games/").stderr.contains("librsvg"))
        }
    #endif

    @Test(
        "--timings prints each phase, and the link check's and the years in review's shares of the CPU time, even with --quiet"
    )
    func timings() throws {
        let tempFolder = try TemporaryFolder("cli")
        let temp = tempFolder.url
        let run = try gamenight(
            "build", Self.examples.path, "--out", temp.appendingPathComponent("site").path, "--quiet", "--timings")
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        // The seven stages, from finding the game files to remembering the build, then the CPU time.
        #expect(
            lines.map { $0.prefix { $0 != " " } } == [
                "find", "recall", "load", "derive", "render", "publish", "remember", "CPU",
            ], "\(run.stdout)")
        // A first build into this folder derives, so the years in review are measured too.
        #expect(
            lines.last?.contains(
                /^CPU time [0-9.]+ s, of which the link check [0-9.]+ s \([0-9.]+ %\); the years in review and the board games' seat and score figures [0-9.]+ s \([0-9.]+ %\)$/
            ) == true, "\(run.stdout)")
    }

    @Test("A rebuild says how much it rendered; --no-cache renders everything; a damaged cache is a note on stderr")
    func incrementalBuild() throws {
        let tempFolder = try TemporaryFolder("cli")
        let temp = tempFolder.url
        let out = temp.appendingPathComponent("site").path
        let cache = temp.appendingPathComponent("cache").path
        func build(_ flags: String...) throws -> Run {
            try gamenight(arguments: ["build", Self.examples.path, "--out", out] + flags, cache: cache)
        }
        #expect(try build().status == 0)
        let again = try build()
        #expect(
            again.status == 0 && again.stdout.contains("(0 of ")
                && again.stdout.contains("parts rendered, the rest unchanged"), "\(again.stdout)")
        let forced = try build("--no-cache")
        #expect(forced.status == 0 && !forced.stdout.contains("parts rendered"), "\(forced.stdout)")
        let sites = cache + "/gamenight/sites"
        for name in try FileManager.default.contentsOfDirectory(atPath: sites) {
            // The file's own header (of this version), then something that is not a record.
            let file = URL(fileURLWithPath: sites + "/" + name)
            let header = try Data(contentsOf: file).prefix { $0 != UInt8(ascii: "\n") }
            try (header + Data("\nnot a cache".utf8)).write(to: file)
        }
        let damaged = try build()
        #expect(
            damaged.status == 0 && damaged.stderr.contains("note: the build cache is cut short; building every page"),
            "\(damaged.stderr)")
    }

    @Test("Input errors: every error as PATH:LINE:COLUMN: error: …, exit status 1, nothing written")
    func inputErrors() throws {
        let tempFolder = try TemporaryFolder("cli")
        let temp = tempFolder.url
        try Data("---\ngame: scores\ntitle: A\ndate: 2026-11-20\nwin: most\nplayers: [A]\n---\n".utf8).write(
            to: temp.appendingPathComponent("a.md"))
        try Data("---\ngame: chess\n---\n".utf8).write(to: temp.appendingPathComponent("b.md"))
        let run = try gamenight("build", ".", "--out", "site", in: temp)
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.first == "a.md:5:6: error: `win` must be one of highest, lowest, found `most`")
        #expect(lines.dropFirst().first?.hasPrefix("b.md:2:7: error: unknown game `chess`") == true)
        #expect(lines.last?.hasPrefix("Build failed: 0 pages, 2 errors in ") == true)
        #expect(lines.last?.hasSuffix(" s; nothing was written, the previous site is untouched.") == true)
        #expect(!FileManager.default.fileExists(atPath: temp.appendingPathComponent("site").path))
    }

    @Test(
        "Smart punctuation in notes is on unless --no-smart-punctuation",
        arguments: [
            ([], "<p>\u{201C}Go\u{201D} \u{2013} now</p>"),
            (["--no-smart-punctuation"], "<p>&quot;Go&quot; -- now</p>"),
        ])
    func smartPunctuation(flags: [String], notes: String) throws {
        let tempFolder = try TemporaryFolder("cli")
        let temp = tempFolder.url
        try Data("---\ngame: scores\ntitle: A\ndate: 2026-11-20\nwin: highest\nplayers: [A]\n---\n\"Go\" -- now\n".utf8)
            .write(to: temp.appendingPathComponent("a.md"))
        let run = try gamenight(arguments: ["build", ".", "--out", "site", "--quiet"] + flags, in: temp)
        #expect(run.status == 0, "\(run.stderr)")
        let page = try String(contentsOf: temp.appendingPathComponent("site/games/a.html"), encoding: .utf8)
        #expect(page.contains(notes))
    }

    @Test("A page past the output budget is an error naming the template and the page; nothing is written")
    func outputBudget() throws {
        let tempFolder = try TemporaryFolder("cli")
        let temp = tempFolder.url
        try Data("---\ngame: scores\ntitle: A\ndate: 2026-11-20\nwin: highest\nplayers: [A]\n---\n".utf8).write(
            to: temp.appendingPathComponent("a.md"))
        let templates = temp.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        // 20 levels, each including the next twice, around 1 KB: a 1 GB page without the budget.
        try Data("{{>d0}}".utf8).write(to: templates.appendingPathComponent("index.mustache"))
        try Data(String(repeating: "x", count: 1_024).utf8).write(to: templates.appendingPathComponent("d20.mustache"))
        for level in 0..<20 {
            try Data("{{>d\(level + 1)}}{{>d\(level + 1)}}".utf8).write(
                to: templates.appendingPathComponent("d\(level).mustache"))
        }
        let run = try gamenight("build", ".", "--out", "site", "--templates", "mine", in: temp)
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix(
                "mine/d20.mustache:1:1: error: cannot render index.html: the page grows past the output budget of 64 MB here"
            ))
        #expect(!FileManager.default.fileExists(atPath: temp.appendingPathComponent("site").path))
    }

    @Test(
        "Usage errors exit with status 2",
        arguments: [
            ["build", "no-such-folder"], ["score"], ["frobnicate"],
            ["build", "--max-players", "0"], ["build", "--max-board-size", "9"], ["score", "a.md", "--max-moves", "0"],
            ["score", "a.md", "--max-rounds=-1"], ["solve", "1 2 3/4 5 6/7 _ 8", "--max-file-size", "0"],
        ])
    func usageErrors(arguments: [String]) throws {
        let tempFolder = try TemporaryFolder("cli")
        let temp = tempFolder.url
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = temp
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
    }

    @Test(
        "Each limit has a flag; the error names it",
        arguments: [
            (
                "2026-11-20/yahtzee.md", ["--max-players", "1"],
                "players is more than the limit of 1; raise it with --max-players"
            ),
            (
                "2026-11-20/yahtzee.md", ["--max-rounds", "2"],
                "rounds is more than the limit of 2; raise it with --max-rounds"
            ),
            (
                "2026-11-22/puzzle-race.md", ["--max-moves", "5"],
                "move 6 is past the limit of 5 moves per player; raise it with --max-moves"
            ),
            (
                "2026-11-22/puzzle-race.md", ["--max-board-size", "3"],
                "board size 4 is more than the limit of 3; raise it with --max-board-size"
            ),
            (
                "2026-11-22/puzzle-race.md", ["--max-file-size", "100"],
                "over the limit of 100 bytes; split it or raise the limit with --max-file-size"
            ),
        ])
    func limitFlags(file: String, flags: [String], message: String) throws {
        let path = Self.examples.appendingPathComponent(file).path
        let run = try gamenight(arguments: ["score", path] + flags)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("\(path):"), "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(try gamenight(arguments: ["score", path]).status == 0)
    }

    @Test("score with no readable file: errors on stderr, stdout empty (or [] with --json)", arguments: [false, true])
    func scoreWithOnlyErrors(json: Bool) throws {
        let tempFolder = try TemporaryFolder("cli")
        let temp = tempFolder.url
        try Data("---\ngame: chess\n---\n".utf8).write(to: temp.appendingPathComponent("bad.md"))
        let run = try gamenight(arguments: ["score", "bad.md"] + (json ? ["--json"] : []), in: temp)
        #expect(run.status == 1)
        #expect(run.stdout == (json ? "[]\n" : ""))
        #expect(
            run.stderr.hasPrefix("bad.md:2:7: error: unknown game `chess`") && run.stderr.hasSuffix("\n1 error.\n"),
            "\(run.stderr)")
    }

    @Test("score takes folders: every game file in them, in build's order")
    func scoreFolder() throws {
        let run = try gamenight("score", Self.examples.path, "--json")
        #expect(run.status == 0, "\(run.stderr)")
        let games = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]
        let files = games?.compactMap { $0["file"] as? String } ?? []
        #expect(files.count == 20)
        #expect(files.first == Self.examples.path + "/2025-12-12/bowling.md")
        let tempFolder = try TemporaryFolder("cli")
        let temp = tempFolder.url
        let empty = try gamenight("score", temp.path)
        #expect(empty.status == 1)
        #expect(empty.stderr.hasPrefix("\(temp.path): error: no game files (*.md) in this folder"), "\(empty.stderr)")
    }

    @Test func scoreJSON() throws {
        let file = Self.examples.appendingPathComponent("2026-11-20/yahtzee.md").path
        let run = try gamenight("score", file, "--json")
        #expect(run.status == 0)
        let games = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]
        let game = try #require(games?.first)
        #expect(game["file"] as? String == file)
        #expect(game["game"] as? String == "scores")
        #expect(game["title"] as? String == "Yahtzee, kitchen table")
        #expect(game["date"] as? String == "2026-11-20T21:30")
        #expect(game["status"] as? String == "finished")
        #expect(game["winners"] as? [String] == ["Andre", "Marta"])
        let players = game["players"] as? [[String: Any]]
        #expect(players?.map { $0["name"] as? String } == ["Andre", "Marta"])
        #expect(players?.map { $0["total"] as? Int } == [221, 221])
    }

    /// One game, Ann 5 − Bo 3: openskill 6.x rates it μ 27.635389493140497, σ 8.06590141354368
    /// for Ann (Tests/GameDomainTests/Fixtures/ratings, "two players").
    @Test func statsJSON() throws {
        let scratch = try TemporaryFolder("cli")
        let folder = scratch.url
        try "---\ngame: scores\ntitle: Catan\ndate: 2026-01-02\nplayers: [Ann, Bo]\nrounds:\n  - {Ann: 5, Bo: 3}\n---\n"
            .write(to: folder.appendingPathComponent("catan.md"), atomically: true, encoding: .utf8)
        try
            "---\ngame: scores\ntitle: Draft\ndate: 2026-01-03\ndraft: true\nplayers: [Ann, Bo]\nrounds:\n  - {Ann: 1, Bo: 3}\n---\n"
            .write(to: folder.appendingPathComponent("draft.md"), atomically: true, encoding: .utf8)
        let run = try gamenight("stats", folder.path, "--json")
        #expect(run.status == 0, "\(run.stderr)")
        // The top-level keys, two spaces in, in sorted order.
        let keys = ["boardgames", "hIndex", "players", "ratings", "years"].compactMap {
            run.stdout.range(of: "\n  \"\($0)\" :")?.lowerBound
        }
        #expect(keys.count == 5 && keys == keys.sorted())
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(document["hIndex"] as? Int == 1)
        let players = try #require(document["players"] as? [[String: Any]])
        #expect(players.map { $0["name"] as? String } == ["Ann", "Bo"])
        let rating = try #require(players.first?["rating"] as? [String: Any])
        #expect(abs((rating["mu"] as? Double ?? 0) - 27.635389493140497) < 1e-9)
        #expect(abs((rating["sigma"] as? Double ?? 0) - 8.06590141354368) < 1e-9)
        #expect(rating["games"] as? Int == 1)
        let history = try #require(players.first?["history"] as? [[String: Any]])
        #expect(history.map { $0["file"] as? String } == [folder.path + "/catan.md"])
        let boardgame = try #require((document["boardgames"] as? [[String: Any]])?.first)
        #expect(boardgame["name"] as? String == "Catan")
        #expect((boardgame["record"] as? [String: Any])?["holder"] as? String == "Ann")
        #expect(try gamenight("stats", folder.appendingPathComponent("nowhere").path).status == 2)
        #expect(try gamenight("stats", folder.path).stdout.contains("1. Ann"))
    }

    /// Two games of Azul: one seated (Bo first), one with only `first:`; and a team game, which
    /// has seats but no score distribution.
    @Test("stats --json: seats and score distributions per board game")
    func statsSeatsAndScores() throws {
        let scratch = try TemporaryFolder("cli")
        let folder = scratch.url
        try
            "---\ngame: scores\ntitle: Azul\ndate: 2026-01-02\nplayers: [Ann, Bo, Cy]\nseats: [Ann, Bo, Cy]\nfirst: Bo\nrounds:\n  - {Ann: 5, Bo: 3, Cy: 9}\n---\n"
            .write(to: folder.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        try "---\ngame: scores\ntitle: Azul\ndate: 2026-01-03\nfirst: Ann\nscores: {Ann: 12, Bo: 12, Cy: 4}\n---\n"
            .write(to: folder.appendingPathComponent("b.md"), atomically: true, encoding: .utf8)
        let run = try gamenight("stats", folder.path, "--json")
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let azul = try #require((document["boardgames"] as? [[String: Any]])?.first)
        let seats = try #require(azul["seats"] as? [String: Any])
        #expect(seats["games"] as? Int == 2 && seats["minimumGames"] as? Int == 10)
        // Bo went first and lost; Ann went first and tied for first with Bo: 1 of 2 against 1/3 + 2/3.
        let first = try #require(seats["firstPlayer"] as? [String: Any])
        #expect(first["wins"] as? Int == 1 && first["games"] as? Int == 2 && first["enoughPlays"] as? Bool == false)
        #expect(abs((first["chance"] as? Double ?? 0) - 0.5) < 1e-12)
        #expect(first["differsFromChance"] is NSNull)
        let interval = try #require(first["interval"] as? [String: Any])
        #expect((interval["low"] as? Double ?? 1) < 0.5 && (interval["high"] as? Double ?? 0) > 0.5)
        // Seats from the seated game only: Bo, Cy (won), Ann.
        let bySeat = try #require(seats["bySeat"] as? [[String: Any]])
        #expect(bySeat.map { $0["seat"] as? Int } == [1, 2, 3])
        #expect(bySeat.map { ($0["rate"] as? [String: Any])?["wins"] as? Int } == [0, 1, 0])
        let scores = try #require(azul["scoreDistributions"] as? [String: Any])
        #expect(scores["games"] as? Int == 2)
        #expect(scores["scores"] as? [Int] == [3, 4, 5, 9, 12, 12])
        let counts = try #require(scores["byPlayerCount"] as? [[String: Any]])
        #expect(
            counts.count == 1 && counts.first?["players"] as? Int == 3
                && counts.first?["averageWinningScore"] as? Double == 10.5)
        let closest = try #require(scores["closest"] as? [[String: Any]])
        #expect(closest.map { $0["margin"] as? Int } == [0, 4])
        #expect(closest.first?["file"] as? String == folder.path + "/b.md")
    }

    /// Ann and Bo in 2025; 2026 adds Cy, a timed game, a margin-0 tie and bowling.
    @Test("stats --json: each year in review, oldest first, absent figures null")
    func statsYears() throws {
        let scratch = try TemporaryFolder("cli")
        let folder = scratch.url
        try "---\ngame: scores\ntitle: Catan\ndate: 2025-05-01\nplayers: [Ann, Bo]\nrounds:\n  - {Ann: 5, Bo: 3}\n---\n"
            .write(to: folder.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        try
            "---\ngame: scores\ntitle: Azul\ndate: 2026-01-02\nduration: 90\nplayers: [Ann, Bo, Cy]\nrounds:\n  - {Ann: 7, Bo: 7, Cy: 1}\n---\n"
            .write(to: folder.appendingPathComponent("b.md"), atomically: true, encoding: .utf8)
        try
            "---\ngame: bowling\ntitle: Lanes\ndate: 2026-02-02\nplayers:\n  - name: Bo\n    rolls: X X X X X X X X X XXX\n---\n"
            .write(to: folder.appendingPathComponent("c.md"), atomically: true, encoding: .utf8)
        let run = try gamenight("stats", folder.path, "--json")
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let years = try #require(document["years"] as? [[String: Any]])
        #expect(years.map { $0["year"] as? String } == ["2025", "2026"])
        let old = try #require(years.first)
        let new = try #require(years.last)
        #expect(old["minutes"] is NSNull && old["timedPlays"] as? Int == 0 && old["bowling"] is NSNull)
        #expect(
            old["newPlayers"] as? [String] == ["Ann", "Bo"]
                && (old["biggestWin"] as? [String: Any])?["margin"] as? Int == 2)
        #expect(
            new["minutes"] as? Int == 90 && new["timedPlays"] as? Int == 1 && new["plays"] as? Int == 2
                && new["nights"] as? Int == 2)
        #expect(new["newPlayers"] as? [String] == ["Cy"] && new["newBoardgames"] as? [String] == ["Azul", "bowling"])
        #expect((new["closestGame"] as? [String: Any])?["margin"] as? Int == 0 && new["biggestWin"] is NSNull)
        let bowling = try #require(new["bowling"] as? [String: Any])
        #expect(
            (bowling["bestGame"] as? [String: Any])?["value"] as? Int == 300
                && (bowling["bestGame"] as? [String: Any])?["players"] as? [String] == ["Bo"])
        let players = try #require(new["players"] as? [[String: Any]])
        // Ann and Bo tied for first at Azul; Bo also won the bowling.
        #expect(players.map { $0["name"] as? String } == ["Bo", "Ann", "Cy"])
        #expect(players.map { $0["wins"] as? Int } == [2, 1, 0] && players.first?["nemesis"] is NSNull)
    }

    @Test("stats: a record tied in the game that set it names every holder, in JSON and in text")
    func statsTiedRecord() throws {
        let scratch = try TemporaryFolder("cli")
        let folder = scratch.url
        try
            "---\ngame: scores\ntitle: Azul\ndate: 2026-01-02\nplayers: [Ann, Bo, Cy, Di]\nrounds:\n  - {Ann: 5, Bo: 5, Cy: 5, Di: 1}\n---\n"
            .write(to: folder.appendingPathComponent("azul.md"), atomically: true, encoding: .utf8)
        let run = try gamenight("stats", folder.path, "--json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let record = try #require((document["boardgames"] as? [[String: Any]])?.first?["record"] as? [String: Any])
        #expect(record["holders"] as? [String] == ["Ann", "Bo", "Cy"] && record["holder"] as? String == "Ann")
        let text = try gamenight("stats", folder.path).stdout
        #expect(text.contains("record 5 by Ann, Bo and Cy"), "\(text)")
    }

    @Test("stats: a kind played without `boardgame:` reads as the site names it; --json keeps the kind")
    func statsKindNames() throws {
        let text = try gamenight("stats", Self.examples.path).stdout
        let rows = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(rows.contains { $0.hasPrefix("Bowling ") } && rows.contains { $0.hasPrefix("15-puzzle ") }, "\(text)")
        #expect(!rows.contains { $0.hasPrefix("bowling ") || $0.hasPrefix("fifteen ") }, "\(text)")
        let run = try gamenight("stats", Self.examples.path, "--json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let names = (document["boardgames"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names.contains("bowling") && names.contains("fifteen"), "\(names)")
    }

    @Test func solveLayoutAsJSONAndBadInput() throws {
        let run = try gamenight("solve", "1 2 3/4 5 6/_ 7 8", "--json")
        #expect(run.status == 0, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(object?["optimal"] as? Int == 2)
        #expect(object?["moves"] as? [Int] == [7, 8])
        let bad = try gamenight("solve", "1 2 3/4 5 6/8 7 _")
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("can never be solved: it has 1 inversion and"), "\(bad.stderr)")
        let file = Self.examples.appendingPathComponent("2026-11-20/hearts.md").path
        let wrongKind = try gamenight("solve", file)
        #expect(wrongKind.status == 1)
        // Pointing at the value of `game:` (line 2 of the file).
        #expect(wrongKind.stderr.hasPrefix("\(file):2:7: error: this is a `game: scores` file"), "\(wrongKind.stderr)")
    }

    @Test("import: a summary line; malformed input exits 1 with the line and column, a missing file 2")
    func importPlays() throws {
        let tempFolder = try TemporaryFolder("cli")
        let temp = tempFolder.url
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PlayImportingTests/Fixtures")
        let export = fixtures.appendingPathComponent("BGStatsExport.json").path
        let run = try gamenight("import", "bgstats", export, "--into", "games", in: temp)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "Imported 5 plays: 5 new, 0 updated, 0 unchanged, 0 conflicts into games\n")
        let again = try gamenight("import", "bgstats", export, "--into", "games", "--dry-run", in: temp)
        #expect(
            again.stdout.hasSuffix("Would import 5 plays: 0 new, 0 updated, 5 unchanged, 0 conflicts into games\n"),
            "\(again.stdout)")

        try Data("<plays>\n<play id=\"1\" date=\"2026-11-20\"><item name=\"Catan\"></play>\n</plays>".utf8).write(
            to: temp.appendingPathComponent("bad.xml"))
        let bad = try gamenight("import", "bgg", "bad.xml", "--into", "games", in: temp)
        #expect(bad.status == 1)
        #expect(bad.stderr.hasPrefix("bad.xml:2:"), "\(bad.stderr)")
        let missing = try gamenight("import", "bgg", "nope.xml", "--into", "games", in: temp)
        #expect(missing.status == 2 && missing.stderr.contains("cannot read nope.xml"))
    }

    /// A folder or a missing file among the logs: each named, with what to do, and nothing
    /// read (a folder handed to the XML reader printed CoreFoundation's own complaints).
    @Test(
        "import: every named log that is a folder or missing is reported, and nothing is imported",
        arguments: ["bgg", "bgstats"])
    func importNamesWhatIsNotALog(source: String) throws {
        let tempFolder = try TemporaryFolder("cli")
        let temp = tempFolder.url
        try FileManager.default.createDirectory(
            at: temp.appendingPathComponent("logs.json"), withIntermediateDirectories: true)
        let run = try gamenight("import", source, "logs.json", "gone.xml", "--into", "games", in: temp)
        #expect(run.status == 2, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(run.stderr)")
        #expect(lines.first?.hasPrefix("error: logs.json is a folder, not a play log") == true, "\(run.stderr)")
        #expect(
            lines.last?.hasPrefix("error: cannot read gone.xml: no such file or directory") == true, "\(run.stderr)")
        let example = source == "bgg" ? "plays-1.xml" : "BGStatsExport.json"
        #expect(lines.allSatisfy { $0.contains("gamenight import \(source) \(example) --into") }, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: temp.appendingPathComponent("games").path))
    }

    /// Another process holds the site's lock (`flock(1)`, as a `gamenight build` or `serve`
    /// rebuild does) until its input closes.
    @Test(
        "A build or an import while another process holds the site or the folder: one line on stderr says it waits, then it runs",
        arguments: [
            ["build", "games", "--out", "site", "-q"], ["import", "bgstats", "export.json", "--into", "games"],
        ])
    func waitsForAnotherProcess(arguments: [String]) throws {
        let tempFolder = try TemporaryFolder("cli")
        let temp = tempFolder.url
        try FileManager.default.createDirectory(
            at: temp.appendingPathComponent("games"), withIntermediateDirectories: true)
        try Data("---\ngame: scores\ntitle: One\ndate: 2026-11-20\nplayers: [A, B]\nrounds: [{A: 1}]\n---\n".utf8)
            .write(to: temp.appendingPathComponent("games/one.md"))
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PlayImportingTests/Fixtures")
        try FileManager.default.copyItem(
            at: fixtures.appendingPathComponent("BGStatsExport.json"), to: temp.appendingPathComponent("export.json"))
        let lock = arguments[0] == "build" ? ".site.lock" : "games/.gamenight-import.lock"
        let holder = Process()
        let input = Pipe()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = [lock, "cat"]
        holder.currentDirectoryURL = temp
        holder.standardInput = input
        holder.standardOutput = FileHandle.nullDevice
        try holder.run()
        // Until `flock` holds the lock, another open of the file can take it.
        while true {
            let descriptor = open(temp.appendingPathComponent(lock).path, O_RDONLY | O_CLOEXEC)
            let held = descriptor >= 0 && flock(descriptor, LOCK_EX | LOCK_NB) != 0
            if descriptor >= 0 { close(descriptor) }
            if held || !holder.isRunning { break }
            usleep(2_000)
        }

        let build = Process()
        build.executableURL = Self.binary
        build.arguments = arguments
        build.currentDirectoryURL = temp
        build.environment = ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": Self.cache]) { _, ours in
            ours
        }
        let errors = temp.appendingPathComponent("stderr")
        try Data().write(to: errors)
        build.standardError = try FileHandle(forWritingTo: errors)
        build.standardOutput = FileHandle.nullDevice
        try build.run()
        // A cap, not a measure: a build that waits without saying so must fail the test, not hang it.
        let cap = Date().addingTimeInterval(60)
        while build.isRunning, Date() < cap,
            (try? String(contentsOf: errors, encoding: .utf8))?.contains("waiting") != true
        { usleep(2_000) }
        try input.fileHandleForWriting.close()
        holder.waitUntilExit()
        build.waitUntilExit()
        let stderr = try String(contentsOf: errors, encoding: .utf8)
        #expect(build.terminationStatus == 0, "\(stderr)")
        #expect(
            stderr
                == (arguments[0] == "build"
                    ? "site: note: waiting for another build of this site to finish\n"
                    : "games: note: waiting for another import into this folder to finish\n"))
    }
}
