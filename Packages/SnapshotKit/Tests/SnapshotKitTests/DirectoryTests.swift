import Foundation
import Testing

@testable import SnapshotKitCore

/// A directory snapshot: stored as a folder of plain files, failures report added, removed and
/// changed files, and the message applies as a patch to the reference folder.
@Suite struct DirectoryTests {
    private func check(_ site: URL, in package: TemporaryPackage) -> SnapshotOutcome {
        verify(
            of: site, as: .directory, named: "site", record: nil, site: package.site(), testName: "build()",
            isParameterized: false, environment: environment(), registry: RunRegistry())
    }

    private func makeSite(_ files: [String: String], in package: TemporaryPackage) throws -> URL {
        let folder = package.url("out-\(UUID().uuidString)")
        try FileTree(files.mapValues { Data($0.utf8) }).write(to: folder)
        return folder
    }

    @Test func recordsComparesAndReportsEachFile() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let reference = "__Snapshots__/AppTests/PageTests/build.site"
        let first = try makeSite(
            ["index.html": "<h1>Games</h1>\n", "games/chess.html": "<h1>Chess</h1>\n", "old.html": "bye\n"], in: package
        )
        #expect(check(first, in: package).failure == nil)
        #expect(package.read(reference + "/games/chess.html") == "<h1>Chess</h1>\n")
        #expect(check(first, in: package).note == nil)

        let second = try makeSite(
            [
                "index.html": "<h1>All games</h1>\n", "games/chess.html": "<h1>Chess</h1>\n",
                "games/go.html": "<h1>Go</h1>\n",
            ], in: package)
        let failure = try #require(check(second, in: package).failure)
        #expect(failure.contains("did not match \(reference): 1 file changed, 1 file added, 1 file removed"))
        #expect(failure.contains("  added: games/go.html (1 line added)"))
        #expect(failure.contains("  removed: old.html (1 line removed)"))
        #expect(failure.contains("--- /dev/null\n+++ b/\(reference)/games/go.html\n"))
        #expect(package.read(package.pendingTree(reference) + "/games/go.html") == "<h1>Go</h1>\n")

        // The message is a patch: applied to the reference folder, it gives the actual tree.
        let result = try run("patch", ["-p1", "--batch", "--quiet", "-E"], in: package.root, input: failure)
        #expect(result.status == 0, "\(result.output)")
        #expect(try FileTree(contentsOf: package.url(reference)) == FileTree(contentsOf: second))

        let folder = SnapshotFolder(root: package.root)
        try folder.accept(folder.pending())
        #expect(check(second, in: package).failure == nil)
    }
}
