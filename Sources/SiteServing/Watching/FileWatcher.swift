import Foundation

/// Reports that something under the watched inputs changed: through the platform's
/// notifications (inotify on Linux, FSEvents on macOS) or, where there are none or when asked
/// for, by comparing listings at an interval.
public enum FileWatcher {
    public enum Mode: Sendable, Equatable {
        case native
        case polling(interval: Duration)
    }

    /// A stream that yields after each change, each also counted in `counter`; watching stops
    /// when the stream is dropped. It holds at most one pending change: several changes before
    /// the reader comes back are one.
    public static func changes(of inputs: WatchedInputs, mode: Mode = .native, counter: ChangeCounter = ChangeCounter())
        -> AsyncStream<Void>
    {
        let (stream, continuation, report) = reports(of: inputs, counter: counter)
        let stop: @Sendable () -> Void
        switch mode {
        case .native:
            #if os(Linux)
                if let watcher = InotifyWatcher(inputs, report: report) {
                    stop = watcher.stop
                } else {
                    stop = PollingWatcher(inputs, interval: .milliseconds(500), report: report).stop
                }
            #elseif canImport(CoreServices)
                stop = FSEventsWatcher(inputs, report: report).stop
            #else
                stop = PollingWatcher(inputs, interval: .milliseconds(500), report: report).stop
            #endif
        case .polling(let interval):
            stop = PollingWatcher(inputs, interval: interval, report: report).stop
        }
        continuation.onTermination = { _ in stop() }
        return stream
    }

    /// The stream of changes and what a watcher reports each change to (tests report through
    /// it on virtual time): a change under `inputs` is counted, then wakes the reader.
    static func reports(of inputs: WatchedInputs, counter: ChangeCounter)
        -> (AsyncStream<Void>, AsyncStream<Void>.Continuation, @Sendable (String, Change) -> Void)
    {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        return (
            stream, continuation,
            { path, change in
                guard inputs.isRelevant(path) else { return }
                counter.record(path, change)
                continuation.yield()
            }
        )
    }
}

/// A flag set once, read from any thread.
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false

    var isStopped: Bool { lock.withLock { stopped } }
    func stop() { lock.withLock { stopped = true } }
}

/// What a watcher saw happen to a path.
enum Change: Sendable {
    /// A file was written to, and may still be open for writing.
    case writing
    /// A file appeared: created to be written (a write follows), or linked or renamed in whole.
    case created
    /// A file was closed after writing, or renamed into place: its new contents are whole.
    case closed
    /// A file was deleted or renamed away: editors often put a new one in its place next.
    case removed
    /// Anything else (attributes, a folder, a lost event), or a watcher that cannot tell.
    case other
}

/// Counts changes as the watcher reports them, so the debounce can tell whether more came, and
/// tells whether the last change completed every write under way: then the build need not
/// wait out the quiet period.
public final class ChangeCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    /// Files written to and not yet closed. Not cleared by a build: a writer that never closes
    /// only brings back the full quiet period. A file that is only created (a hard link, an
    /// empty file) is not open: no close would follow.
    private var open: Set<String> = []
    /// Files the build reads, deleted or renamed away since the last build and not put back.
    private var gone: Set<String> = []
    private var lastCompletes = false
    /// The paths changed since the last build began, as reported (repeats too); nil when the
    /// watcher could not say (a lost event, a folder, polling) or there are too many to be
    /// worth it.
    private var changed: [String]? = []

    public init() {}

    public var value: Int { lock.withLock { count } }

    /// The last change closed a file the build reads, no other write is still open, and no
    /// such file removed since the last build is still missing.
    var isSettled: Bool { lock.withLock { lastCompletes && open.isEmpty && gone.isEmpty } }

    func record(_ path: String, _ change: Change) {
        // A backup or temporary name (`x.md~`, `sed4Fq2`, vim's `4913`) settles nothing.
        let isRead = WatchedInputs.isRead(path.split(separator: "/").last.map(String.init) ?? path)
        lock.withLock {
            count += 1
            switch change {
            case .writing:
                open.insert(path)
                gone.remove(path)
            case .created:
                gone.remove(path)
            case .closed:
                open.remove(path)
                gone.remove(path)
            case .removed:
                open.remove(path)
                if isRead { gone.insert(path) }
            case .other: break
            }
            if change == .other || (changed?.count ?? 0) >= 1_000 { changed = nil } else { changed?.append(path) }
            lastCompletes = change == .closed && isRead
        }
    }

    /// A build starts from the changes counted so far (returned with the paths changed since
    /// the last build began): it sees whatever went missing before it as gone.
    func beginBuild() -> (count: Int, changed: [String]?) {
        lock.withLock {
            gone.removeAll()
            defer { changed = [] }
            return (count, changed)
        }
    }
}
