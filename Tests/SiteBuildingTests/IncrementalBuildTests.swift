import Foundation
import GameDomain
import TestSupport
import Testing

@testable import SiteBuilding

@Suite("Incremental builds")
struct IncrementalBuildTests {
    /// The repository's built-in templates, which the edits below change as a user's copy.
    static let builtInTemplates = examplesFolder.deletingLastPathComponent().appendingPathComponent("templates")

    /// A source folder (the examples and a few score games), a templates folder and a cache.
    final class Site {
        let temp: TemporaryFolder
        var source: URL { temp.url.appendingPathComponent("games") }
        var output: URL { temp.url.appendingPathComponent("site") }
        var templates: URL { temp.url.appendingPathComponent("templates") }
        var cache: String { temp.url.appendingPathComponent("cache").path }

        init() throws {
            temp = try TemporaryFolder()
            try FileManager.default.copyItem(at: examplesFolder, to: source)
            try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
            for (number, night) in ["2026-10-01", "2026-10-02", "2026-10-03"].enumerated() {
                try temp.write(
                    "games/extra-\(number).md",
                    game(
                        title: "Extra \(number)", date: night, players: "[Ann, Bo, Cy]",
                        rounds: "[{Ann: \(number)}, {Bo: 2}]"))
            }
            // Small pages, so that every long list has an archive whose pages the edits move.
            try temp.write("games/gamenight.yaml", "paginate: 2\n")
        }

        func options(readsCache: Bool = true) -> BuildOptions {
            var options = BuildOptions(source: source, output: output, templates: templates)
            options.cacheDirectory = cache
            options.readsCache = readsCache
            // Longer than a file time stamp's tick, so the edits below are seen by their status
            // too, not only by the files' bytes.
            options.stampSettling = 50_000_000
            return options
        }

        /// A build of the same input with no cache, into a folder of its own.
        func cleanBuild(_ name: String) async throws -> [String: Data] {
            let out = temp.url.appendingPathComponent(name)
            var options = BuildOptions(source: source, output: out, templates: templates)
            options.cacheDirectory = nil
            _ = try await SiteBuild.run(options)
            defer { try? FileManager.default.removeItem(at: out) }
            return tree(out)
        }

        var cacheFile: String { BuildCache(directory: cache, source: source, output: output).path }

        /// Options that keep the previous site and stage into the folder the second of two builds
        /// left (`recycledStaging`), as `serve` builds.
        func servingOptions() async throws -> BuildOptions {
            var options = options()
            options.keepsPreviousSite = true
            _ = try await SiteBuild.run(options)
            let summary = try await SiteBuild.run(options)
            options.recycledStaging = try #require(summary.previousSite) as URL
            return options
        }
    }

