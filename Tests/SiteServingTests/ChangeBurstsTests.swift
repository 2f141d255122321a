import SnapshotKit
import Testing

@testable import SiteServing

/// `serve`'s debounce on virtual time (SnapshotKit's `TestClock`): each burst of file changes
/// and the moment it ends, with no real sleep, the same on any machine.
@Suite struct ChangeBurstsTests {
    @Test(
        "A save is built once its write is closed and the quiet and settle times pass; an open write or a backup file waits out the quiet; a writer that never stops is built every 500 ms"
    )
    func bursts() {
        let clock = TestClock()
        let counter = ChangeCounter()
        let (changes, change) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        func record(_ path: String, _ kind: Change) -> @Sendable () -> Void {
            {
                counter.record(path, kind)
                change.yield()
            }
        }
        let bursts = ChangeBursts(
            changes: changes, counter: counter, built: 0, clock: clock,
            quiet: .milliseconds(30), settle: .milliseconds(3), longest: .milliseconds(500))
        // An editor's save (written, then closed), a write left open, a backup file that settles
        // nothing, and a log written every 20 ms for a second and a half.
        var inputs: [TimelineInput] = [
            .at(.milliseconds(0), record("/g/a.md", .writing)),
            .at(.milliseconds(1), record("/g/a.md", .closed)),
            .at(.milliseconds(100), record("/g/b.md", .writing)),
            .at(.milliseconds(200), record("/g/b.md~", .closed)),
        ]
        inputs += stride(from: 300, through: 1_800, by: 20).map { .at(.milliseconds($0), record("/g/c.md", .writing)) }
        let events = recordTimeline(of: bursts, on: clock, for: .seconds(3), inputs: inputs)
        assertSnapshot(of: events, as: .timeline, named: "bursts")
    }
}
