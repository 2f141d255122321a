import SnapshotKit
import Testing

// README sample
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
@Test func playPauseToggles() throws {
    let clock = TestClock()
    let (taps, tap) = AsyncStream.makeStream(of: Void.self)
    let events = recordTimeline(
        of: Metronome(taps: taps, clock: clock).isPlaying, on: clock, for: .seconds(40),
        inputs: [
            .at(.seconds(10)) { tap.yield() },
            .at(.seconds(20)) { tap.yield() },
        ])
    assertSnapshot(of: events, as: .timeline, named: "play-pause")  // @0s false, @10s true, @20s false
}
// README sample end

// README sample
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
@Test func eachSaveIsBuilt() throws {
    let clock = TestClock()
    let (saves, save) = AsyncStream.makeStream(of: Void.self)
    let (log, line) = AsyncStream.makeStream(of: String.self)
    let events = recordTimeline(of: log, on: clock, for: .seconds(2), inputs: [.at(.seconds(1)) { save.yield() }]) {
        // The loop under test: a build of 200 ms after each save.
        for await _ in saves {
            line.yield("build starts")
            try? await clock.sleep(for: .milliseconds(200))
            line.yield("built")
        }
    }
    assertSnapshot(of: events, as: .timeline, named: "builds")  // @1s build starts, @1.2s built
}
// README sample end

/// What the sample drives: play/pause toggled by taps, starting paused.
struct Metronome {
    let taps: AsyncStream<Void>
    let clock: TestClock
    var isPlaying: VirtualTimeTests.Toggle { VirtualTimeTests.Toggle(taps: taps) }
}
