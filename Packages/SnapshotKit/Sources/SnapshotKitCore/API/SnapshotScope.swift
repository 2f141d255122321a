import Foundation

/// What the running test sets for the snapshots asserted inside it (Swift Testing's
/// `.snapshots(record:)` trait sets it for each test case it runs).
public struct SnapshotScope: Sendable {
    /// The record mode for every assertion in scope that passes no `record:`.
    public var record: RecordMode?
    /// Identifies one execution of one test case (each repetition gets a new one), so unnamed
    /// snapshots count from 1 in each.
    public var execution: String

    /// A new execution; `execution` defaults to a fresh identifier.
    public init(record: RecordMode? = nil, execution: String? = nil) {
        self.record = record
        self.execution = execution ?? UUID().uuidString
    }

    @TaskLocal public static var current: SnapshotScope?
}
