import Foundation
import Testing
@testable import SnapshotKitCore

@Suite struct OrphanTests {
    private func manifest(session: Int32, started: Double, filtered: Bool, _ paths: [String]) -> RunManifest {
        RunManifest(session: session, process: Int32(started), started: Date(timeIntervalSince1970: started),
                    filtered: filtered, paths: Set(paths))
    }

    /// References dated before every manifest below, as if recorded long ago.
    private func package(references: [String]) throws -> TemporaryPackage {
        let package = try TemporaryPackage()
        for reference in references { try package.write("x\n", to: reference, modified: 5) }
        return package
    }

    @Test func noCompleteRunMeansOrphansAreUnknown() throws {
        let package = try package(references: ["__Snapshots__/A/a.1.txt"])
        defer { package.remove() }
        try manifest(session: 1, started: 10, filtered: true, []).write(root: package.root)
        #expect(SnapshotFolder(root: package.root).orphans() == nil)
        #expect(throws: ReviewError.noCompleteRun) { try SnapshotFolder(root: package.root).prune(dryRun: true) }
    }

    @Test func referencesMissingFromTheLastCompleteRunAreOrphans() throws {
        let package = try package(references: [
            "__Snapshots__/A/a.1.txt", "__Snapshots__/A/b.1.txt", "__Snapshots__/B/tree.site/index.html",
            "__Snapshots__/B/gone.1.txt",
        ])
        defer { package.remove() }
        try package.write("pending\n", to: "__Snapshots__/A/b.1.txt.new")
        // An old complete run knew "gone"; the newest run is two processes (XCTest and Swift
        // Testing) of one session; a later filtered run must not matter.
        try manifest(session: 1, started: 10, filtered: false, ["__Snapshots__/B/gone.1.txt"]).write(root: package.root)
        try manifest(session: 2, started: 20, filtered: false, ["__Snapshots__/A/a.1.txt"]).write(root: package.root)
        try manifest(session: 2, started: 21, filtered: false, ["__Snapshots__/B/tree.site"]).write(root: package.root)
        try manifest(session: 3, started: 30, filtered: true, []).write(root: package.root)

        let folder = SnapshotFolder(root: package.root)
        #expect(folder.orphans() == ["__Snapshots__/A/b.1.txt", "__Snapshots__/B/gone.1.txt"])
        #expect(try folder.prune(dryRun: true) == ["__Snapshots__/A/b.1.txt", "__Snapshots__/B/gone.1.txt"])
        #expect(package.exists("__Snapshots__/B/gone.1.txt"))

        #expect(try folder.prune(dryRun: false) == ["__Snapshots__/A/b.1.txt", "__Snapshots__/B/gone.1.txt"])
        #expect(!package.exists("__Snapshots__/B/gone.1.txt"))
        #expect(package.exists("__Snapshots__/B/tree.site/index.html"))
        #expect(RunManifest.all(root: package.root).map(\.manifest.session).sorted() == [2, 2, 3])
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
        try manifest(session: 2, started: 20, filtered: true, ["__Snapshots__/A/new.1.txt", "__Snapshots__/A/tree.site"])
            .write(root: package.root)
        // A reference written after the complete run by a run that left no manifest (it crashed).
        try package.write("x\n", to: "__Snapshots__/A/crashed.1.txt", modified: 30)

        let folder = SnapshotFolder(root: package.root)
        #expect(folder.orphans() == [])
        #expect(try folder.prune(dryRun: false) == [])
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
        try manifest(session: 2, started: 20, filtered: false, ["__Snapshots__/A/a.1.txt"]).write(root: package.root)

        let folder = SnapshotFolder(root: package.root)
        #expect(folder.orphans() == ["__Snapshots__/A/known.site", "__Snapshots__/A/unknown.site"])
        #expect(try folder.prune(dryRun: false) == ["__Snapshots__/A/known.site", "__Snapshots__/A/unknown.site"])
        #expect(!package.exists("__Snapshots__/A/known.site"))
        #expect(!package.exists("__Snapshots__/A/unknown.site"))
        #expect(package.exists("__Snapshots__/A/a.1.txt"))
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
