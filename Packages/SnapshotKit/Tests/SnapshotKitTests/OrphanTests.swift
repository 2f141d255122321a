import Foundation
import Testing

@testable import SnapshotKitCore

@Suite struct OrphanTests {
    /// Runs are dated from an hour ahead: a file's status change time cannot be set back, so the
    /// references written now count as older than every run below.
    private let base = Date().timeIntervalSince1970 + 3600

    private func manifest(
        session: Int32, started: Double, filtered: Bool, _ paths: [String], completed: [String] = [],
        library: String? = nil
    ) -> RunManifest {
        RunManifest(
            session: session, process: Int32(started), started: Date(timeIntervalSince1970: base + started),
            filtered: filtered, paths: Set(paths), completed: Set(completed), library: library)
    }

    /// References recorded before every manifest below.
    private func package(references: [String]) throws -> TemporaryPackage {
        let package = try TemporaryPackage()
        for reference in references { try package.write("x\n", to: reference) }
        return package
    }

    @Test func noCompleteRunMeansOrphansAreUnknown() throws {
        let package = try package(references: ["__Snapshots__/A/a.1.txt"])
        defer { package.remove() }
        try manifest(session: 1, started: 10, filtered: true, []).write(root: package.root)
        #expect(SnapshotFolder(root: package.root).orphans() == nil)
        #expect(throws: ReviewError.lastRunIncomplete("it ran only some tests (--filter, --skip or test names)")) {
            try SnapshotFolder(root: package.root).prune(dryRun: true)
        }
    }

    @Test func referencesMissingFromTheLastCompleteRunAreOrphans() throws {
        let package = try package(references: [
            "__Snapshots__/A/a.1.txt", "__Snapshots__/A/b.1.txt", "__Snapshots__/B/tree.site/index.html",
            "__Snapshots__/B/gone.1.txt",
        ])
        defer { package.remove() }
        try package.write("pending\n", to: package.pending("__Snapshots__/A/b.1.txt"))
        // An old complete run knew "gone"; the newest run is two processes (XCTest and Swift
        // Testing) of one session; a later filtered run must not matter.
        try manifest(session: 1, started: 10, filtered: false, ["__Snapshots__/B/gone.1.txt"]).write(root: package.root)
        // Each run saw the test of "gone" run to the end without asserting it.
        try manifest(
            session: 2, started: 20, filtered: false, ["__Snapshots__/A/a.1.txt"], completed: ["__Snapshots__/B/gone."]
        ).write(root: package.root)
        try manifest(session: 2, started: 21, filtered: false, ["__Snapshots__/B/tree.site"]).write(root: package.root)
        try manifest(session: 3, started: 30, filtered: true, []).write(root: package.root)

        // b.1.txt has an output waiting for review, so it is in use.
        let folder = SnapshotFolder(root: package.root)
        #expect(folder.orphans() == ["__Snapshots__/B/gone.1.txt"])
        // The newest run was filtered: prune waits for a complete one.
        #expect(throws: ReviewError.self) { try folder.prune(dryRun: true) }
        try manifest(
            session: 4, started: 40, filtered: false, ["__Snapshots__/A/a.1.txt", "__Snapshots__/B/tree.site"],
            completed: ["__Snapshots__/B/gone."]
        ).write(root: package.root)
        #expect(try folder.prune(dryRun: true) == ["__Snapshots__/B/gone.1.txt"])
        #expect(package.exists("__Snapshots__/B/gone.1.txt"))

        #expect(try folder.prune(dryRun: false) == ["__Snapshots__/B/gone.1.txt"])
        #expect(!package.exists("__Snapshots__/B/gone.1.txt"))
        #expect(package.exists("__Snapshots__/A/b.1.txt") && package.exists(package.pending("__Snapshots__/A/b.1.txt")))
        #expect(package.exists("__Snapshots__/B/tree.site/index.html"))
        #expect(RunManifest.all(root: package.root).map(\.manifest.session).sorted() == [4])
        #expect(folder.orphans() == [])
    }

    @Test func referencesOfRunsAfterTheLastCompleteRunAreNotOrphans() throws {
        let package = try package(references: [
            "__Snapshots__/A/a.1.txt", "__Snapshots__/A/new.1.txt",
            "__Snapshots__/A/tree.site/index.html", "__Snapshots__/A/tree.site/games/chess.html",
        ])
        defer { package.remove() }
        try manifest(session: 1, started: 10, filtered: false, ["__Snapshots__/A/a.1.txt"]).write(root: package.root)
        // `swift test --filter` recorded a file and a folder snapshot after the complete run.
        try manifest(
            session: 2, started: 20, filtered: true, ["__Snapshots__/A/new.1.txt", "__Snapshots__/A/tree.site"]
        )
        .write(root: package.root)
        // A reference written after the complete run by a run that left no manifest (it crashed).
        try package.write("x\n", to: "__Snapshots__/A/crashed.1.txt", modified: base + 30)

        let folder = SnapshotFolder(root: package.root)
        #expect(folder.orphans() == [])
        #expect(throws: ReviewError.self) { try folder.prune(dryRun: false) }
        #expect(package.exists("__Snapshots__/A/new.1.txt"))
        #expect(package.exists("__Snapshots__/A/tree.site/games/chess.html"))
        #expect(package.exists("__Snapshots__/A/crashed.1.txt"))
    }

    @Test func anOrphanedFolderSnapshotIsListedOnce() throws {
        let package = try package(references: [
            "__Snapshots__/A/a.1.txt",
            "__Snapshots__/A/known.site/index.html", "__Snapshots__/A/known.site/games/chess.html",
            "__Snapshots__/A/unknown.site/index.html", "__Snapshots__/A/unknown.site/games/go.html",
        ])
        defer { package.remove() }
        // An old run asserted known.site; no manifest remembers unknown.site.
        try manifest(session: 1, started: 10, filtered: false, ["__Snapshots__/A/known.site"]).write(root: package.root)
        try manifest(
            session: 2, started: 20, filtered: false, ["__Snapshots__/A/a.1.txt"],
            completed: ["__Snapshots__/A/known.", "__Snapshots__/A/unknown."]
        ).write(root: package.root)

        let folder = SnapshotFolder(root: package.root)
        #expect(folder.orphans() == ["__Snapshots__/A/known.site", "__Snapshots__/A/unknown.site"])
        #expect(try folder.prune(dryRun: false) == ["__Snapshots__/A/known.site", "__Snapshots__/A/unknown.site"])
        #expect(!package.exists("__Snapshots__/A/known.site"))
        #expect(!package.exists("__Snapshots__/A/unknown.site"))
        #expect(package.exists("__Snapshots__/A/a.1.txt"))
    }

    @Test func pruneDeletesOnlyReferencesAndKeepsSnapshotsUnderReview() throws {
        let package = try package(references: [
            "__Snapshots__/A/a.1.txt", "__Snapshots__/A/old.site/index.html", "__Snapshots__/A/review.site/index.html",
        ])
        defer { package.remove() }
        try package.write("notes\n", to: "__Snapshots__/A/old.site/.keep")
        try package.write("pending\n", to: package.pendingTree("__Snapshots__/A/review.site") + "/games/chess.html")
        try manifest(
            session: 1, started: 10, filtered: false, ["__Snapshots__/A/a.1.txt"],
            completed: ["__Snapshots__/A/old.", "__Snapshots__/A/review."]
        ).write(root: package.root)

        let folder = SnapshotFolder(root: package.root)
        #expect(folder.orphans() == ["__Snapshots__/A/old.site"])
        #expect(try folder.prune(dryRun: false) == ["__Snapshots__/A/old.site"])
        // A hidden file in a folder snapshot is part of it, and goes with it.
        #expect(
            !package.exists("__Snapshots__/A/old.site/index.html") && !package.exists("__Snapshots__/A/old.site/.keep"))
        #expect(package.exists("__Snapshots__/A/review.site/index.html"))
        #expect(package.exists(package.pendingTree("__Snapshots__/A/review.site") + "/games/chess.html"))
    }

    @Test func aReferenceMovedWithItsOldModificationTimeIsNotAnOrphan() throws {
        let package = try package(references: [])
        defer { package.remove() }
        // A complete run a minute ago, then a reference moved in with `mv`, which keeps its old
        // modification time; the status change time says when it moved.
        try manifest(session: 1, started: -3660, filtered: false, []).write(root: package.root)
        try package.write("x\n", to: "__Snapshots__/A/renamed.1.txt", modified: 5)
        #expect(try SnapshotFolder(root: package.root).prune(dryRun: true) == [])
    }

    @Test func aRunWithACrashedProcessIsNotComplete() throws {
        let package = try package(references: ["__Snapshots__/A/x.1.txt", "__Snapshots__/B/s.1.txt"])
        defer { package.remove() }
        try manifest(session: 1, started: 10, filtered: false, ["__Snapshots__/A/x.1.txt"], library: "xctest").write(
            root: package.root)
        try manifest(session: 1, started: 11, filtered: false, ["__Snapshots__/B/s.1.txt"], library: "swift-testing")
            .write(root: package.root)
        // The next `swift test`: the XCTest process crashed and left its "running" manifest.
        var crashed = manifest(session: 2, started: 20, filtered: false, [], library: "xctest")
        crashed.finished = false
        try crashed.write(root: package.root)
        try manifest(session: 2, started: 21, filtered: false, ["__Snapshots__/B/s.1.txt"], library: "swift-testing")
            .write(root: package.root)
        #expect(SnapshotFolder(root: package.root).orphans() == [])
        #expect(
            throws: ReviewError.lastRunIncomplete("a test process did not finish (it crashed, or is still running)")
        ) {
            try SnapshotFolder(root: package.root).prune(dryRun: true)
        }
    }

    // Issue 15, bug 6.

    @Test func pruneRefusesAfterAFailingRun() throws {
        let package = try package(references: ["__Snapshots__/A/x.1.txt"])
        defer { package.remove() }
        try manifest(session: 1, started: 10, filtered: false, ["__Snapshots__/A/x.1.txt"]).write(root: package.root)
        var failing = manifest(session: 2, started: 20, filtered: false, [])
        failing.failures = 1
        try failing.write(root: package.root)
        #expect(throws: ReviewError.lastRunIncomplete("it had 1 failing test or snapshot")) {
            try SnapshotFolder(root: package.root).prune(dryRun: false)
        }
        #expect(package.exists("__Snapshots__/A/x.1.txt"))
    }

    /// A test that threw before its assertion asserted nothing, and one that is gone: neither
    /// was seen running to the end, so both keep their references (listed, not pruned).
    @Test func aTestStillInItsFileKeepsItsReferences() throws {
        let package = try package(references: [
            "__Snapshots__/AppTests/PageTests/PageTests/home.1.txt",
            "__Snapshots__/AppTests/PageTests/PageTests/gone.1.txt",
        ])
        defer { package.remove() }
        try package.write(
            "struct PageTests {\n    @Test func home() throws {}\n}\n", to: "Tests/AppTests/PageTests.swift")
        try manifest(session: 1, started: 10, filtered: false, []).write(root: package.root)
        let folder = SnapshotFolder(root: package.root)
        #expect(folder.orphans() == [])
        #expect(
            folder.unassertedLiveTests() == [
                "__Snapshots__/AppTests/PageTests/PageTests/gone.1.txt",
                "__Snapshots__/AppTests/PageTests/PageTests/home.1.txt",
            ])
        #expect(try folder.prune(dryRun: false) == [])
        #expect(package.exists("__Snapshots__/AppTests/PageTests/PageTests/home.1.txt"))
        #expect(package.exists("__Snapshots__/AppTests/PageTests/PageTests/gone.1.txt"))
    }

    /// After the last XCTest snapshot test is deleted, runs without an XCTest manifest still
    /// count as complete, so its unasserted reference shows (kept: the deleted test never ran).
    @Test func runsWithoutALibraryThatStoppedAssertingAreComplete() throws {
        let package = try package(references: ["__Snapshots__/A/x.1.txt", "__Snapshots__/B/s.1.txt"])
        defer { package.remove() }
        try manifest(session: 1, started: 10, filtered: false, ["__Snapshots__/A/x.1.txt"], library: "xctest").write(
            root: package.root)
        try manifest(session: 1, started: 11, filtered: false, ["__Snapshots__/B/s.1.txt"], library: "swift-testing")
            .write(root: package.root)
        try manifest(session: 2, started: 20, filtered: false, ["__Snapshots__/B/s.1.txt"], library: "swift-testing")
            .write(root: package.root)
        let folder = SnapshotFolder(root: package.root)
        #expect(folder.orphans() == [])
        #expect(folder.unassertedLiveTests() == ["__Snapshots__/A/x.1.txt"])
        #expect(folder.lastCompleteRun()?.libraries == ["swift-testing"])
    }

    @Test func manifestsStayBounded() throws {
        let package = try package(references: [])
        defer { package.remove() }
        try manifest(session: 1, started: 1, filtered: false, []).write(root: package.root)
        try manifest(session: 2, started: 2, filtered: false, ["__Snapshots__/A/a.1.txt"]).write(root: package.root)
        for run in 3..<60 {
            try manifest(session: Int32(run), started: Double(run), filtered: true, ["__Snapshots__/A/r\(run).1.txt"])
                .write(root: package.root)
        }
        try RunManifest.compact(root: package.root)
        let left = RunManifest.all(root: package.root).map(\.manifest)
        #expect(left.count <= 21)
        #expect(!left.contains { $0.session == 1 })
        // Every reference a later run vouched for is still vouched for.
        let paths = left.reduce(into: Set<String>()) { $0.formUnion($1.paths) }
        #expect((3..<60).allSatisfy { paths.contains("__Snapshots__/A/r\($0).1.txt") })
    }

    @Test func parallelXCTestWorkersCountWithTheirRun() throws {
        let package = try package(references: ["__Snapshots__/A/x.1.txt", "__Snapshots__/B/s.1.txt"])
        defer { package.remove() }
        // `swift test --parallel`: XCTest workers get test names (filtered) and start first.
        try manifest(session: 1, started: 10, filtered: true, ["__Snapshots__/A/x.1.txt"], library: "xctest").write(
            root: package.root)
        try manifest(session: 1, started: 12, filtered: false, ["__Snapshots__/B/s.1.txt"], library: "swift-testing")
            .write(root: package.root)
        #expect(SnapshotFolder(root: package.root).orphans() == [])
    }

    @Test func testLibraryFromArguments() {
        #expect(RunManifest.library(arguments: ["/x/Tests.xctest"]) == "xctest")
        #expect(
            RunManifest.library(arguments: ["/x/Tests.xctest", "--testing-library", "swift-testing"]) == "swift-testing"
        )
        let original = manifest(session: 7, started: 1, filtered: false, [], library: "swift-testing")
        #expect(RunManifest(text: original.text) == original)
    }

    @Test(arguments: [
        (["/x/Tests.xctest"], false),
        (["/x/Tests.xctest", "--testing-library", "swift-testing"], false),
        (["/x/Tests.xctest", "--skip-build", "--testing-library", "swift-testing"], false),
        (["/x/Tests.xctest", "--filter", "probe", "--testing-library", "swift-testing"], true),
        (["/x/Tests.xctest", "--skip=probe", "--testing-library", "swift-testing"], true),
        (["/x/Tests.xctest", "SnapshotKitTests.ProbeX/testProbe"], true),
    ])
    func filteredRunsAreRecognized(arguments: [String], filtered: Bool) {
        #expect(RunManifest.isFilteredRun(arguments: arguments) == filtered)
    }

    @Test func manifestRoundTripsThroughText() throws {
        let original = manifest(session: 7, started: 1234.5, filtered: false, ["__Snapshots__/A/a.1.txt"])
        #expect(RunManifest(text: original.text) == original)
    }
}
