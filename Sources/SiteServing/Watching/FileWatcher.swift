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
        let report: @Sendable (String) -> Void = { path in
            guard inputs.isRelevant(path) else { return }
            counter.increment()
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

/// Counts changes as the watcher reports them, so the debounce can tell whether more came.
public final class ChangeCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    public init() {}

    public var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
