import Foundation
@testable import SiteBuilding
import SiteServing

/// A temporary source folder with one game, served by `LiveServer` on a free port until `stop`.
final class ServedSite: @unchecked Sendable {
    let folder: URL
    let source: URL
    let output: URL
    /// The `--templates` folder, empty at first.
    var templates: URL { folder.appendingPathComponent("templates") }
    let port: Int
    private let task: Task<Void, any Error>

    /// `firstGame`: the text of `2026-11-20/catan.md` when serving starts. `trustsNewStatus`:
    /// with a build cache, where a game file's status vouches for its bytes however recent it
    /// is (not only after `SourceStamp.settling`), so that a test sees which files a build read.
    static func start(watching: FileWatcher.Mode = .native, idleTimeout: Duration = .seconds(10),
                      firstGame: String = game(title: "Catan"), trustsNewStatus: Bool = false) async throws -> ServedSite {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gamenight-serve-tests-\(UUID().uuidString)")
        let source = folder.appendingPathComponent("games")
        try FileManager.default.createDirectory(at: source.appendingPathComponent("2026-11-20"), withIntermediateDirectories: true)
        try Data(firstGame.utf8).write(to: source.appendingPathComponent("2026-11-20/catan.md"))
        let output = folder.appendingPathComponent("site")
        var server = ServerSettings(host: "127.0.0.1", port: 0)
        server.idleTimeout = idleTimeout
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("templates"), withIntermediateDirectories: true)
        var options = BuildOptions(source: source, output: output, templates: folder.appendingPathComponent("templates"))
        if trustsNewStatus {
            options.stampSettling = 0
            options.cacheDirectory = folder.appendingPathComponent("cache").path
        }
        var live = LiveServer(build: options, server: server)
        live.watching = watching
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let notes = Notes()
        let task = Task {
            try await live.run(stopsOnSignals: false, log: { result in
                if case .success(let summary) = result { notes.add(summary.notes.map(\.message)) }
            }, onReady: { port in continuation.yield(port) })
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        return ServedSite(folder: folder, source: source, output: output, port: port, task: task, notes: notes)
    }

    /// The notes of the builds so far (e.g. why the cache was not used).
    final class Notes: @unchecked Sendable {
        private let lock = NSLock()
        private var messages: [String] = []
        var all: [String] { lock.withLock { messages } }
        func add(_ more: [String]) { lock.withLock { messages += more } }
    }

    let notes: Notes

    private init(folder: URL, source: URL, output: URL, port: Int, task: Task<Void, any Error>, notes: Notes) {
        self.folder = folder
        self.source = source
        self.output = output
        self.port = port
        self.task = task
        self.notes = notes
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
