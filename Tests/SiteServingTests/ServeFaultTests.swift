import CSystemShims
import Foundation
import GameDomain
import SiteBuilding
import TestSupport
import Testing

@testable import SiteServing

/// `serve`'s rebuild when the output cannot be written, through the test-only fault layer
/// (`write_faults.h`): `Rebuilder` with real builds and its reload channel, without the HTTP
/// server, which serves whatever the output folder holds (`LiveReloadTests`).
@Suite("serve under write faults", .timeLimit(.minutes(5)))
struct ServeFaultTests {
    /// Where the fault is armed, and the error: the disk fills under the whole folder (the
    /// staging write fails), or the swap into the output is refused (a read-only file system).
    enum Fault: String, CaseIterable, CustomTestStringConvertible {
        case diskFull, swapRefused
        var testDescription: String { rawValue }
    }

    @Test(
        "A rebuild that fails on a fault shows it on the terminal and the page; the site stays as published; the next save after the fault publishes",
        arguments: Fault.allCases)
    func rebuildFails(_ fault: Fault) async throws {
        let scratch = try TemporaryFolder("serve-fault")
        let folder = scratch.url
        let source = folder.appendingPathComponent("games")
        let output = folder.appendingPathComponent("site")
        let gameFile = source.appendingPathComponent("2026-11-20/catan.md")
        try FileManager.default.createDirectory(
            at: gameFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(game(title: "Catan").utf8).write(to: gameFile)
        let logged = Logged()
        let rebuilder = Rebuilder(
            options: BuildOptions(source: source, output: output), channel: ReloadChannel(), log: { logged.add($0) })
        #expect(await rebuilder.build() == nil)
        let page = try #require(await rebuilder.channel.subscribe(servedBuild: await rebuilder.channel.published))
        var events = page.makeAsyncIterator()
        let published = Self.tree(output)

        try Data(game(title: "Catan, edited").utf8).write(to: gameFile, options: .atomic)
        let (armed, error) = fault == .diskFull ? (folder.path, ENOSPC) : (output.path, EROFS)
        #expect(gamenight_faults_arm(armed, 1, error, 1) == 0)
        let failure = await rebuilder.build()
        #expect(gamenight_faults_disarm(armed) >= 1)
        let message = failure.map { "\($0)" } ?? ""
        let remedy = fault == .diskFull ? "free some space on that disk" : "remount it read-write"
        #expect(
            message.contains(output.path) && message.contains(String(cString: strerror(error)).lowercased())
                && message.contains(remedy),
            "\(message)")
        // The terminal and the open page are told; the site stays as it was.
        #expect(logged.failures == [message])
        let shown = await events.next()
        guard case .error(let diagnostics)? = shown else {
            Issue.record("the page got \(String(describing: shown)), not the error")
            return
        }
        #expect(diagnostics.map(\.message) == [String(message.dropFirst("error: ".count))])
        #expect(Self.tree(output) == published)
        // A page opened now learns the error at once.
        let late = try #require(await rebuilder.channel.subscribe(servedBuild: await rebuilder.channel.published))
        var lateEvents = late.makeAsyncIterator()
        if case .error? = await lateEvents.next() {
        } else {
            Issue.record("a page opened after the failure was not told")
        }

        // The fault gone, the next save publishes, and the page reloads.
        try Data(game(title: "Catan, saved again").utf8).write(to: gameFile, options: .atomic)
        #expect(await rebuilder.build() == nil)
        if case .reload(let build)? = await events.next() {
            #expect(build == 2)
        } else {
            Issue.record("no reload after the fix")
        }
        let page2 = String(decoding: Self.tree(output)["games/2026-11-20-catan.html"] ?? Data(), as: UTF8.self)
        #expect(page2.contains("Catan, saved again"))
    }

    @Test(
        "A rebuild that cannot write the site says to save a file again, where `gamenight build` says to build again")
    func remedySaysToSave() async throws {
        let scratch = try TemporaryFolder("serve-fault-remedy")
        let source = scratch.url.appendingPathComponent("games")
        let output = scratch.url.appendingPathComponent("site")
        let gameFile = source.appendingPathComponent("2026-11-20/catan.md")
        try FileManager.default.createDirectory(
            at: gameFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(game(title: "Catan").utf8).write(to: gameFile)
        let options = BuildOptions(source: source, output: output)
        let rebuilder = Rebuilder(options: options, channel: ReloadChannel())
        #expect(await rebuilder.build() == nil)
        try Data(game(title: "Catan, edited").utf8).write(to: gameFile, options: .atomic)

        #expect(gamenight_faults_arm(scratch.url.path, 1, ENOSPC, 1) == 0)
        let served = await rebuilder.build().map { "\($0)" } ?? ""
        let built: String
        do {
            _ = try await SiteBuild.run(options)
            built = ""
        } catch {
            built = "\(error)"
        }
        #expect(gamenight_faults_disarm(scratch.url.path) >= 2)
        #expect(served.hasSuffix("free some space on that disk and save a file again"), "\(served)")
        #expect(!served.contains("build again"), "\(served)")
        #expect(built.hasSuffix("free some space on that disk and build again"), "\(built)")
    }

    /// What the terminal is told: `Rebuilder` logs a build before it returns.
    final class Logged: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [Result<BuildSummary, BuildError>] = []
        func add(_ result: Result<BuildSummary, BuildError>) { lock.withLock { results.append(result) } }
        var failures: [String] {
            lock.withLock { results.compactMap { if case .failure(let error) = $0 { "\(error)" } else { nil } } }
        }
    }

    /// Every file below `folder` with its contents.
    static func tree(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder.path)?.allObjects ?? [] {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                files[path] = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path)
            }
        }
        return files
    }
}
