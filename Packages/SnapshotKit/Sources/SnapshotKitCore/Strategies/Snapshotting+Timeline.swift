extension Snapshotting where Value == [TimelineEvent], Format == String {
    /// A recorded stream, one event per line: `@10 playing`. Asserts values and times together.
    public static var timeline: Snapshotting {
        Snapshotting(pathExtension: "timeline.txt", diffing: .lines) { events in
            events.map { "@\($0.time) \($0.value)\n" }.joined()
        }
    }
}
