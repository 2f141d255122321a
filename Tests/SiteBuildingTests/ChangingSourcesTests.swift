import Foundation
import GameDomain
import TestSupport
import Testing

@testable import SiteBuilding

/// A game file edited, deleted or renamed while a build runs, after each of its stages: the build
/// publishes the site of one moment (before the change, or after it) or fails naming the file
/// and leaves the previous site; the next build shows the change.
@Suite("Sources that change during a build")
struct ChangingSourcesTests {
    enum Change: String, CaseIterable, Sendable {
        /// Same size, other bytes: only the status says so.
        case edit
        case delete
        case rename
    }

    /// The source: a few games, with a cache whose record vouches for them by their status.
    final class Site: Sendable {
        let temp: TemporaryFolder
        var source: URL { temp.url.appendingPathComponent("games") }
        var output: URL { temp.url.appendingPathComponent("site") }

        init() throws {
            temp = try TemporaryFolder()
            for number in 1...5 {
                try temp.write(
                    "games/g\(number).md",
                    game(
                        title: "Game \(number)", date: "2026-10-0\(number)", players: "[Ann, Bo]",
                        rounds: "[{Ann: \(number)}, {Bo: 3}]"))
            }
        }

        func options(memory: BuildMemory? = nil) -> BuildOptions {
            var options = BuildOptions(source: source, output: output)
            options.cacheDirectory = temp.url.appendingPathComponent("cache").path
            options.keepsPreviousSiteBeside = true
            options.stampSettling = 50_000_000
            options.memory = memory
            return options
        }

        /// A build of the source as it is now, without a cache, into a folder of its own.
        func clean() async throws -> [String: Data] {
            let out = temp.url.appendingPathComponent("clean")
            _ = try await SiteBuild.run(BuildOptions(source: source, output: out))
            defer { try? FileManager.default.removeItem(at: out) }
            return tree(out)
        }

        func apply(_ change: Change) throws {
            let file = source.appendingPathComponent("g2.md")
            switch change {
            case .edit:
                let text = try String(contentsOf: file, encoding: .utf8)
                try Data(text.replacingOccurrences(of: "Game 2", with: "Edit 2").utf8).write(to: file)
            case .delete:
                try FileManager.default.removeItem(at: file)
            case .rename:
                try FileManager.default.moveItem(at: file, to: source.appendingPathComponent("renamed.md"))
            }
        }
    }

    /// What else changed before the build: nothing (it derives nothing, `Cutoff`), another
    /// game's title (it loads and derives, and the changed game's parse comes from the cache),
    /// or the changed game's score (it is read, and its scorecard rendered).
    enum Prior: String, CaseIterable, Sendable {
        case nothing, otherGame, sameGame
    }

    @Test(
        "A change after any stage publishes the site of one moment or fails naming the file; the next build catches up",
        arguments: Change.allCases, ["find", "load", "render", "publish"])
    func changeAfterStage(_ change: Change, stage: String) async throws {
        try await Self.check(change, after: stage, prior: .otherGame, memory: nil)
        try await Self.check(change, after: stage, prior: .sameGame, memory: nil)
    }

    /// Nothing else changed: the build derives nothing (`Cutoff`), and loads nothing.
    @Test(
        "A change during a build that derives nothing publishes the site of one moment; the next build catches up",
        arguments: Change.allCases, ["find", "render", "publish"])
    func changeDuringCutoff(_ change: Change, stage: String) async throws {
        try await Self.check(change, after: stage, prior: .nothing, memory: nil)
    }

    /// As `serve` builds: the record and the listing in memory, and the watcher telling of the
    /// save once the build is over.
    @Test(
        "A save during a serve rebuild: the rebuild publishes one moment's site, the next one catches up",
        arguments: Change.allCases, ["find", "load", "render", "publish"])
    func saveDuringServeRebuild(_ change: Change, stage: String) async throws {
        try await Self.check(change, after: stage, prior: .otherGame, memory: BuildMemory())
        try await Self.check(change, after: stage, prior: .sameGame, memory: BuildMemory())
    }

    static func check(_ change: Change, after stage: String, prior: Prior, memory: BuildMemory?) async throws {
        let site = try Site()
        // Older than the settling time when listed, so that their status vouches for them.
        try await Task.sleep(for: .milliseconds(100))
        _ = try await SiteBuild.run(site.options(memory: memory))
        let second = try await SiteBuild.run(site.options(memory: memory))
        try #require(SourceStamp.isTrusted(under: site.source.path), "the temporary folder is on a local file system")
        #expect(second.gameFilesRead == 0, "the cache vouches for every file")
        let published = tree(site.output)
        let real = try #require(GameFileFinder.realPath(site.source.path))
        switch prior {
        case .nothing: memory?.noteChanges(at: [])
        case .otherGame:
            try site.temp.write(
                "games/g5.md",
                game(title: "Retitled 5", date: "2026-10-05", players: "[Ann, Bo]", rounds: "[{Ann: 5}, {Bo: 3}]"))
            memory?.noteChanges(at: [real + "/g5.md"])
        case .sameGame:
            try site.temp.write(
                "games/g2.md",
                game(title: "Game 2", date: "2026-10-02", players: "[Ann, Bo]", rounds: "[{Ann: 9}, {Bo: 3}]"))
            memory?.noteChanges(at: [real + "/g2.md"])
        }
        let before = try await site.clean()

        var options = site.options(memory: memory)
        let changed = Changed()
        options.afterStage = { done in
            guard done == stage else { return }
            do { try site.apply(change) } catch { Issue.record(error) }
            changed.mark()
        }
        let result: Result<BuildSummary, BuildError>
        do { result = .success(try await SiteBuild.run(options)) } catch { result = .failure(error) }
        #expect(changed.marked)
        let after = try await site.clean()
        switch result {
        case .success:
            let now = tree(site.output)
            #expect(now == before || now == after, "one moment's site")
        case .failure(let error):
            #expect(tree(site.output) == published)
            let text = error.description
            #expect(text.contains("/g2.md:1:1: error: ") && text.hasSuffix("; build again"), "\(text)")
        }
        // A watcher tells `serve` of the save, after the build that missed it.
        memory?.noteChanges(at: [real + "/g2.md", real + "/renamed.md"])
        _ = try await SiteBuild.run(site.options(memory: memory))
        #expect(tree(site.output) == after, "the next build shows the change")
    }

    final class Changed: @unchecked Sendable {
        private let lock = NSLock()
        private var done = false
        func mark() { lock.withLock { done = true } }
        var marked: Bool { lock.withLock { done } }
    }
}
