import CSystemShims
import Foundation
import GameDomain
import TestSupport
import Testing

@testable import SiteBuilding

/// Two builds of one output, in one process or two, `build` beside `serve`: one waits for the
/// other (`SiteLock`), and the site published is always one build's whole.
@Suite("Two builds at once")
struct SiteLockTests {
    /// What happened, told from any thread.
    final class Events: @unchecked Sendable {
        private let lock = NSLock()
        private var events: [String] = []

        func add(_ event: String) { lock.withLock { events.append(event) } }
        var all: [String] { lock.withLock { events } }
        func contains(_ prefix: String) -> Bool { all.contains { $0.hasPrefix(prefix) } }
    }

    /// Two source folders of different games, and the one output both build into.
    final class Sites {
        let temp: TemporaryFolder
        var first: URL { temp.url.appendingPathComponent("first") }
        var second: URL { temp.url.appendingPathComponent("second") }
        var output: URL { temp.url.appendingPathComponent("site") }

        init() throws {
            temp = try TemporaryFolder()
            for number in 1...4 {
                try temp.write(
                    "first/f\(number).md",
                    game(
                        title: "First \(number)", date: "2026-10-0\(number)", players: "[Ann, Bo]",
                        rounds: "[{Ann: \(number)}]"))
                try temp.write(
                    "second/s\(number).md",
                    game(
                        title: "Second \(number)", date: "2026-09-0\(number)", players: "[Cy, Dee]",
                        rounds: "[{Dee: \(number)}]"))
            }
        }

        /// A build of `source` alone, into a folder of its own.
        func clean(_ source: URL) async throws -> [String: Data] {
            let out = temp.url.appendingPathComponent("clean-\(source.lastPathComponent)")
            _ = try await SiteBuild.run(BuildOptions(source: source, output: out))
            defer { try? FileManager.default.removeItem(at: out) }
            return tree(out)
        }
    }

    /// `gamenight build`'s options, or `serve`'s (its record in memory, the previous site kept).
    static func options(_ source: URL, _ output: URL, serving: Bool, cache: String, events: Events, name: String)
        -> BuildOptions
    {
        var options = BuildOptions(source: source, output: output)
        options.cacheDirectory = cache
        options.keepsPreviousSiteBeside = true
        if serving {
            options.memory = BuildMemory()
            options.keepsPreviousSite = true
        }
        options.notice = { events.add("\(name) told: \($0.message)") }
        options.afterStage = { events.add("\(name) \($0)") }
        return options
    }

    @Test(
        "A second build of one output waits until the first has published and written its cache, says so, then publishes a whole site",
        arguments: [false, true])
    func secondBuildWaits(serving: Bool) async throws {
        let sites = try Sites()
        let events = Events()
        let cache = sites.temp.url.appendingPathComponent("cache").path
        let second = Self.options(
            sites.second, sites.output, serving: false, cache: cache, events: events, name: "second")
        var first = Self.options(
            sites.first, sites.output, serving: serving, cache: cache, events: events, name: "first")
        // Once the first has rendered, the second starts; the first goes on when the second
        // waits for it, or has finished without waiting.
        first.afterStage = { stage in
            events.add("first \(stage)")
            guard stage == "render" else { return }
            Task {
                do { _ = try await SiteBuild.run(second) } catch { events.add("second failed: \(error)") }
                events.add("second done")
            }
            while !events.contains("second told") && !events.contains("second done") {
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
        _ = try await SiteBuild.run(first)
        events.add("first done")
        while !events.contains("second done") { try await Task.sleep(for: .milliseconds(5)) }

        let log = events.all
        let told = try #require(log.first { $0.hasPrefix("second told: ") }, "the second build says it waits: \(log)")
        #expect(
            told
                == "second told: waiting for another build of this site (process \(ProcessInfo.processInfo.processIdentifier)) to finish"
        )
        #expect(
            log.firstIndex(of: "first publish") ?? .max < log.firstIndex(of: "second find") ?? -1,
            "the second starts after the first published: \(log)")
        #expect(tree(sites.output) == (try await sites.clean(sites.second)))
        let hidden = try FileManager.default.contentsOfDirectory(atPath: sites.temp.url.path).filter {
            $0.hasPrefix(".")
        }
        #expect(hidden == [".site.previous"], "no lock file or staging folder is left")
    }

    @Test("A lock held elsewhere is waited for and named; a lock file left by a killed build holds nothing")
    func heldLock() async throws {
        let sites = try Sites()
        let lockPath = sites.temp.url.appendingPathComponent(".site.lock").path
        // What a killed build leaves: the file, with its process id, but no lock.
        try sites.temp.write(".site.lock", "4194305\n")
        let events = Events()
        var options = BuildOptions(source: sites.first, output: sites.output)
        options.notice = { events.add($0.description) }
        _ = try await SiteBuild.run(options)
        #expect(events.all.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: lockPath))

        // Held by another open of the file: as another process holds it.
        let held = gamenight_try_lock(lockPath)
        try #require(held >= 0)
        let done = Events()
        let build = Task {
            defer { done.add("done") }
            return try await SiteBuild.run(options)
        }
        while events.all.isEmpty && done.all.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        #expect(
            events.all == [
                "\(sites.output.path): note: waiting for another build of this site (process \(ProcessInfo.processInfo.processIdentifier)) to finish"
            ])
        gamenight_unlock(held, lockPath)
        _ = try await build.value
        #expect(tree(sites.output) == (try await sites.clean(sites.first)))
    }

    @Test("A build stopped while it waits says so, and leaves the site and the other build's lock alone")
    func cancelledWhileWaiting() async throws {
        let sites = try Sites()
        _ = try await SiteBuild.run(BuildOptions(source: sites.first, output: sites.output))
        let before = tree(sites.output)
        let lockPath = sites.temp.url.appendingPathComponent(".site.lock").path
        let held = gamenight_try_lock(lockPath)
        try #require(held >= 0)
        defer { gamenight_unlock(held, lockPath) }
        let events = Events()
        var options = BuildOptions(source: sites.second, output: sites.output)
        options.notice = { events.add($0.message) }
        let done = Events()
        let build = Task {
            defer { done.add("done") }
            return try await SiteBuild.run(options)
        }
        while events.all.isEmpty && done.all.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        build.cancel()
        await #expect {
            _ = try await build.value
        } throws: { error in
            (error as? BuildError)?.description
                == "error: stopped while waiting for another build of \(sites.output.path) to finish"
        }
        #expect(tree(sites.output) == before)
        #expect(FileManager.default.fileExists(atPath: lockPath))
    }

    @Test("An output whose folder cannot hold the lock file is refused with the path and what to do")
    func unwritableParent() async throws {
        let sites = try Sites()
        try sites.temp.write("parent/.site.lock/x", "a folder where the lock file goes")
        let out = sites.temp.url.appendingPathComponent("parent/site")
        await #expect {
            _ = try await SiteBuild.run(BuildOptions(source: sites.first, output: out))
        } throws: { error in
            let text = (error as? BuildError)?.description ?? ""
            return text.hasPrefix(
                "error: cannot write the site to \(out.path) (the published site is unchanged): cannot lock it for the build: "
            )
                && text.contains("(\(sites.temp.url.appendingPathComponent("parent/.site.lock").path))")
                && text.hasSuffix("build again once that is fixed")
        }
    }
}
