import Foundation
import Testing

@testable import SnapshotKitCore

/// A failure creates one file, its pending output; its strategy's diff, which `status` and
/// `review` show, goes into the root's one diff log. These tests check that the diff shown is
/// always the strategy's diff of the output that is pending now, and that the commands keep
/// the log to what is pending.
@Suite struct PendingDiffLogTests {
    static let folder = "__Snapshots__/AppTests/PageTests/"

    /// A strategy whose diff no command could make itself.
    static let custom = Snapshotting<String, String>(
        pathExtension: "txt",
        diffing: Diffing(
            toData: { Data($0.utf8) }, fromData: { String(decoding: $0, as: UTF8.self) },
            diff: { reference, actual, _ in
                reference == actual
                    ? nil
                    : SnapshotDifference(
                        summary: "custom: \(reference.count) -> \(actual.count)", message: "custom message\n")
            }))

    private func fail(
        _ text: String, named name: String, as strategy: Snapshotting<String, String> = .lines,
        in package: TemporaryPackage
    ) throws -> String {
        try #require(
            verify(
                of: text, as: strategy, named: name, record: nil, site: package.site(), testName: "page()",
                isParameterized: false, environment: environment(), registry: RunRegistry()
            ).failure)
    }

    private func shown(_ name: String, in package: TemporaryPackage) throws -> SnapshotDifference? {
        try SnapshotComparison.diff(
            pending: SnapshotLocation(packageRoot: package.root, relativePath: Self.folder + "page.\(name).txt"))
    }

    /// Every file under the package's `.snapshots-pending/`.
    private func pendingFiles(_ package: TemporaryPackage) throws -> [String] {
        try FileSystem.files(under: package.url(SnapshotLocation.pendingFolderName))
    }

    @Test func aFailureCreatesOnlyItsOutputAndItsDiffGoesToTheLog() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        for name in ["a", "b", "c"] {
            try package.write("one\ntwo\n", to: Self.folder + "page.\(name).txt")
            let failure = try fail("one\n2\n", named: name, in: package)
            let difference = try #require(try shown(name, in: package))
            #expect(failure.hasPrefix("Snapshot \"\(name)\" did not match") && failure.hasSuffix(difference.message))
            #expect(difference.summary == "1 line changed")
        }
        #expect(
            try pendingFiles(package) == [
                Self.folder + "page.a.txt", Self.folder + "page.b.txt", Self.folder + "page.c.txt", "diffs.log",
            ])
    }

    @Test func theDiffShownIsTheStrategysOwn() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("old\n", to: Self.folder + "page.x.txt")
        _ = try fail("newer\n", named: "x", as: Self.custom, in: package)
        let difference = try #require(try shown("x", in: package))
        #expect(difference.summary == "custom: 4 -> 6")
        #expect(difference.message == "custom message\n")
    }

    /// The log holds the diff of each failure; the one shown is the latest failure's.
    @Test func aLaterFailureOfTheSameReferenceShowsItsOwnDiff() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("old\n", to: Self.folder + "page.x.txt")
        _ = try fail("new\n", named: "x", as: Self.custom, in: package)
        _ = try fail("newest\n", named: "x", as: Self.custom, in: package)
        #expect(try shown("x", in: package)?.summary == "custom: 4 -> 7")
    }

    /// A pending output written by something else than its failure (by hand, an older
    /// version) is not described by the failure's diff: its diff is made from the files.
    @Test func anOutputChangedSinceItsFailureShowsADiffOfWhatIsThere() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("old\n", to: Self.folder + "page.x.txt")
        _ = try fail("new\n", named: "x", as: Self.custom, in: package)
        try package.write("edited\n", to: package.pending(Self.folder + "page.x.txt"))
        let difference = try #require(try shown("x", in: package))
        #expect(difference.summary == "1 line changed")
        #expect(difference.message.contains("-old\n+edited\n"))
    }

    @Test func rejectAndAcceptKeepTheLogToWhatIsPending() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        for name in ["a", "b"] {
            try package.write("old\n", to: Self.folder + "page.\(name).txt")
            _ = try fail("new \(name)\n", named: name, as: Self.custom, in: package)
        }
        let folder = SnapshotFolder(root: package.root)
        try folder.reject(try folder.pending(matching: [package.url(Self.folder + "page.a.txt")]))
        #expect(try shown("b", in: package)?.summary == "custom: 4 -> 6")
        let log = try #require(FileManager.default.contents(atPath: package.url(".snapshots-pending/diffs.log").path))
        #expect(!String(decoding: log, as: UTF8.self).contains("page.a.txt"))
        try folder.accept(folder.pending())
        #expect(!package.exists(SnapshotLocation.pendingFolderName))
        #expect(package.read(Self.folder + "page.b.txt") == "new b\n")
    }

    /// The log is not a pending output: a run that finds it still knows what is pending.
    @Test func aRunKnowsWhatIsPendingWithTheLogThere() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("old\n", to: Self.folder + "page.x.txt")
        _ = try fail("new\n", named: "x", in: package)
        let registry = RunRegistry()
        let pending = SnapshotLocation(packageRoot: package.root, relativePath: Self.folder + "page.x.txt")
        let other = SnapshotLocation(packageRoot: package.root, relativePath: Self.folder + "page.y.txt")
        #expect(registry.mayHavePending(pending))
        #expect(!registry.mayHavePending(other))
    }

    /// A log cut short (a kill mid-write) keeps the records before the cut.
    @Test func aLogCutShortKeepsItsWholeRecords() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        for name in ["a", "b"] {
            try package.write("old\n", to: Self.folder + "page.\(name).txt")
            _ = try fail("new \(name)\n", named: name, as: Self.custom, in: package)
        }
        let log = package.url(".snapshots-pending/diffs.log")
        let data = try Data(contentsOf: log)
        try data.dropLast(3).write(to: log)
        #expect(try shown("a", in: package)?.summary == "custom: 4 -> 6")
        #expect(try shown("b", in: package)?.summary == "1 line changed")
    }

    /// The log is a file in the user's folder: any bytes in it, lengths past the end of memory
    /// included, give no record rather than a crash, and the records before them stay.
    @Test(arguments: [
        "snapshot-diff 9223372036854775807 1 1 2 3 4 5 6 7\n",
        "snapshot-diff 1 9223372036854775807 1 2 3 4 5 6 7\n",
        "snapshot-diff 4611686018427387904 4611686018427387904 1 2 3 4 5 6 7\n",
        "snapshot-diff -1 1 1 2 3 4 5 6 7\n",
        "snapshot-diff x\n\n\n",
    ])
    func aHostileRecordEndsTheLogWithoutACrash(tail: String) throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("old\n", to: Self.folder + "page.a.txt")
        _ = try fail("new a\n", named: "a", as: Self.custom, in: package)
        let log = package.url(".snapshots-pending/diffs.log")
        var data = try Data(contentsOf: log)
        data.append(contentsOf: tail.utf8)
        try data.write(to: log)
        #expect(try shown("a", in: package)?.summary == "custom: 4 -> 6")
    }

    /// Random logs made of a record's own pieces: parsing any of them ends without a crash, and
    /// a whole record in front of them is always read.
    @Test func randomLogsParseWithoutACrash() {
        let record = PendingDiffLog.encoded(
            "__Snapshots__/a.txt", .init(stamp: .init(fields: [1, 2, 3, 4, 5, 6, 7]), diff: Data("d".utf8)))
        let pieces = ["snapshot-diff", " ", "\n", "0", "1", "9", "-", "19", "9223372036854775807", "x", "é"]
        let numbers = ["0", "1", "19", "-1", "9223372036854775807", "4611686018427387904", "x"]
        var state: UInt64 = 41
        func next(_ count: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(count))
        }
        for round in 0..<2_000 {
            // Half of them a header of the right shape, with lengths of any size.
            var tail =
                round % 2 == 0
                ? "snapshot-diff" + (0..<9).map { _ in " " + numbers[next(numbers.count)] }.joined() + "\n" : ""
            for _ in 0..<next(24) { tail += pieces[next(pieces.count)] }
            let records = PendingDiffLog.parse(record + Data(tail.utf8))
            #expect(records["__Snapshots__/a.txt"] != nil)
        }
    }

    /// A record cut in the middle of the log (a kill, a full disk) hides none after it, and a
    /// compaction keeps those.
    @Test func aRecordCutInTheMiddleHidesNoLaterRecord() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let log = package.url(".snapshots-pending/diffs.log")
        var pieces: [Data] = []
        for name in ["a", "b", "c"] {
            try package.write("old\n", to: Self.folder + "page.\(name).txt")
            let before = (try? Data(contentsOf: log)) ?? Data()
            _ = try fail("new \(name)\n", named: name, as: Self.custom, in: package)
            pieces.append(try Data(contentsOf: log).dropFirst(before.count))
        }
        try (pieces[0] + pieces[1].prefix(pieces[1].count / 2) + pieces[2]).write(to: log)
        #expect(try shown("a", in: package)?.summary == "custom: 4 -> 6")
        #expect(try shown("b", in: package)?.summary == "1 line changed")
        #expect(try shown("c", in: package)?.summary == "custom: 4 -> 6")
        try PendingDiffLog.compact(rootPath: package.root.path)
        #expect(try shown("c", in: package)?.summary == "custom: 4 -> 6")
        #expect(try shown("a", in: package)?.summary == "custom: 4 -> 6")
    }

    /// Appends made while the log is compacted, from threads of this process, are all kept:
    /// the rewrite takes the log's lock, and an append that opened the old log opens the new.
    @Test func appendsDuringCompactionsAreKept() async throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let root = package.root.path
        func location(_ name: String) -> SnapshotLocation {
            SnapshotLocation(packageRoot: package.root, rootPath: root, relativePath: Self.folder + name + ".txt")
        }
        // Records of outputs no longer pending, for the compactions to shed.
        for index in 0..<50 {
            let gone = location("gone-\(index)")
            try FileSystem.replaceFileCreatingFolder(with: Data("x".utf8), atPath: gone.pendingPath)
            try PendingDiffLog.append(Data("old diff".utf8), for: gone)
            try FileSystem.remove(path: gone.pendingPath)
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for index in 0..<100 {
                        let pending = location("w\(worker)-\(index)")
                        try FileSystem.replaceFileCreatingFolder(
                            with: Data("\(index)".utf8), atPath: pending.pendingPath)
                        try PendingDiffLog.append(Data("diff \(worker) \(index)".utf8), for: pending)
                    }
                }
            }
            group.addTask {
                for _ in 0..<40 { try PendingDiffLog.compact(rootPath: root) }
            }
            try await group.waitForAll()
        }
        for worker in 0..<4 {
            for index in 0..<100 {
                #expect(
                    PendingDiffLog.diff(for: location("w\(worker)-\(index)")) == Data("diff \(worker) \(index)".utf8))
            }
        }
        #expect(PendingDiffLog.diff(for: location("gone-0")) == nil)
    }
}
