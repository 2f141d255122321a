import Testing

@testable import SnapshotKitCore

/// Streams recorded in virtual time: the behaviour of RxTest's `TestScheduler` (events at the
/// times they happen, inputs at chosen times) with a Swift `Clock` and any `AsyncSequence`.
@Suite struct VirtualTimeTests {
    /// Play/pause: starts paused, each tap toggles (the tutorial's metronome).
    struct Toggle: AsyncSequence, Sendable {
        let taps: AsyncStream<Void>
        struct AsyncIterator: AsyncIteratorProtocol {
            var taps: AsyncStream<Void>.AsyncIterator
            var playing: Bool?
            mutating func next() async -> Bool? {
                guard let current = playing else {
                    playing = false
                    return false
                }
                guard await taps.next() != nil else { return nil }
                playing = !current
                return !current
            }
        }
        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(taps: taps.makeAsyncIterator(), playing: nil) }
    }

    /// Ticks every `interval` on `clock`, numbered from 1.
    struct Ticker: AsyncSequence, Sendable {
        let clock: TestClock
        let interval: Duration
        struct AsyncIterator: AsyncIteratorProtocol {
            let clock: TestClock, interval: Duration
            var count = 0
            mutating func next() async throws -> String? {
                try await clock.sleep(for: interval)
                count += 1
                return "tick \(count)"
            }
        }
        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(clock: clock, interval: interval) }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func inputsAtVirtualTimesGiveEventsAtThoseTimes() throws {
        let clock = TestClock()
        let (taps, tap) = AsyncStream.makeStream(of: Void.self)
        let events = recordTimeline(
            of: Toggle(taps: taps), on: clock, for: .seconds(60),
            inputs: [
                .at(.seconds(10)) { tap.yield() },
                .at(.seconds(20)) { tap.yield() },
                .at(.seconds(30)) { tap.yield() },
                .at(.seconds(40)) { tap.finish() },
            ])
        #expect(
            try Snapshotting<[TimelineEvent], String>.timeline.snapshot(events) == """
                @0s false
                @10s true
                @20s false
                @30s true
                @40s finished

                """)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func codeSleepingOnTheClockRunsInVirtualTime() throws {
        let clock = TestClock()
        let events = recordTimeline(
            of: Ticker(clock: clock, interval: .milliseconds(1500)), on: clock, for: .seconds(5))
        #expect(events.map { "@\($0.time) \($0.value)" } == ["@1.5s tick 1", "@3s tick 2", "@4.5s tick 3"])
        #expect(clock.now.offset == .seconds(5))
        #expect(clock.nextDeadline == nil, "the sleeper left at the end is cancelled")
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func recordingsAreDeterministic() {
        let runs = (0..<50).map { _ in
            let clock = TestClock()
            let (taps, tap) = AsyncStream.makeStream(of: Void.self)
            return recordTimeline(
                of: Toggle(taps: taps), on: clock, for: .seconds(3),
                inputs: (1...20).map { n in
                    .at(.milliseconds(100 * n)) { tap.yield() }
                })
        }
        #expect(Set(runs).count == 1)
        #expect(runs.first?.count == 21)
    }

    /// An actor without an executor of its own, called from the recording, runs on its executor.
    actor Tally {
        var count = 0
        func add() -> Int {
            count += 1
            return count
        }
    }

    /// What the recorded stream shows comes from work beside it (a service loop), which sleeps
    /// on the clock and calls an actor; it is cancelled when the stream ends.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func workAlongsideFeedsTheRecordedStream() {
        let runs = (0..<20).map { _ in
            let clock = TestClock()
            let (lines, line) = AsyncStream.makeStream(of: String.self)
            let tally = Tally()
            return recordTimeline(
                of: lines, on: clock, for: .seconds(10), inputs: [.at(.milliseconds(3500)) { line.finish() }]
            ) {
                while (try? await clock.sleep(for: .seconds(1))) != nil {
                    line.yield("beat \(await tally.add())")
                }
            }
        }
        #expect(Set(runs).count == 1)
        #expect(
            runs.first?.map { "@\($0.time) \($0.value)" } == [
                "@1s beat 1", "@2s beat 2", "@3s beat 3", "@3.5s finished",
            ])
    }

    @Test func sleepingIsCancellable() async {
        let clock = TestClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.nextDeadline == nil)
    }

    @Test func advancingWakesSleepersInDeadlineOrder() async throws {
        let clock = TestClock()
        let order = Locked([Int]())
        let first = Task {
            try await clock.sleep(for: .seconds(2))
            order.withLock { $0.append(2) }
        }
        let second = Task {
            try await clock.sleep(for: .seconds(1))
            order.withLock { $0.append(1) }
        }
        while clock.sleeperCount < 2 { await Task.yield() }
        clock.advance(by: .seconds(1))
        try await second.value
        clock.advance(by: .seconds(1))
        try await first.value
        #expect(order.withLock { $0 } == [1, 2])
        #expect(clock.now.offset == .seconds(2))
    }
}
