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
    public static func changes(of inputs: WatchedInputs, mode: Mode = .native, counter: ChangeCounter = ChangeCounter()) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let report: @Sendable (String, Change) -> Void = { path, change in
            guard inputs.isRelevant(path) else { return }
            counter.record(path, change)
            continuation.yield()
        }
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
    /// A file was created or written to, and may still be open for writing.
    case writing
    /// A file was closed after writing, or renamed into place: its new contents are whole.
    case written
    /// Anything else (deleted, renamed away, attributes, a lost event), or a watcher that
    /// cannot tell.
    case other
}

/// Counts changes as the watcher reports them, so the debounce can tell whether more came, and
/// tells whether the last change completed every write begun since the last build: then the
/// build need not wait out the quiet period.
public final class ChangeCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var open: Set<String> = []
    private var lastCompletes = false

    public init() {}

    public var value: Int { lock.withLock { count } }

    /// The last change was a file written whole, and no other write is still open. A file
    /// deleted or renamed away is often about to be replaced, so it never settles.
    var isSettled: Bool { lock.withLock { lastCompletes && open.isEmpty } }

    func record(_ path: String, _ change: Change) {
        lock.withLock {
            count += 1
            switch change {
            case .writing: open.insert(path)
            case .written: open.remove(path)
            case .other: break
            }
            lastCompletes = change == .written
        }
    }

    /// A build starts: writes left open (a writer that never closes) no longer hold the next one back.
    func forgetOpenWrites() { lock.withLock { open.removeAll() } }
}
