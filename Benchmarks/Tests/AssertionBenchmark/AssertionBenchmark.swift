// SnapshotKit against swift-snapshot-testing 1.19.7 as users run them: `assertSnapshot` inside
// a debug `swift test` (`make bench` runs this suite). 1,000 assertions of 10 KB text that all
// match, and 100 that all mismatch (their failures recorded as known issues). Prints each time
// and the ratio ours/theirs; it asserts only that each library passed and failed what it should,
// never a duration. The references it records are deleted at the end.
import Foundation
import SnapshotKit
import SnapshotTesting
import Testing

@Suite(.serialized) struct AssertionBenchmark {
    static let matching = 1_000, mismatching = 100
    static let benchmarks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// ~10 KB of text, different for each case; `changed` alters 3 lines and adds one.
    static func text(_ index: Int, changed: Bool = false) -> String {
        (0..<200).map { line in
            (changed && [20, 100, 180].contains(line) ? "case \(index) line \(line): CHANGED" : "case \(index) line \(line): the quick brown fox jumps over the dog")
                + (changed && line == 150 ? "\nan extra line" : "") + "\n"
        }.joined()
    }

    static func seconds(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        return (ContinuousClock.now - start) / .seconds(1)
    }

    @Test func assertions() throws {
        setenv("SNAPSHOT_ARTIFACTS", Self.benchmarks.appendingPathComponent("work/assertion-artifacts").path, 1)
        defer {
            for folder in ["__Snapshots__", ".snapshots-pending", ".snapshots-run", "Tests/AssertionBenchmark/__Snapshots__", "work/assertion-artifacts"] {
                try? FileManager.default.removeItem(at: Self.benchmarks.appendingPathComponent(folder))
            }
        }
        // Each name is asserted once (a name asserted twice in one test is a collision), so the
        // references are written beforehand at the paths each library derives.
        let ours = Self.benchmarks.appendingPathComponent("__Snapshots__/AssertionBenchmark/AssertionBenchmark/AssertionBenchmark")
        let theirs = Self.benchmarks.appendingPathComponent("Tests/AssertionBenchmark/__Snapshots__/AssertionBenchmark")
        for folder in [ours, theirs] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        for round in 0..<3 {
            for index in 0..<Self.matching {
                let text = Data(Self.text(index).utf8)
                for name in ["r\(round)-case-\(index)"] + (index < Self.mismatching ? ["r\(round)-fail-\(index)"] : []) {
                    for folder in [ours, theirs] { try text.write(to: folder.appendingPathComponent("assertions.\(name).txt")) }
                }
            }
        }
        var best: [String: Double] = [:]
        for round in 0..<3 {
            let oursMatching = Self.seconds {
                for index in 0..<Self.matching { SnapshotKit.assertSnapshot(of: Self.text(index), as: .lines, named: "r\(round)-case-\(index)", record: .never) }
            }
            let theirsMatching = Self.seconds {
                for index in 0..<Self.matching { SnapshotTesting.assertSnapshot(of: Self.text(index), as: .lines, named: "r\(round)-case-\(index)", record: .never) }
            }
            let failedOurs = Count(), failedTheirs = Count()
            let oursFailing = Self.seconds {
                withKnownIssue(isIntermittent: false) {
                    for index in 0..<Self.mismatching {
                        SnapshotKit.assertSnapshot(of: Self.text(index, changed: true), as: .lines, named: "r\(round)-fail-\(index)", record: .never)
                    }
                } matching: { _ in failedOurs.add() }
            }
            let theirsFailing = Self.seconds {
                withKnownIssue(isIntermittent: false) {
                    for index in 0..<Self.mismatching {
                        SnapshotTesting.assertSnapshot(of: Self.text(index, changed: true), as: .lines, named: "r\(round)-fail-\(index)", record: .never)
                    }
                } matching: { _ in failedTheirs.add() }
            }
            #expect(failedOurs.value == Self.mismatching && failedTheirs.value == Self.mismatching,
                    "failures: ours \(failedOurs.value), theirs \(failedTheirs.value)")
            for (key, value) in ["ours matching": oursMatching, "theirs matching": theirsMatching, "ours failing": oursFailing, "theirs failing": theirsFailing] {
                best[key] = min(best[key] ?? .infinity, value)
            }
        }
        func line(_ label: String, _ ours: Double, _ theirs: Double) -> String {
            String(format: "AssertionBenchmark %@: ours %.3f s, swift-snapshot-testing %.3f s, ratio %.3fx (target <= 0.25x) %@",
                   label, ours, theirs, ours / theirs, ours / theirs <= 0.25 ? "ok" : "MISSED")
        }
        print(line("\(Self.matching) matching 10 KB snapshots, debug assertSnapshot", best["ours matching"] ?? 0, best["theirs matching"] ?? 1))
        print(line("\(Self.mismatching) mismatching 10 KB snapshots, debug assertSnapshot", best["ours failing"] ?? 0, best["theirs failing"] ?? 1))
    }
}

/// Issues counted from the known-issue matcher, which may run on any thread.
final class Count: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }

    func add() -> Bool {
        lock.withLock { count += 1 }
        return true
    }
}