    /// One random edit of the input, as a user makes them; returns what it did, and the paths it
    /// changed (relative to the site's folder) as a file watcher reports them.
    static func edit(_ site: Site, step: Int, random: inout SplitMix64) throws -> (String, [String]) {
        let manager = FileManager.default
        let games = (manager.enumerator(atPath: site.source.path)?.allObjects as? [String] ?? []).filter {
            $0.hasSuffix(".md")
        }.sorted()
        guard let picked = games.randomElement(using: &random) else { return ("nothing", []) }
        let touched = "games/" + picked
        let file = site.source.appendingPathComponent(picked)
        let players = ["Ann", "Bo", "Cy", "Dee", "Eve"].shuffled(using: &random).prefix(
            Int.random(in: 2...3, using: &random))
        // Two years, so that edits move games between years in review.
        let year = Int.random(in: 2025...2026, using: &random)
        let day = String(format: "%d-10-%02d", year, Int.random(in: 1...5, using: &random))
        switch Int.random(in: 0..<10, using: &random) {
        case 0:
            try site.temp.write(
                "games/new-\(step).md",
                game(
                    title: "New \(step)", date: day, players: "[\(players.joined(separator: ", "))]",
                    rounds: "[{\(players.first ?? "Ann"): \(step)}]"))
            return ("add new-\(step).md", ["games/new-\(step).md"])
        case 1:
            let text = try String(contentsOf: file, encoding: .utf8)
            try Data((text + "\nA line added at step \(step).\n").utf8).write(to: file)
            return ("change the notes of \(picked)", [touched])
        case 2:
            guard picked.hasPrefix("extra-") || picked.hasPrefix("new-") else { return ("nothing", []) }
            try Data(
                game(
                    title: "Changed \(step)", date: day, players: "[\(players.joined(separator: ", "))]",
                    rounds: "[{\(players.last ?? "Bo"): \(step)}]"
                ).utf8
            ).write(to: file)
            return ("rewrite \(picked)", [touched])
        case 3:
            try manager.removeItem(at: file)
            return ("delete \(picked)", [touched])
        case 4:
            try manager.moveItem(at: file, to: site.source.appendingPathComponent("renamed-\(step).md"))
            return ("rename \(picked)", [touched, "games/renamed-\(step).md"])
        case 5:
            let name =
                ["night.mustache", "scorecard.mustache", "player.mustache", "style.css"].randomElement(using: &random)
                ?? "style.css"
            let text = try String(contentsOf: builtInTemplates.appendingPathComponent(name), encoding: .utf8)
            let mark = name.hasSuffix(".css") ? "/* step \(step) */\n" : "{{! step \(step) }}<!-- step \(step) -->\n"
            try Data((text + mark).utf8).write(to: site.templates.appendingPathComponent(name))
            return ("change \(name)", ["templates/" + name])
        case 6:
            let settings = [
                "title: Step \(step)\npaginate: 2\n", "title: Club\nbaseURL: https://example.org/club/\npaginate: 3\n",
                "language: ja\npaginate: 1\n", "",
            ]
            try site.temp.write("games/gamenight.yaml", settings.randomElement(using: &random) ?? "")
            return ("change gamenight.yaml", ["games/gamenight.yaml"])
        case 7, 8:
            // A line that only lists show (the title), or one that statistics read (the board game).
            let key = Bool.random(using: &random) ? "title" : "boardgame"
            let value = ["Catan", "Carcassonne", "Step \(step)"].randomElement(using: &random) ?? "Catan"
            var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            guard let index = lines.firstIndex(where: { $0.hasPrefix("title:") }) else { return ("nothing", []) }
            if let old = lines.firstIndex(where: { $0.hasPrefix(key + ":") }) {
                lines[old] = "\(key): \(value)"
            } else if key == "boardgame", lines.contains("game: scores") {
                lines.insert("boardgame: \(value)", at: index + 1)
            } else {
                return ("nothing", [])
            }
            try Data(lines.joined(separator: "\n").utf8).write(to: file)
            return ("set the \(key) of \(picked) to \(value)", [touched])
        case 9:
            // A score, and nothing else: what the standings and statistics read.
            var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            guard
                let index = lines.firstIndex(where: {
                    $0.contains("{") && $0.range(of: #": \d+"#, options: .regularExpression) != nil
                }),
                let score = lines[index].range(of: #": \d+"#, options: .regularExpression)
            else { return ("nothing", []) }
            lines[index].replaceSubrange(score, with: ": \(900 + step)")
            try Data(lines.joined(separator: "\n").utf8).write(to: file)
            return ("change a score in \(picked)", [touched])
        default:
            return ("nothing", [])
        }
    }

    /// `recycling`: as `serve` builds, staging into the previous site's folder, keeping what it
    /// remembers between builds in memory, and told which paths changed, as its watcher tells.
    @Test(
        "After each random edit, an incremental build is byte-identical to a clean build",
        arguments: [1, 2, 3] as [UInt64], [false, true])
    func randomEdits(seed: UInt64, recycling: Bool) async throws {
        let site = try Site()
        var random = SplitMix64(seed: seed)
        var spare: URL?
        let memory = BuildMemory()
        func build() async throws -> BuildSummary {
            var options = site.options()
            options.keepsPreviousSite = recycling
            options.recycledStaging = spare
            if recycling { options.memory = memory }
            let summary = try await SiteBuild.run(options)
            spare = summary.previousSite
            return summary
        }
        _ = try await build()
        var reusedSteps = 0
        let folder = try #require(GameFileFinder.realPath(site.temp.url.path))
        for step in 1...14 {
            let (edit, touched) = try Self.edit(site, step: step, random: &random)
            memory.noteChanges(at: touched.map { folder + "/" + $0 })
            let summary = try await build()
            if summary.reused > 0 { reusedSteps += 1 }
            let clean = try await site.cleanBuild("clean-\(step)")
            let built = tree(site.output)
            #expect(built.keys.sorted() == clean.keys.sorted(), "seed \(seed), step \(step): \(edit)")
            for (path, bytes) in clean where built[path] != bytes {
                Issue.record("seed \(seed), step \(step) (\(edit)): \(path) differs from a clean build")
            }
        }
        // Most edits leave most pages as they were.
        #expect(reusedSteps >= 7)
        #expect((spare != nil) == recycling)
        // The watcher's paths spared listing the folder again after every edit.
        #expect(memory.updatedListings == (recycling ? 14 : 0))
    }

    @Test(
        "A recycled staging folder loses the files the new site does not have and the folders they leave empty; one with a symbolic link is not used"
    )
    func recycledStaging() async throws {
        let site = try Site()
        var options = try await site.servingOptions()
        let spare = try #require(options.recycledStaging)
        try FileManager.default.createDirectory(
            at: spare.appendingPathComponent("gone/deeper"), withIntermediateDirectories: true)
        try Data("old".utf8).write(to: spare.appendingPathComponent("gone/deeper/page.html"))
        try Data("old".utf8).write(to: spare.appendingPathComponent("index.html"))
        let next = try #require(try await SiteBuild.run(options).previousSite)
        #expect(tree(site.output) == (try await site.cleanBuild("clean")))
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("gone").path))

        // A link in the kept folder: the folder is deleted, and a new one staged into.
        try FileManager.default.createSymbolicLink(
            at: next.appendingPathComponent("games/elsewhere"), withDestinationURL: site.temp.url)
        options.recycledStaging = next
        let last = try await SiteBuild.run(options)
        #expect(!FileManager.default.fileExists(atPath: next.path) && last.previousSite != next)
        #expect(tree(site.output) == (try await site.cleanBuild("clean-2")))
    }

