// SnapshotKit against swift-snapshot-testing 1.19.7 as users run them: `assertSnapshot` inside
// a debug `swift test` (`make bench` runs this suite). 1,000 assertions of 10 KB text that all
// match, and 100 that all mismatch (their failures recorded as known issues). Prints each time
// and the ratio ours/theirs, by the wall clock (what a user waits) and by the process's CPU time
// (steadier when other work shares the machine); it asserts only that each library passed and
// failed what it should, never a duration. The references it records are deleted at the end.
import Foundation
import SnapshotKit
import SnapshotTesting
import Testing

@Suite(.serialized) struct AssertionBenchmark {
    static let matching = 1_000, mismatching = 100
    static let benchmarks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// ~10 KB of text, different for each case; `changed` alters 3 lines and adds one.
    static func text(_ index: Int, changed: Bool = false) -> String {
        (0..<200).map { line in
            (changed && [20, 100, 180].contains(line)
                ? "case \(index) line \(line): CHANGED"
                : "case \(index) line \(line): the quick brown fox jumps over the dog")
                + (changed && line == 150 ? "\nan extra line" : "") + "\n"
        }.joined()
    }

    /// Wall-clock and CPU seconds (all threads of the process, user and system) of `body`.
    static func seconds(_ body: () -> Void) -> (wall: Double, cpu: Double) {
        func cpu() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        let start = ContinuousClock.now
        let startCPU = cpu()
        body()
        return ((ContinuousClock.now - start) / .seconds(1), cpu() - startCPU)
    }

    @Test func assertions() throws {
        setenv("SNAPSHOT_ARTIFACTS", Self.benchmarks.appendingPathComponent("work/assertion-artifacts").path, 1)
        defer {
            for folder in [
                "__Snapshots__", ".snapshots-pending", ".snapshots-run", "Tests/AssertionBenchmark/__Snapshots__",
                "work/assertion-artifacts",
            ] {
                try? FileManager.default.removeItem(at: Self.benchmarks.appendingPathComponent(folder))
            }
        }
        // Each name is asserted once (a name asserted twice in one test is a collision), so the
        // references are written beforehand at the paths each library derives.
        let ours = Self.benchmarks.appendingPathComponent(
            "__Snapshots__/AssertionBenchmark/AssertionBenchmark/AssertionBenchmark")
        let theirs = Self.benchmarks.appendingPathComponent("Tests/AssertionBenchmark/__Snapshots__/AssertionBenchmark")
        for folder in [ours, theirs] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        for round in 0..<3 {
            for index in 0..<Self.matching {
                let text = Data(Self.text(index).utf8)
                for name in ["r\(round)-case-\(index)"] + (index < Self.mismatching ? ["r\(round)-fail-\(index)"] : [])
                {
                    for folder in [ours, theirs] {
                        try text.write(to: folder.appendingPathComponent("assertions.\(name).txt"))
                    }
                }
            }
        }
        // Built before the clocks start: in a debug build, making 10 KB of text costs more than
        // either library's assertion, and would hide the difference between them.
        let matchingTexts = (0..<Self.matching).map { Self.text($0) }
        let failingTexts = (0..<Self.mismatching).map { Self.text($0, changed: true) }
        var best: [String: Double] = [:]
        for round in 0..<3 {
            let oursMatching = Self.seconds {
                for index in 0..<Self.matching {
                    SnapshotKit.assertSnapshot(
                        of: matchingTexts[index], as: .lines, named: "r\(round)-case-\(index)", record: .never)
                }
            }
            let theirsMatching = Self.seconds {
                for index in 0..<Self.matching {
                    SnapshotTesting.assertSnapshot(
                        of: matchingTexts[index], as: .lines, named: "r\(round)-case-\(index)", record: .never)
                }
            }
            let failedOurs = Count()
            let failedTheirs = Count()
            let oursFailing = Self.seconds {
                withKnownIssue(isIntermittent: false) {
                    for index in 0..<Self.mismatching {
                        SnapshotKit.assertSnapshot(
                            of: failingTexts[index], as: .lines, named: "r\(round)-fail-\(index)", record: .never)
                    }
                } matching: { _ in
                    failedOurs.add()
                }
            }
            let theirsFailing = Self.seconds {
                withKnownIssue(isIntermittent: false) {
                    for index in 0..<Self.mismatching {
                        SnapshotTesting.assertSnapshot(
                            of: failingTexts[index], as: .lines, named: "r\(round)-fail-\(index)", record: .never)
                    }
                } matching: { _ in
                    failedTheirs.add()
                }
            }
            #expect(
                failedOurs.value == Self.mismatching && failedTheirs.value == Self.mismatching,
                "failures: ours \(failedOurs.value), theirs \(failedTheirs.value)")
            for (key, value) in [
                "ours matching": oursMatching, "theirs matching": theirsMatching, "ours failing": oursFailing,
                "theirs failing": theirsFailing,
            ] {
                best[key] = min(best[key] ?? .infinity, value.wall)
                best[key + " cpu"] = min(best[key + " cpu"] ?? .infinity, value.cpu)
            }
        }
        func line(_ label: String, _ key: String) -> String {
            let ours = best["ours " + key] ?? 0
            let theirs = best["theirs " + key] ?? 1
            let oursCPU = best["ours \(key) cpu"] ?? 0
            let theirsCPU = best["theirs \(key) cpu"] ?? 1
            return String(
                format:
                    "AssertionBenchmark %@: ours %.3f s, swift-snapshot-testing %.3f s, ratio %.3fx (target <= 0.25x) %@; CPU ours %.3f s, theirs %.3f s, ratio %.3fx",
                label, ours, theirs, ours / theirs, ours / theirs <= 0.25 ? "ok" : "MISSED", oursCPU, theirsCPU,
                oursCPU / theirsCPU)
        }
        print(line("\(Self.matching) matching 10 KB snapshots, debug assertSnapshot", "matching"))
        print(line("\(Self.mismatching) mismatching 10 KB snapshots, debug assertSnapshot", "failing"))
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
