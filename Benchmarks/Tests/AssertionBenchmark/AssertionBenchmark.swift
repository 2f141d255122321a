// SnapshotKit against swift-snapshot-testing 1.19.7 as users run them: `assertSnapshot` inside
// a debug `swift test` (`make bench` runs this suite). 1,000 assertions of 10 KB text that all
// match, and 100 that all mismatch (their failures recorded as known issues, each writing its
// pending output where none was yet), in interleaved rounds: each round times both libraries on
// the same work, one right after the other, the one that goes first alternating. Prints the
// median ratio ours/theirs over the rounds with its range, by the process's CPU time (steadier
// when other work shares the machine) and by the wall clock; it asserts only that each library
// passed and failed what it should, never a duration.
//
// A failure writes files, so the file system's state is part of its cost: on ext4 without a
// journal (this machine's), creating a file skips every inode deleted in the last one to six
// minutes (here about one). The 7,500 files an earlier version deleted at its end made the next
// run's file creations cost several times as much (the ratio drifted from run to run). So the
// references stay between runs (rewritten only when they differ), the matching ones asserted
// again in each round under a `SnapshotScope` of its own (a new execution, as the `.snapshots()`
// trait gives each test), an untimed first round takes the one-time costs (the run manifest, the
// first pending folders), only the failure outputs are deleted at the end, and a run that starts
// within a minute of the last one's end waits out the rest of that minute.
// ASSERTION_BENCH_ROUNDS sets the number of timed rounds (9).
import Foundation
import SnapshotKit
import SnapshotTesting
import Testing

@Suite(.serialized) struct AssertionBenchmark {
    static let matching = 1_000, mismatching = 100
    static let rounds = ProcessInfo.processInfo.environment["ASSERTION_BENCH_ROUNDS"].flatMap { Int($0) } ?? 9
    /// The test both libraries name the references after (the helpers below would give their own).
    static let testName = "assertions()"
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

    /// Wall-clock, CPU (all threads of the process, user and system) and system seconds of `body`.
    static func seconds(_ body: () -> Void) -> Timing {
        func usage() -> (cpu: Double, system: Double) {
            var usage = rusage()
            #if canImport(Glibc)
                getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
            #else
                getrusage(RUSAGE_SELF, &usage)
            #endif
            func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
            return (seconds(usage.ru_utime) + seconds(usage.ru_stime), seconds(usage.ru_stime))
        }
        let start = ContinuousClock.now
        let startUsage = usage()
        body()
        let end = usage()
        return Timing(
            wall: (ContinuousClock.now - start) / .seconds(1), cpu: end.cpu - startUsage.cpu,
            system: end.system - startUsage.system)
    }

    /// Seconds after which a deleted inode no longer slows the creation of files (measured on
    /// this machine: 200 creations took 46 ms 2 s after 2,000 deletions, 84 ms 30 s after, 5 ms
    /// 65 s after).
    static let settling: TimeInterval = 65

    /// Each round's failures have names of their own, so each writes its pending outputs anew.
    static func failName(_ round: Int, _ index: Int) -> String { "r\(round)-fail-\(index)" }

    /// Writes `data` at `url` unless the file there holds it already: a run leaves the file
    /// system as it found it, with no inode freed for the next run to skip.
    static func keep(_ data: Data, at url: URL) throws {
        if FileManager.default.contents(atPath: url.path) == data { return }
        try data.write(to: url)
    }

