import Foundation
import SiteServing
import TestSupport

@testable import SiteBuilding

/// A temporary source folder with one game, served by `LiveServer` on a free port until `stop`.
final class ServedSite: @unchecked Sendable {
    /// Removed with the site, if `stop` has not removed it.
    private let temporary: TemporaryFolder
    var folder: URL { temporary.url }
    let source: URL
    let output: URL
    /// The `--templates` folder, empty at first.
    var templates: URL { folder.appendingPathComponent("templates") }
    let port: Int
    private let task: Task<Void, any Error>

    /// `firstGame`: the text of `2026-11-20/catan.md` when serving starts; `configuration`:
    /// of `gamenight.yaml`, if any. `trustsNewStatus`:
    /// with a build cache, where a game file's status vouches for its bytes however recent it
    /// is (not only after `SourceStamp.settling`), so that a test sees which files a build read.
    static func start(
        watching: FileWatcher.Mode = .native, idleTimeout: Duration = .seconds(10),
        firstGame: String = game(title: "Catan"), configuration: String? = nil,
        trustsNewStatus: Bool = false
    ) async throws -> ServedSite {
        let temporary = try TemporaryFolder("serve-tests")
        let folder = temporary.url
        let source = folder.appendingPathComponent("games")
        try FileManager.default.createDirectory(
            at: source.appendingPathComponent("2026-11-20"), withIntermediateDirectories: true)
        try Data(firstGame.utf8).write(to: source.appendingPathComponent("2026-11-20/catan.md"))
        if let configuration { try Data(configuration.utf8).write(to: source.appendingPathComponent("gamenight.yaml")) }
        let output = folder.appendingPathComponent("site")
        var server = ServerSettings(host: "127.0.0.1", port: 0)
        server.idleTimeout = idleTimeout
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("templates"), withIntermediateDirectories: true)
        var options = BuildOptions(
            source: source, output: output, templates: folder.appendingPathComponent("templates"))
        if trustsNewStatus {
            options.stampSettling = 0
            options.cacheDirectory = folder.appendingPathComponent("cache").path
        }
        var live = LiveServer(build: options, server: server)
        live.watching = watching
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let builds = BuildLog()
        let task = Task {
            try await live.run(
                stopsOnSignals: false, log: { builds.add($0) }, onReady: { port in continuation.yield(port) })
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        return ServedSite(temporary: temporary, source: source, output: output, port: port, task: task, builds: builds)
    }

    /// The builds logged so far. A build is logged after its reload or error is sent and its
    /// previous site kept, so a test waits for one instead of polling.
    final class BuildLog: @unchecked Sendable {
        typealias Condition = @Sendable ([Result<BuildSummary, BuildError>]) -> Bool
        private let lock = NSLock()
        private var results: [Result<BuildSummary, BuildError>] = []
        private var waiters: [(condition: Condition, continuation: CheckedContinuation<Void, Never>)] = []

        /// The notes of the builds so far (e.g. why the cache was not used).
        var notes: [String] { lock.withLock { results.flatMap { (try? $0.get())?.notes.map(\.message) ?? [] } } }

        func add(_ result: Result<BuildSummary, BuildError>) {
            let ready = lock.withLock {
                results.append(result)
                // Each condition asked once: one may read the file system, and asked twice it
                // could leave a waiter resumed and kept, or dropped and never resumed.
                var ready: [(condition: Condition, continuation: CheckedContinuation<Void, Never>)] = []
                var waiting: [(condition: Condition, continuation: CheckedContinuation<Void, Never>)] = []
                for waiter in waiters {
                    if waiter.condition(results) { ready.append(waiter) } else { waiting.append(waiter) }
                }
                waiters = waiting
                return ready
            }
            for waiter in ready { waiter.continuation.resume() }
        }

        /// Returns once `condition` holds, checked now and after each build is logged.
        func wait(until condition: @escaping Condition) async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let holds = lock.withLock {
                    if condition(results) { return true }
                    waiters.append((condition, continuation))
                    return false
                }
                if holds { continuation.resume() }
            }
        }
    }

    let builds: BuildLog

    private init(
        temporary: consuming TemporaryFolder, source: URL, output: URL, port: Int, task: Task<Void, any Error>,
        builds: BuildLog
    ) {
        self.temporary = temporary
        self.source = source
        self.output = output
        self.port = port
        self.task = task
        self.builds = builds
    }

    func write(_ relativePath: String, _ text: String) throws {
        let file = source.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        // As editors save: a new file renamed over the old one.
        try Data(text.utf8).write(to: file, options: .atomic)
    }

    /// Stops the server and waits for it.
    func halt() async {
        task.cancel()
        _ = await task.result
    }

    /// Stops the server and waits for it, then removes the folders.
    func stop() async {
        await halt()
        try? FileManager.default.removeItem(at: folder)
    }
}

func game(title: String, players: String = "[Ana, Ben]", rounds: String = "[{Ana: 3, Ben: 1}]") -> String {
    "---\ngame: scores\ntitle: \(title)\ndate: 2026-11-20\nplayers: \(players)\nrounds: \(rounds)\n---\nNotes on \(title).\n"
}
