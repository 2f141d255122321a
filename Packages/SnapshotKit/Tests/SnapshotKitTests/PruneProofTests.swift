import Foundation
import Testing

@testable import SnapshotKitCore

/// `prune` deletes a reference only when it can prove that the reference's test ran to the end
/// in a complete run without asserting it. Everything else is kept, and listed.
@Suite struct PruneProofTests {
    /// Runs are dated an hour ahead, after the references' status change times.
    private let base = Date().timeIntervalSince1970 + 3600

    private func run(_ session: Int32, _ paths: [String], completed: [String] = []) -> RunManifest {
        RunManifest(
            session: session, process: session, started: Date(timeIntervalSince1970: base + Double(session)),
            filtered: false, paths: Set(paths), completed: Set(completed))
    }

    /// Records `names` of test `home` in a test file called `file`, as a first run would.
    private func record(_ names: [String], file: String, in package: TemporaryPackage) throws -> [String] {
        try package.write("struct PageTests {\n    @Test func home() throws {}\n}\n", to: "Tests/AppTests/\(file)")
        return names.compactMap { name in
            verify(
                of: "x\n", as: .lines, named: name, record: nil, site: package.site(file: file), testName: "home()",
                suite: ["PageTests"], isParameterized: false, environment: environment(), registry: RunRegistry()
            ).location?.relativePath
        }
    }

    @Test(arguments: ["Page Tests.swift", "Page+Tests.swift", "Pägé Tests.swift", "PageTests.swift"])
    func aSkippedTestKeepsItsReferencesWhateverItsFileIsCalled(file: String) throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let references = try record(["a"], file: file, in: package)
        #expect(references.count == 1)
        // A complete run in which the test was skipped or disabled: it asserted nothing.
        try run(1, []).write(root: package.root)
        let folder = SnapshotFolder(root: package.root)
        #expect(try folder.prune(dryRun: false) == [])
        #expect(references.allSatisfy(package.exists))
        #expect(folder.unassertedLiveTests() == references)
    }

    /// A Swift Testing test without the trait threw between its two assertions: nothing told
    /// SnapshotKit, and the run looks complete. Its second reference stays.
    @Test func aTestThatMayHaveStoppedEarlyKeepsItsReferences() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let references = try record(["a", "b"], file: "PageTests.swift", in: package)
        try run(1, [references[0]]).write(root: package.root)
        let folder = SnapshotFolder(root: package.root)
        #expect(try folder.prune(dryRun: false) == [])
        #expect(package.exists(references[1]))
        #expect(folder.unassertedLiveTests() == [references[1]])
    }

    /// Seen running to the end (the trait or XCTest reported it) without asserting "b": prunable.
    @Test func aTestSeenRunningToTheEndProvesItsOrphans() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let references = try record(["a", "b"], file: "PageTests.swift", in: package)
        let prefix = try #require(SnapshotLocation(packageRoot: package.root, relativePath: references[0]).testPrefix)
        try run(1, [references[0]], completed: [prefix]).write(root: package.root)
        let folder = SnapshotFolder(root: package.root)
        #expect(folder.orphans() == [references[1]])
        #expect(try folder.prune(dryRun: false) == [references[1]])
        #expect(package.exists(references[0]) && !package.exists(references[1]))
    }

    @Test func theRegistryRecordsTestsThatRanToTheEnd() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let registry = RunRegistry()
        let site = package.site()
        for (execution, test) in [("e1", "finished()"), ("e2", "threw()")] {
            _ = SnapshotScope.$current.withValue(SnapshotScope(execution: execution)) {
                verify(
                    of: "x\n", as: .lines, named: "a", record: nil, site: site, testName: test, isParameterized: false,
                    environment: environment(), registry: registry)
            }
        }
        registry.complete(execution: "e1")
        registry.writeManifests()
        let manifest = try #require(RunManifest.all(root: package.root).first?.manifest)
        #expect(manifest.completed == ["__Snapshots__/AppTests/PageTests/finished."])
        #expect(RunManifest(text: manifest.text) == manifest)
    }
}
