import Foundation
public import GameDomain
public import SiteBuilding

/// Builds the site through `SiteBuild.run`, exactly as `gamenight build` does, and tells the
/// reload channel: a reload only once the new site is published, the diagnostics otherwise.
public struct Rebuilder: Sendable {
    public var options: BuildOptions
    public let channel: ReloadChannel
    /// Told of each build, e.g. to print it.
    public var log: @Sendable (Result<BuildSummary, BuildError>) -> Void
    /// The site before the published one: the next build stages into it.
    let spare = SpareFolder()
    /// The last build's cache record: the next build starts from it, not from the file.
    let memory = BuildMemory()
    /// The build itself; tests put one that takes virtual time in its place.
    var site: @Sendable (BuildOptions) async throws(BuildError) -> BuildSummary = { options throws(BuildError) in
        try await SiteBuild.run(options)
    }

    public init(
        options: BuildOptions, channel: ReloadChannel,
        log: @escaping @Sendable (Result<BuildSummary, BuildError>) -> Void = { _ in }
    ) {
        self.options = options
        self.channel = channel
        self.log = log
    }

    /// One build; its error, or nil when it published. A failure is not shown when
    /// `superseded` says another build follows at once: input that changed while it was read
    /// ("the file changed while the site was being built") says nothing about the next.
    @discardableResult
    public func build(superseded: () -> Bool = { false }, note: Diagnostic? = nil) async -> BuildError? {
        var options = options
        // Staging into the previous site's folder, where the files unchanged since are already
        // links of the published ones, saves linking them all and deleting the old ones: most
        // of a small rebuild's file work.
        options.keepsPreviousSite = true
        options.recycledStaging = spare.take()
        // The first build stages into the folder an earlier `build` or `serve` kept.
        options.keepsPreviousSiteBeside = true
        // The user fixes what failed and saves a file: that builds again.
        options.rebuildAction = "save a file"
        options.memory = memory
        do {
            var summary = try await site(options)
            await channel.didPublish(basePath: summary.basePath)
            spare.keep(summary.previousSite)
            // Written after the reload is sent: the page does not wait for it.
            if let note { summary.notes.append(note) }
            if let note = memory.save() { summary.notes.append(note) }
            log(.success(summary))
            return nil
        } catch {
            // A build that failed before staging left the folder as it was.
            if let recycled = options.recycledStaging, FileManager.default.fileExists(atPath: recycled.path) {
                spare.keep(recycled)
            }
            // Stopped (Ctrl-C) in the middle: the previous site stands, and there is nothing to report.
            if Task.isCancelled || superseded() { return error }
            await channel.didFail(Self.diagnostics(error))
            log(.failure(error))
            return error
        }
    }

    /// Said with the build that a change the watcher did not report made.
    static func missedChange(in source: URL) -> Diagnostic {
        Diagnostic(
            path: source.relativePath, location: nil, severity: .note,
            message:
                "a game file changed without the file watcher saying so (found by listing the folder after the last build); built again",
            hint: "if this comes often, the folder may be on a network or container file system: serve it with --poll")
    }

    /// The errors to show in the page: input problems as they are, anything else as one line.
    static func diagnostics(_ error: BuildError) -> [Diagnostic] {
        switch error {
        case .input(let diagnostics): diagnostics
        case .usage(let message), .io(let message): [Diagnostic(path: "", location: nil, message: message)]
        }
    }

    /// Rebuilds after each burst of changes (`ChangeBursts`). Changes during a build make one
    /// more build after it. Returns when `changes` ends or the task is cancelled. `built` is the
    /// count of changes the last build started after.
    /// The waits are timed by `clock` (tests give a `TestClock`).
    public func run(
        changes: AsyncStream<Void>, counter: ChangeCounter, built: Int, clock: any Clock<Duration> = ContinuousClock(),
        quiet: Duration = .milliseconds(30), settle: Duration = .milliseconds(3), longest: Duration = .milliseconds(500)
    ) async {
        await run(
            changes: changes, counter: counter, built: built, on: clock, quiet: quiet, settle: settle, longest: longest)
    }

