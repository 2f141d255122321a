import Foundation
import Logging
import ServiceLifecycle
public import SiteBuilding
import UnixSignals

/// `gamenight serve`: builds the site, serves it, and rebuilds it when an input changes; open
/// pages reload after each published build and show a failed build's errors.
public struct LiveServer: Sendable {
    public var build: BuildOptions
    public var server: ServerSettings
    public var watching: FileWatcher.Mode = .native
    /// How long the inputs must stay unchanged before a rebuild starts.
    public var quiet: Duration = .milliseconds(30)
    /// What the waits between a change and its rebuild are timed by.
    public var clock: any Clock<Duration> = ContinuousClock()

    public init(build: BuildOptions, server: ServerSettings) {
        self.build = build
        self.server = server
    }

    public enum Failure: Error, Sendable {
        /// The output folder cannot be created or resolved.
        case output(String)
        /// The first build was called wrongly (e.g. `--out` is a folder gamenight did not write).
        case usage(String)
    }

    /// Builds once, then serves until cancelled or, with `stopsOnSignals`, until SIGINT or
    /// SIGTERM: the server stops taking connections, the reload streams end, and a build under
    /// way finishes (or is dropped whole, never half-published). `onReady` receives the bound
    /// port; `log` each build's result.
    public func run(
        stopsOnSignals: Bool,
        log: @escaping @Sendable (Result<BuildSummary, BuildError>) -> Void = { _ in },
        onReady: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        // Until a build succeeds, the server serves this folder, empty (the build accepts it).
        try? FileManager.default.createDirectory(at: build.output, withIntermediateDirectories: true)
        guard let files = SiteFiles(root: build.output.path) else {
            throw Failure.output("cannot open the output folder \(build.output.path)")
        }
        // Watching starts before the first build, so a save during it makes a second one.
        let roots = ([build.source] + (build.templates.map { [$0] } ?? [])).compactMap { SiteFiles.realPath($0.path) }
        let inputs = WatchedInputs(roots: roots, ignored: [files.root])
        let counter = ChangeCounter()
        let changes = FileWatcher.changes(of: inputs, mode: watching, counter: counter)
        let built = counter.value
        let channel = ReloadChannel()
        let rebuilder = Rebuilder(options: build, channel: channel, log: log)
        defer { rebuilder.spare.putBeside(of: build.output) }
        // An output folder the build must not replace (a folder of the user's) is never served.
        if case .usage(let message)? = await rebuilder.build() { throw Failure.usage(message) }
        let app = SiteServer.application(files: files, channel: channel, settings: server, onRunning: onReady)
        let rebuilding = rebuildLoop(rebuilder, changes: changes, counter: counter, built: built)
        var logger = Logger(label: "gamenight.serve")
        logger.logLevel = .critical
        // Stopped in reverse order: the rebuilds first, ending the reload streams, then the server.
        let group = ServiceGroup(
            configuration: .init(
                services: [app, rebuilding],
                gracefulShutdownSignals: stopsOnSignals ? [.sigterm, .sigint] : [],
                logger: logger
            ))
        try await group.run()
    }

    /// The rebuild loop `run` serves with, timed by this server's `clock` and `quiet`. Tests
    /// of `serve` on virtual time run this very service, so they see what `run` wires.
    func rebuildLoop(_ rebuilder: Rebuilder, changes: AsyncStream<Void>, counter: ChangeCounter, built: Int)
        -> RebuildService
    {
        RebuildService(
            rebuilder: rebuilder, changes: changes, counter: counter, built: built, clock: clock, quiet: quiet)
    }
}

/// The rebuild loop as a service: it ends on graceful shutdown, and then ends every reload
/// stream so the server's open responses finish.
struct RebuildService: Service {
    let rebuilder: Rebuilder
    let changes: AsyncStream<Void>
    let counter: ChangeCounter
    let built: Int
    let clock: any Clock<Duration>
    let quiet: Duration

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await rebuilder.run(changes: changes, counter: counter, built: built, clock: clock, quiet: quiet)
        }
        await rebuilder.channel.finish()
    }
}
