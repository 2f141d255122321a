// SnapshotKit against swift-snapshot-testing 1.19.7 in one run: 1,000 assertions of 10 KB
// text snapshots that all match, 100 that all mismatch (diff generation included), and one
// 10 MB reference with 2 changed lines. Prints ratios ours/theirs against each target.
// Not a test: `make bench`.
//
// Both libraries run through their non-reporting entry points (`verifySnapshot`, which returns
// the failure message), so no test runner is needed and the peer's XCTFail never fires.
// References live in a scratch folder that is deleted at the end.
import Foundation
import SnapshotKit
import SnapshotTesting

let matchCount = 1_000
let mismatchCount = 100
let rounds = 3

// A scratch folder in Benchmarks/work/ (git-ignored), deleted at the end: on the same disk as a
// checkout's __Snapshots__, which is what real assertions write to (/tmp can be much slower to
// create files in, and that cost would swamp both libraries).
let work = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("work/SnapshotBenchmark-\(UUID().uuidString)")
// The peer writes failing output to SNAPSHOT_ARTIFACTS (default: the temporary folder).
setenv("SNAPSHOT_ARTIFACTS", work.appendingPathComponent("peer-artifacts").path, 1)
defer {
    try? FileManager.default.removeItem(at: work)
    rmdir(work.deletingLastPathComponent().path)  // Benchmarks/work/, if nothing else is in it
}

/// ~10 KB of text, different for each case.
func text(_ index: Int) -> String {
    (0..<200).map { line in "case \(index) line \(line): the quick brown fox jumps over the dog\n" }.joined()
}

/// The same text with 3 lines changed and 1 added, as a typical regression looks.
func changed(_ index: Int) -> String {
    var lines = text(index).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for line in [20, 100, 180] { lines[line] = "case \(index) line \(line): CHANGED" }
    lines.insert("an extra line", at: 150)
    return lines.joined(separator: "\n")
}

func write(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
}

func seconds(_ body: () throws -> Int) rethrows -> (Double, Int) {
    let start = ContinuousClock.now
    let failures = try body()
    let elapsed = ContinuousClock.now - start
    let (whole, atto) = elapsed.components
    return (Double(whole) + Double(atto) / 1e18, failures)
}

// Each round uses new test names for both libraries, so both create every failure file anew
// (the peer's artifact path depends only on the test name, not on its snapshot directory).

/// ~10 MB: 200,000 lines of 50 bytes.
let large = (0..<200_000).map { "line \($0): the quick brown fox jumps over\n" }.joined()
/// The same with 2 lines changed, far apart.
let largeChanged =
    large
    .replacingOccurrences(of: "line 50000: the", with: "line 50000: THE")
    .replacingOccurrences(of: "line 150000: the", with: "line 150000: THE")

/// Ours: a package-like folder, references at the paths SnapshotKit derives.
func ours(round: Int, count: Int, mismatch: Bool, big: Bool = false) throws -> (Double, Int) {
    let root = work.appendingPathComponent("ours-\(round)-\(mismatch)-\(big)")
    try write("// swift-tools-version: 6.0\n", to: root.appendingPathComponent("Package.swift"))
    let site = CallSite(
        fileID: "BenchTests/Bench.swift", filePath: root.appendingPathComponent("Tests/BenchTests/Bench.swift").path,
        line: 1, column: 1)
    for index in 0..<count {
        try write(
            big ? large : text(index),
            to: root.appendingPathComponent("__Snapshots__/BenchTests/Bench/bench\(round).case-\(index).txt"))
    }
    let values = (0..<count).map { big ? largeChanged : mismatch ? changed($0) : text($0) }
    return seconds {
        var failures = 0
        for index in 0..<count {
            let outcome = verifySnapshot(
                of: values[index], as: .lines, named: "case-\(index)", record: .never, site: site,
                testName: "bench\(round)()")
            if outcome.failure != nil { failures += 1 }
        }
        return failures
    }
}

/// Theirs: the same references in a snapshot directory of its own.
func theirs(round: Int, count: Int, mismatch: Bool, big: Bool = false) throws -> (Double, Int) {
    let directory = work.appendingPathComponent("theirs-\(round)-\(mismatch)-\(big)")
    for index in 0..<count {
        try write(big ? large : text(index), to: directory.appendingPathComponent("bench\(round).case-\(index).txt"))
    }
    let values = (0..<count).map { big ? largeChanged : mismatch ? changed($0) : text($0) }
    return seconds {
        var failures = 0
        for index in 0..<count {
            let message = SnapshotTesting.verifySnapshot(
                of: values[index], as: .lines, named: "case-\(index)", record: .never,
                snapshotDirectory: directory.path, testName: "bench\(round)")
            if message != nil { failures += 1 }
        }
        return failures
    }
}

func measure(_ label: String, count: Int, mismatch: Bool, big: Bool = false, target: Double) throws {
    var best = (ours: Double.infinity, theirs: Double.infinity)
    for round in 0..<rounds {
        let (ourTime, ourFailures) = try ours(round: round, count: count, mismatch: mismatch, big: big)
        let (theirTime, theirFailures) = try theirs(round: round, count: count, mismatch: mismatch, big: big)
        let expected = mismatch ? count : 0
        guard ourFailures == expected, theirFailures == expected else {
            print(
                "\(label): unexpected failure counts (ours \(ourFailures), theirs \(theirFailures), expected \(expected))"
            )
            exit(1)
        }
        best = (min(best.ours, ourTime), min(best.theirs, theirTime))
    }
    let ratio = best.ours / best.theirs
    print(
        String(
            format: "%@: ours %.4f s, swift-snapshot-testing %.4f s, ratio %.3fx (target <= %.2fx) %@",
            label, best.ours, best.theirs, ratio, target, ratio <= target ? "ok" : "MISSED"))
}

print("SnapshotKit vs swift-snapshot-testing 1.19.7, best of \(rounds) rounds")
try measure("\(matchCount) matching 10 KB snapshots", count: matchCount, mismatch: false, target: 0.25)
try measure("\(mismatchCount) mismatching 10 KB snapshots", count: mismatchCount, mismatch: true, target: 0.25)
try measure("a 10 MB reference with 2 changed lines", count: 1, mismatch: true, big: true, target: 0.5)