    @Test("A published page with a second link outside the recycled folder is not taken for the copy in it")
    func publishedPageLinkedElsewhere() async throws {
        let site = try Site()
        var options = try await site.servingOptions()
        // The scorecard changes: the recycled folder keeps the old one, the published one is new.
        try site.temp.write(
            "games/extra-1.md",
            game(
                title: "Extra 1", date: "2026-10-02", players: "[Ann, Bo, Cy]",
                rounds: "[{Ann: 1}, {Bo: 2}]") + "New notes.\n")
        let summary = try await SiteBuild.run(options)
        options.recycledStaging = try #require(summary.previousSite) as URL
        let page = site.output.appendingPathComponent("games/extra-1.html")
        #expect(link(page.path, site.temp.url.appendingPathComponent("kept.html").path) == 0)
        _ = try await SiteBuild.run(options)
        #expect(tree(site.output) == (try await site.cleanBuild("clean")))
    }

    @Test(
        "Adding one game renders its scorecard, its night, the scorecards whose rating changes moved and the pages that draw on every game, nothing else"
    )
    func oneGameChanged() async throws {
        let site = try Site()
        let first = try await SiteBuild.run(site.options())
        #expect(first.reused == 0)
        let again = try await SiteBuild.run(site.options())
        #expect(again.rendered == 0 && again.reused == first.rendered)

        try site.temp.write(
            "games/extra-1.md",
            game(title: "Extra 1", date: "2026-10-02", players: "[Ann, Bo, Cy]", rounds: "[{Ann: 5}, {Bo: 2}]"))
        let changed = try await SiteBuild.run(site.options())
        // Nights other than the new game's, and scorecards whose ratings did not move, are reused.
        #expect(changed.rendered > 2 && changed.rendered < first.rendered, "\(changed.rendered) of \(first.rendered)")
        #expect(changed.rendered + changed.reused == first.rendered)
        #expect(tree(site.output) == (try await site.cleanBuild("clean")))
    }

    @Test("A game on a new night renders the newest page of each list's archive, never the older ones")
    func archivePagesStay() async throws {
        let site = try Site()
        _ = try await SiteBuild.run(site.options())
        let pages = [
            "nights/page/1.html", "nights/page/2.html", "players/ann/page/1.html", "kinds/scores/page/1.html",
            "kinds/scores/page/2.html",
        ]
        func inodes() throws -> [String: UInt64] {
            var found: [String: UInt64] = [:]
            for page in pages {
                let attributes = try FileManager.default.attributesOfItem(
                    atPath: site.output.appendingPathComponent(page).path)
                found[page] = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value
            }
            return found
        }
        let before = try inodes()
        try site.temp.write(
            "games/latest.md",
            game(title: "Latest", date: "2027-01-01", players: "[Ann, Bo]", rounds: "[{Ann: 3}, {Bo: 2}]"))
        _ = try await SiteBuild.run(site.options())
        #expect(try inodes() == before, "older archive pages were written again")
        #expect(tree(site.output) == (try await site.cleanBuild("clean")))
    }

