/// Something the test does at a virtual time while a stream is recorded: tap a button, send a
/// message (like RxTest's `createColdObservable` events).
public struct TimelineInput: Sendable {
    public var time: Duration
    public var action: @Sendable () -> Void

    public init(time: Duration, action: @escaping @Sendable () -> Void) {
        self.time = time
        self.action = action
    }

    public static func at(_ time: Duration, _ action: @escaping @Sendable () -> Void) -> TimelineInput {
        TimelineInput(time: time, action: action)
    }
}

/// Records `sequence` in virtual time, like RxTest's `TestScheduler`: each element becomes an
/// event stamped with `clock`'s time when it arrived, then `finished` or `failed: <error>`.
/// The recording runs the sequence on an executor of its own, one job at a time; whenever
/// nothing is left to run, it moves the clock to the next input's time or the next sleeper's
/// deadline (inputs first at equal times, in the order given) and goes on, until `duration`.
/// So the events never depend on the machine's speed.
///
/// Everything the sequence awaits must run on that executor: the code under test sleeping on
/// `clock`, streams fed by `inputs`, structured child tasks, the methods of actors without an
/// executor of their own. Work sent elsewhere (the main actor, `Task {}` without the
/// preference) is not waited for. `alongside` runs there too, as a child task beside the
/// recording, cancelled when the sequence ends: the producer of a stream that the code under
/// test feeds as it runs (a service loop whose effects are the recorded events).
///
/// ```swift
/// let clock = TestClock()
/// let (taps, tap) = AsyncStream.makeStream(of: Void.self)
/// let events = recordTimeline(of: Metronome(clock: clock, taps: taps).states, on: clock, for: .seconds(30), inputs: [
///     .at(.seconds(10)) { tap.yield() },
///     .at(.seconds(20)) { tap.yield() },
/// ])
/// assertSnapshot(of: events, as: .timeline)
/// ```
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public func recordTimeline<Stream: AsyncSequence & Sendable>(
    of sequence: Stream, on clock: TestClock, for duration: Duration, inputs: [TimelineInput] = [],
    alongside work: (@Sendable () async -> Void)? = nil
) -> [TimelineEvent] {
    let executor = VirtualTimeExecutor()
    let events = Locked([TimelineEvent]())
    let finished = Locked(false)
    let stopped = Locked(false)
    // Nothing after the end is recorded: cancelled there, a stream may end as if it finished.
    func note(_ value: String) {
        guard !stopped.withLock({ $0 }) else { return }
        let time = clock.now.offset
        events.withLock { $0.append(TimelineEvent(time, value)) }
    }
    let task = Task(executorPreference: executor) {
        await withTaskGroup(of: Void.self) { group in
            if let work { group.addTask { await work() } }
            do {
                for try await element in sequence { note(String(describing: element)) }
                note("finished")
            } catch is CancellationError {
            } catch {
                note("failed: \(error)")
            }
            group.cancelAll()
        }
        finished.withLock { $0 = true }
    }
    var pending = inputs.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(
        \.element)[...]
    let end = TestClock.Instant(offset: duration)
    while true {
        executor.runUntilIdle()
        if finished.withLock({ $0 }) { break }
        let nextInput = pending.first.map { TestClock.Instant(offset: $0.time) }
        guard let next = [nextInput, clock.nextDeadline].compactMap({ $0 }).min(), next <= end else { break }
        clock.advance(to: next)
        while let input = pending.first, input.time <= next.offset {
            pending.removeFirst()
            input.action()
            executor.runUntilIdle()
        }
    }
    clock.advance(to: end)
    executor.runUntilIdle()
    stopped.withLock { $0 = true }
    task.cancel()
    executor.runUntilIdle()
    return events.withLock { $0 }
}

/// Runs the jobs of a recording on the thread that asks, one at a time, in the order they came.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class VirtualTimeExecutor: TaskExecutor, Sendable {
    private let jobs = Locked([UnownedJob]())

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
    }

    func runUntilIdle() {
        while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
