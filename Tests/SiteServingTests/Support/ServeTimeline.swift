import Foundation
import GameDomain
import SnapshotKit

@testable import SiteBuilding
@testable import SiteServing

/// `serve`'s pipeline on SnapshotKit's `TestClock`: changes reported as a watcher reports them,
/// the first build, then `LiveServer`'s own rebuild loop (`LiveServer.rebuildLoop`, the
/// server's clock set to the test clock) with its debounce and a build per burst, and the
/// reload channel, with a build that takes virtual time in place of `SiteBuild.run`. `record`
/// gives what happens, each at its virtual time: what the watcher reports, each build's start
/// and end, what an open page receives and what the terminal shows.
@available(macOS 15.0, *)
final class ServeTimeline: @unchecked Sendable {
    /// The source folder the watcher reports paths under.
    static let root = "/games"

    let clock = TestClock()
    /// How long each build takes.
    let buildTakes: Duration
    private let counter = ChangeCounter()
    private let changes: AsyncStream<Void>
    private let report: @Sendable (String, Change) -> Void
    private let log: AsyncStream<String>
    private let line: AsyncStream<String>.Continuation
    private let lock = NSLock()
    private var broken: Set<String> = []
    private var interrupted = false
    private var builds = 0

    init(buildTakes: Duration = .milliseconds(200), broken: Set<String> = []) {
        self.buildTakes = buildTakes
        self.broken = broken
        (changes, _, report) = FileWatcher.reports(of: WatchedInputs(roots: [Self.root], ignored: []), counter: counter)
        (log, line) = AsyncStream.makeStream(of: String.self)
    }

    /// What a save of a game file does to the build.
    enum Effect { case none, breaks, fixes, changesWhileRead }

    /// The watcher reports `change` of `path` (under the source folder) at `time`. `effect`:
    /// the file saved is broken or fixed from now on, or (a save the running build was
    /// reading) that build fails as `SiteBuild` does: "the file changed while the site was
    /// being built".
    func change(_ path: String, _ change: Change, at time: Duration, _ effect: Effect = .none) -> TimelineInput {
        .at(time) { [self] in
            lock.withLock {
                switch effect {
                case .none: break
                case .breaks: broken.insert(path)
                case .fixes: broken.remove(path)
                case .changesWhileRead: interrupted = true
                }
            }
            line.yield("watcher: \(path) \(change)")
            report(Self.root + "/" + path, change)
        }
    }

    /// An editor's save: the file written, then closed 1 ms later (inotify's IN_MODIFY, then
    /// IN_CLOSE_WRITE).
    func save(_ path: String, at time: Duration, _ effect: Effect = .none) -> [TimelineInput] {
        [change(path, .writing, at: time, effect), change(path, .closed, at: time + .milliseconds(1))]
    }

    /// Runs `serve` for `duration` of virtual time with `inputs`: the first build at 0, then a
    /// page opened on its result, then the rebuild loop.
    func record(for duration: Duration, inputs: [[TimelineInput]]) -> [TimelineEvent] {
        let options = BuildOptions(source: URL(fileURLWithPath: Self.root), output: URL(fileURLWithPath: "/site"))
        // `serve` itself, with the test clock: the rebuild loop below is the one `LiveServer.run`
        // serves with, so a change to its wiring (the clock, the quiet time) shows here.
        var server = LiveServer(build: options, server: ServerSettings(host: "127.0.0.1", port: 0))
        server.clock = clock
        var rebuilder = Rebuilder(
            options: options, channel: ReloadChannel(),
            log: { [line] result in
                switch result {
                case .success: line.yield("terminal: built")
                case .failure(let error): line.yield("terminal: \(error)")
                }
            })
        rebuilder.site = { [self] _ throws(BuildError) in try await build() }
        let built = counter.value
        let loop = server.rebuildLoop(rebuilder, changes: changes, counter: counter, built: built)
        return recordTimeline(of: log, on: clock, for: duration, inputs: inputs.flatMap { $0 }) {
            [rebuilder, loop, line] in
            await rebuilder.build()
            guard let page = await rebuilder.channel.subscribe(servedBuild: await rebuilder.channel.published) else {
                return
            }
            line.yield("page opens")
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await event in page { line.yield("page: \(Self.describe(event))") }
                }
                group.addTask {
                    // It ends the page's stream when it stops.
                    try? await loop.run()
                }
            }
        }
    }

    /// A build on the test clock: it fails while a game file is broken, or when a save it was
    /// reading came in while it ran.
    private func build() async throws(BuildError) -> BuildSummary {
        let number = lock.withLock {
            builds += 1
            interrupted = false
            return builds
        }
        line.yield("build \(number) starts")
        do {
            try await clock.sleep(for: buildTakes)
        } catch {
            throw .io("stopped")
        }
        let (brokenNow, wasInterrupted): ([String], Bool) = lock.withLock { (broken.sorted(), interrupted) }
        let diagnostics =
            wasInterrupted
            ? [
                Diagnostic(
                    path: "games/notes.md", location: nil,
                    message: "the file changed while the site was being built; build again")
            ]
            : brokenNow.map {
                Diagnostic(
                    path: "games/" + $0, location: SourceLocation(line: 6, column: 9), message: "Zoe is not in players")
            }
        guard diagnostics.isEmpty else {
            line.yield("build \(number) fails")
            throw .input(diagnostics)
        }
        line.yield("build \(number) publishes")
        return BuildSummary(games: 1, pages: 3, drafts: 0, seconds: 0)
    }

    static func describe(_ event: ReloadEvent) -> String {
        switch event {
        case .reload(let build): "reload (site \(build))"
        case .error(let diagnostics): "error: " + diagnostics.map(\.description).joined(separator: "; ")
        }
    }
}