    @Test("A notes edit renders the game's scorecard alone; a title edit, only the pages that list the game")
    func notesAndTitleEdits() async throws {
        let site = try Site()
        // A game without a board game is one of its own, named by its title.
        let text = game(
            title: "Extra 1", date: "2026-10-02", players: "[Ann, Bo, Cy]", rounds: "[{Ann: 1}, {Bo: 2}]",
            extra: "boardgame: Catan\n")
        let file = site.source.appendingPathComponent("extra-1.md")
        try Data(text.utf8).write(to: file)
        let first = try await SiteBuild.run(site.options())
        try Data((text + "More notes.\n").utf8).write(to: file)
        let notes = try await SiteBuild.run(site.options())
        #expect(notes.rendered == 1)
        #expect(tree(site.output) == (try await site.cleanBuild("clean-notes")))

        try Data(text.replacingOccurrences(of: "title: Extra 1", with: "title: Renamed").utf8).write(to: file)
        let title = try await SiteBuild.run(site.options())
        // Its scorecard, night, kind, board game and three players, the four pages and the
        // calendar of every game, the one archive page of each of those six lists that shows it,
        // its year's search index and the search page, which names that file by its bytes' hash.
        #expect(title.rendered == 20, "\(title.rendered) of \(first.rendered)")
        #expect(tree(site.output) == (try await site.cleanBuild("clean-title")))
    }