    @Test func assertions() throws {
        let artifacts = Self.benchmarks.appendingPathComponent("work/assertion-artifacts")
        let lastEnd = Self.benchmarks.appendingPathComponent("work/assertion-benchmark-ended")
        setenv("SNAPSHOT_ARTIFACTS", artifacts.path, 1)
        // A file deleted in the last minute (its inode table written back) is skipped by every
        // file creation: wait until the last run's deletions no longer count.
        if let ended = (try? FileManager.default.attributesOfItem(atPath: lastEnd.path))?[.modificationDate] as? Date {
            let wait = Self.settling + ended.timeIntervalSinceNow
            if wait > 0 {
                print(
                    String(
                        format:
                            "AssertionBenchmark: the last run ended %.0f s ago; waiting %.0f s for the files it deleted to stop slowing file creation (ext4 without a journal)",
                        -ended.timeIntervalSinceNow, wait))
                Thread.sleep(forTimeInterval: wait)
            }
        }
        defer {
            // The failure outputs only; the references stay for the next run.
            for folder in [artifacts, Self.benchmarks.appendingPathComponent(".snapshots-pending")] {
                try? FileManager.default.removeItem(at: folder)
            }
            _ = FileManager.default.createFile(atPath: lastEnd.path, contents: Data())
        }
        // Each round asserts the same names, in an execution of its own (a name asserted twice
        // in one execution is a collision), at the paths each library derives.
        let ours = Self.benchmarks.appendingPathComponent(
            "__Snapshots__/AssertionBenchmark/AssertionBenchmark/AssertionBenchmark")
        let theirs = Self.benchmarks.appendingPathComponent("Tests/AssertionBenchmark/__Snapshots__/AssertionBenchmark")
        for folder in [ours, theirs] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        for index in 0..<Self.matching {
            let text = Data(Self.text(index).utf8)
            let failing = index < Self.mismatching ? (0...Self.rounds).map { Self.failName($0, index) } : []
            for name in ["case-\(index)"] + failing {
                for folder in [ours, theirs] {
                    try Self.keep(text, at: folder.appendingPathComponent("assertions.\(name).txt"))
                }
            }
        }
        // Built before the clocks start: in a debug build, making 10 KB of text costs more than
        // either library's assertion, and would hide the difference between them.
        let matchingTexts = (0..<Self.matching).map { Self.text($0) }
        let failingTexts = (0..<Self.mismatching).map { Self.text($0, changed: true) }

        func oursMatching() {
            for index in 0..<Self.matching {
                SnapshotKit.assertSnapshot(
                    of: matchingTexts[index], as: .lines, named: "case-\(index)", record: .never,
                    testName: Self.testName)
            }
        }
        func theirsMatching() {
            for index in 0..<Self.matching {
                SnapshotTesting.assertSnapshot(
                    of: matchingTexts[index], as: .lines, named: "case-\(index)", record: .never,
                    testName: Self.testName)
            }
        }
        func failing(_ body: () -> Void) -> Int {
            let failed = Count()
            withKnownIssue(isIntermittent: false) {
                body()
            } matching: { _ in
                failed.add()
            }
            return failed.value
        }
        func oursFailing(_ round: Int) -> Int {
            failing {
                for index in 0..<Self.mismatching {
                    SnapshotKit.assertSnapshot(
                        of: failingTexts[index], as: .lines, named: Self.failName(round, index), record: .never,
                        testName: Self.testName)
                }
            }
        }
        func theirsFailing(_ round: Int) -> Int {
            failing {
                for index in 0..<Self.mismatching {
                    SnapshotTesting.assertSnapshot(
                        of: failingTexts[index], as: .lines, named: Self.failName(round, index), record: .never,
                        testName: Self.testName)
                }
            }
        }

        var results: [Case: [(ours: Timing, theirs: Timing)]] = [:]
        for round in 0...Self.rounds {
            SnapshotScope.$current.withValue(SnapshotScope()) {
                // Round 0 is the untimed warm-up. Then each pair runs in the other order than in
                // the round before, so neither library always goes first.
                let oursFirst = round % 2 == 1
                var failed = (ours: 0, theirs: 0)
                func pair(_ ours: () -> Void, _ theirs: () -> Void) -> (ours: Timing, theirs: Timing) {
                    if oursFirst {
                        let a = Self.seconds(ours)
                        return (a, Self.seconds(theirs))
                    }
                    let b = Self.seconds(theirs)
                    return (Self.seconds(ours), b)
                }
                let matchingPair = pair(oursMatching, theirsMatching)
                let failingPair = pair({ failed.ours = oursFailing(round) }, { failed.theirs = theirsFailing(round) })
                #expect(
                    failed.ours == Self.mismatching && failed.theirs == Self.mismatching,
                    "round \(round) failures: ours \(failed.ours), theirs \(failed.theirs)")
                guard round > 0 else { return }
                results[.matching, default: []].append(matchingPair)
                results[.mismatching, default: []].append(failingPair)
            }
        }
        for benchmarkCase in Case.allCases {
            print(Self.report(benchmarkCase, results[benchmarkCase] ?? []))
        }
    }

    enum Case: CaseIterable {
        case matching, mismatching

        var label: String {
            switch self {
            case .matching: "\(AssertionBenchmark.matching) matching 10 KB snapshots, debug assertSnapshot"
            case .mismatching: "\(AssertionBenchmark.mismatching) mismatching 10 KB snapshots, debug assertSnapshot"
            }
        }
    }

    /// The middle value (the mean of the two middle ones for an even count).
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// One line per case: the CPU ratio's median and range over the rounds (each round's ratio
    /// from its own pair), the median seconds of each side, the user-time ratio, and the same
    /// for the wall clock.
    static func report(_ benchmarkCase: Case, _ pairs: [(ours: Timing, theirs: Timing)]) -> String {
        func summary(_ ratios: [Double]) -> String {
            String(
                format: "median %.3fx (%.3f-%.3fx)", median(ratios), ratios.min() ?? .nan, ratios.max() ?? .nan)
        }
        let cpuRatios = pairs.map { $0.ours.cpu / $0.theirs.cpu }
        // The user time alone: a failure's file creations put the file system's state (other
        // processes' deletions) into the system time, which moves the CPU ratio from run to run.
        let userRatios = pairs.map { ($0.ours.cpu - $0.ours.system) / ($0.theirs.cpu - $0.theirs.system) }
        let wallRatios = pairs.map { $0.ours.wall / $0.theirs.wall }
        let met = median(cpuRatios) <= 0.25 ? "ok" : "MISSED"
        return String(
            format:
                "AssertionBenchmark %@, %d rounds: CPU ratio %@ (target <= 0.25x) %@; CPU ours %.3f s (system %.3f s), swift-snapshot-testing %.3f s (system %.3f s); user-time ratio %@; wall ratio %@, ours %.3f s, theirs %.3f s",
            benchmarkCase.label, pairs.count, summary(cpuRatios), met, median(pairs.map(\.ours.cpu)),
            median(pairs.map(\.ours.system)), median(pairs.map(\.theirs.cpu)), median(pairs.map(\.theirs.system)),
            summary(userRatios), summary(wallRatios), median(pairs.map(\.ours.wall)), median(pairs.map(\.theirs.wall)))
    }
}

/// Seconds one side of a pair took.
struct Timing {
    var wall: Double
    var cpu: Double
    var system: Double
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
