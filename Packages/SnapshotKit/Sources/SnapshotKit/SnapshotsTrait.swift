public import Testing

/// Swift Testing's `.snapshots(record:)` trait: on a suite it applies to every test in it, on a
/// test to that test. Each test case it runs (each repetition too) counts its unnamed snapshots
/// from 1, and a test that throws marks the run as failed, so `snapshots prune` waits.
///
/// ```swift
/// @Suite(.snapshots(record: .failed)) struct PageTests { ... }
/// ```
public struct SnapshotsTrait: TestTrait, SuiteTrait, TestScoping {
    /// The record mode for assertions that pass no `record:`; nil keeps the outer one.
    public var record: RecordMode?

    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }
        let scope = SnapshotScope(record: record ?? SnapshotScope.current?.record)
        do {
            try await SnapshotScope.$current.withValue(scope) { try await function() }
            // Ran to the end: references of this test it did not assert are provably unused.
            RunRegistry.shared.complete(execution: scope.execution)
        } catch {
            RunRegistry.shared.noteFailure()
            throw error
        }
    }
}

extension Trait where Self == SnapshotsTrait {
    /// Snapshot settings for a suite or test; see `SnapshotsTrait`.
    public static func snapshots(record: RecordMode? = nil) -> Self {
        SnapshotsTrait(record: record)
    }
}