    /// Early cutoff (`Cutoff`): the catalog follows from the games as parsed, and notes are not
    /// part of a parse. The work counted here must not grow with the site.
    @Test(
        "A notes edit derives nothing, reads one game file and renders one scorecard, at n and at 4n games",
        arguments: [6, 24])
    func notesEditDerivesNothing(extra: Int) async throws {
        let site = try Site()
        for number in 0..<extra {
            try site.temp.write(
                "games/more-\(number).md",
                game(
                    title: "More \(number)", date: String(format: "2026-09-%02d", 1 + number % 28),
                    players: "[Ann, Bo, Cy]", rounds: "[{Ann: \(number)}, {Bo: 2}]"))
        }
        // Past the settling time, so that the statuses of the files left alone vouch for them.
        try await Task.sleep(for: .milliseconds(100))
        let first = try await SiteBuild.run(site.options())
        #expect(first.gamesDerived == first.games)
        let file = site.source.appendingPathComponent("more-0.md")
        try Data(
            (try String(contentsOf: file, encoding: .utf8) + "\nA line of notes, with a [link](../index.html).\n").utf8
        ).write(to: file)
        let edited = try await SiteBuild.run(site.options())
        #expect(edited.gamesDerived == 0)
        #expect(edited.gameFilesRead == 1)
        #expect(edited.rendered == 1)
        #expect(edited.reused + edited.rendered == first.rendered)
        #expect((edited.games, edited.pages, edited.drafts) == (first.games, first.pages, first.drafts))
        #expect(tree(site.output) == (try await site.cleanBuild("clean")))
        // A score is part of the parse: the catalog is derived again.
        try Data(
            (try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "{Bo: 2}", with: "{Bo: 7}")).utf8
        ).write(to: file)
        let scored = try await SiteBuild.run(site.options())
        #expect(scored.gamesDerived == first.games)
        #expect(tree(site.output) == (try await site.cleanBuild("clean-score")))
    }

    @Test(
        "Moving a game to another board game renders a player whose rating in the old one it moved, though none of their games changed"
    )
    func boardgameRatingRipple() async throws {
        let site = try Site()
        // Gus meets Fay in the first Go game, then Hal three times: Hal's Go rating follows Gus's.
        let first = game(
            title: "Go 1", date: "2026-10-11", players: "[Fay, Gus]", rounds: "[{Fay: 2, Gus: 1}]",
            extra: "boardgame: Go\n")
        try site.temp.write("games/go-1.md", first)
        for number in 2...4 {
            try site.temp.write(
                "games/go-\(number).md",
                game(
                    title: "Go \(number)", date: "2026-10-1\(number)", players: "[Gus, Hal]",
                    rounds: "[{Gus: \(number), Hal: 3}]", extra: "boardgame: Go\n"))
        }
        _ = try await SiteBuild.run(site.options())
        let hal = site.output.appendingPathComponent("players/hal.html")
        let before = try Data(contentsOf: hal)
        try site.temp.write("games/go-1.md", first.replacingOccurrences(of: "boardgame: Go", with: "boardgame: Chess"))
        _ = try await SiteBuild.run(site.options())
        #expect(try Data(contentsOf: hal) != before)
        #expect(tree(site.output) == (try await site.cleanBuild("clean")))
    }

    // A damaged cache: see `CacheCorruptionTests`.

    @Test("A published file changed by hand is rendered again, though its inputs did not change")
    func publishedFileChanged() async throws {
        let site = try Site()
        _ = try await SiteBuild.run(site.options())
        let page = site.output.appendingPathComponent("games/extra-0.html")
        let original = try Data(contentsOf: page)
        // Same size, other bytes.
        try Data(repeating: UInt8(ascii: "x"), count: original.count).write(to: page)
        let summary = try await SiteBuild.run(site.options())
        #expect(summary.rendered == 1)
        #expect(try Data(contentsOf: page) == original)
    }

    @Test(
        "A game file whose status did not change is not read again; one edited with its size and modification time kept is"
    )
    func unchangedStatusIsNotReadAgain() async throws {
        let site = try Site()
        // Older than the settling time when listed, so the first build vouches for them.
        try await Task.sleep(for: .milliseconds(100))
        let first = try await SiteBuild.run(site.options())
        #expect(first.gameFilesRead == first.games + first.drafts)
        try #require(SourceStamp.isTrusted(under: site.source.path), "the temporary folder is on a local file system")
        let second = try await SiteBuild.run(site.options())
        #expect(second.gameFilesRead == 0)
        #expect(second.rendered == 0)

        let file = site.source.appendingPathComponent("extra-1.md")
        var before = stat()
        #expect(stat(file.path, &before) == 0)
        let text = try String(contentsOf: file, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "Ann: 1", with: "Ann: 7").utf8).write(to: file)
        // The modification time put back to the nanosecond, as `touch -r` or a restore does.
        #if canImport(Darwin)
            var times = [before.st_atimespec, before.st_mtimespec]
        #else
            var times = [before.st_atim, before.st_mtim]
        #endif
        #expect(utimensat(AT_FDCWD, file.path, &times, 0) == 0)
        var after = stat()
        #expect(stat(file.path, &after) == 0)
        #expect(
            SourceStamp(after).modified == SourceStamp(before).modified
                && SourceStamp(after).size == SourceStamp(before).size)
        let third = try await SiteBuild.run(site.options())
        #expect(third.gameFilesRead == 1)
        #expect(tree(site.output) == (try await site.cleanBuild("clean")))
    }

    @Test("A game file or a published page dated past 2262 (`touch -d 2300-01-01`) is built, not a crash")
    func farFutureTimes() async throws {
        let site = try Site()
        _ = try await SiteBuild.run(site.options())
        // 2300-01-01: more nanoseconds since 1970 than 64 bits hold.
        var times = [timespec(tv_sec: 10_413_792_000, tv_nsec: 0), timespec(tv_sec: 10_413_792_000, tv_nsec: 0)]
        for path in [
            site.source.appendingPathComponent("extra-1.md").path,
            site.output.appendingPathComponent("games/extra-0.html").path,
        ] {
            #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        }
        _ = try await SiteBuild.run(site.options())
        let again = try await SiteBuild.run(site.options())
        #expect(again.rendered <= 1)
        #expect(tree(site.output) == (try await site.cleanBuild("clean")))
    }

    /// A hard link made from outside the source, a write through `mmap`, an edit from another
    /// machine: the watcher never names the file. The listing after the reload finds it.
    @Test("A change the watcher did not report is found by the listing after the build, and built")
    func changeTheWatcherMissed() async throws {
        let site = try Site()
        var options = site.options()
        let memory = BuildMemory()
        options.memory = memory
        _ = try await SiteBuild.run(options)
        #expect(memory.confirmListing(), "a whole listing needs no check")
        let folder = try #require(GameFileFinder.realPath(site.source.path))
        try site.temp.write(
            "games/extra-1.md", game(title: "Reported", date: "2026-10-02", players: "[Ann, Bo]", rounds: "[{Ann: 1}]"))
        memory.noteChanges(at: [folder + "/extra-1.md"])
        _ = try await SiteBuild.run(options)
        #expect(memory.updatedListings == 1)
        #expect(memory.confirmListing(), "nothing changed unreported")
        try site.temp.write(
            "games/extra-2.md", game(title: "Unreported", date: "2026-10-03", players: "[Ann, Bo]", rounds: "[{Bo: 5}]")
        )
        memory.noteChanges(at: [])
        _ = try await SiteBuild.run(options)
        #expect(!tree(site.output).values.contains { String(decoding: $0, as: UTF8.self).contains("Unreported") })
        #expect(!memory.confirmListing())
        _ = try await SiteBuild.run(options)
        #expect(memory.updatedListings == 2, "the build after a failed check lists the whole source")
        #expect(tree(site.output) == (try await site.cleanBuild("clean")))
    }

    /// What `serve` keeps of the catalog pages (`FragmentStore`): the search page names every
    /// year's index file by its bytes, and the calendar holds every night. The work counted
    /// here must not grow with the site.
    @Test(
        "In serve, a score edit makes its night's calendar event and its year's index address again, and no other, at n and at 4n nights",
        arguments: [4, 16])
    func scoreEditMakesItsOwnFragments(nights: Int) async throws {
        let site = try Site()
        for number in 0..<nights {
            // Nights over several years, so that the search index has a file for each.
            let day = String(format: "%d-03-%02d", 2010 + number % 8, 1 + number / 8)
            try site.temp.write(
                "games/night-\(number).md",
                game(title: "Night \(number)", date: day, players: "[Ann, Bo]", rounds: "[{Ann: \(number)}, {Bo: 2}]"))
        }
        let memory = BuildMemory()
        var options = site.options()
        options.memory = memory
        _ = try await SiteBuild.run(options)
        let before = memory.fragments.made
        #expect(before["calendar event"] ?? 0 >= nights)
        let file = site.source.appendingPathComponent("night-1.md")
        let text = try String(contentsOf: file, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "{Bo: 2}", with: "{Bo: 0}").utf8).write(to: file)
        // Ann wins now: the calendar and the index name her. As serve's watcher tells:
        let folder = try #require(GameFileFinder.realPath(site.source.path))
        memory.noteChanges(at: [folder + "/night-1.md"])
        _ = try await SiteBuild.run(options)
        let made = memory.fragments.made.merging(before) { $0 - $1 }
        #expect(made["calendar event"] == 1, "\(made)")
        // The year's file makes its address; the search page may ask for it at the same time.
        #expect((1...2).contains(made["address"] ?? 0), "\(made)")
        #expect(tree(site.output) == (try await site.cleanBuild("clean")))
    }

    @Test("serve's builds start from the record in memory, and write it only when asked")
    func recordInMemory() async throws {
        let site = try Site()
        var options = site.options()
        options.memory = BuildMemory()
        let first = try await SiteBuild.run(options)
        #expect(!FileManager.default.fileExists(atPath: site.cacheFile))
        #expect(options.memory?.save() == nil)
        #expect(FileManager.default.fileExists(atPath: site.cacheFile))
        // Without the file, the record in memory still vouches for every page.
        try FileManager.default.removeItem(atPath: site.cacheFile)
        let second = try await SiteBuild.run(options)
        #expect(second.rendered == 0 && second.reused == first.rendered)
        #expect(options.memory?.save() == nil)
        let third = try await SiteBuild.run(site.options())
        #expect(third.rendered == 0, "the saved record is the second build's")
    }

    @Test("--no-cache renders every page and writes a new cache")
    func noCache() async throws {
        let site = try Site()
        let first = try await SiteBuild.run(site.options())
        let forced = try await SiteBuild.run(site.options(readsCache: false))
        #expect(forced.reused == 0 && forced.rendered == first.rendered)
        let next = try await SiteBuild.run(site.options())
        #expect(next.rendered == 0)
    }
}