    private func run(
        changes: AsyncStream<Void>, counter: ChangeCounter, built: Int, on clock: some Clock<Duration>,
        quiet: Duration, settle: Duration, longest: Duration
    ) async {
        let bursts = ChangeBursts(
            changes: changes, counter: counter, built: built, clock: clock, quiet: quiet, settle: settle,
            longest: longest)
        for await burst in bursts {
            memory.noteChanges(at: burst.changed)
            let began = burst.count
            // A build that listed only the watcher's paths is checked by a listing of the whole
            // source after it, failed or not (a change the watcher missed can fail it): a
            // difference builds again. Not while another change waits: its build comes first,
            // and the listing it makes is a whole one when this check found a difference.
            await build { counter.value != began }
            if !Task.isCancelled, counter.value == began, !memory.confirmListing(), counter.value == began {
                await build(superseded: { counter.value != began }, note: Self.missedChange(in: options.source))
            }
        }
    }
}

/// Each burst of changes, once it is over: a change starts a wait that lasts until `quiet`
/// passes with no further change (at most `longest`), so an editor's several writes of one save
/// make one build. When the last change completed every write under way (a file closed or
/// renamed into place), `settle` is enough: it only gathers the events of the same save. A
/// wake-up for changes the last burst already took (the stream keeps one) makes none. Timed by
/// `clock`, so tests run it on virtual time.
struct ChangeBursts<C: Clock>: AsyncSequence, Sendable where C.Duration == Duration {
    /// The changes counted when the burst ended, and their paths (`ChangeCounter.beginBuild`).
    struct Burst: Sendable, CustomStringConvertible {
        var count: Int
        var changed: [String]?
        var description: String {
            var paths: [String] = []
            for path in changed ?? [] where !paths.contains(path) { paths.append(path) }
            return "build after \(count) changes: "
                + (changed == nil ? "list everything" : paths.joined(separator: " "))
        }
    }

    let changes: AsyncStream<Void>
    let counter: ChangeCounter
    let built: Int
    let clock: C
    let quiet: Duration, settle: Duration, longest: Duration

    func makeAsyncIterator() -> Iterator { Iterator(bursts: self, changes: changes.makeAsyncIterator(), built: built) }

    struct Iterator: AsyncIteratorProtocol {
        let bursts: ChangeBursts
        var changes: AsyncStream<Void>.Iterator
        var built: Int

        mutating func next() async -> Burst? {
            let counter = bursts.counter
            let clock = bursts.clock
            while await changes.next() != nil {
                guard counter.value != built else { continue }
                let deadline = clock.now.advanced(by: bursts.longest)
                var seen = counter.value
                repeat {
                    seen = counter.value
                    try? await clock.sleep(for: counter.isSettled ? bursts.settle : bursts.quiet)
                } while counter.value != seen && clock.now < deadline
                guard !Task.isCancelled else { return nil }
                let begun = counter.beginBuild()
                built = begun.count
                return Burst(count: begun.count, changed: begun.changed)
            }
            return nil
        }
    }
}

/// A folder beside the output kept between builds. Its name is a staging folder's of this
/// process, so a build of another process leaves it alone while this one runs, and removes it
/// once this one is gone.
final class SpareFolder: @unchecked Sendable {
    private let lock = NSLock()
    private var folder: URL?

    func take() -> URL? {
        lock.withLock {
            defer { folder = nil }
            return folder
        }
    }

    /// Keeps `folder`, deleting one kept before.
    func keep(_ folder: URL?) {
        let old = lock.withLock {
            defer { self.folder = folder }
            return self.folder
        }
        if let old { try? FileManager.default.removeItem(at: old) }
    }

    /// Leaves the folder beside the output for the next `build` or `serve` (a rename: deleting
    /// a big site's folder held up stopping by seconds).
    func putBeside(of output: URL) {
        guard let folder = take() else { return }
        SitePublisher(output: output).keepBeside(folder)
    }
}
