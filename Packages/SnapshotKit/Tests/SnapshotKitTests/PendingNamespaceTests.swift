import Foundation
import Testing

@testable import SnapshotKitCore

/// Pending outputs live where no reference can: a reference whose name ends in `.new` (a
/// folder snapshot named "x.new", a `.data(pathExtension: "new")`) is a reference like any
/// other, and `reject`/`accept` never touch it.
@Suite struct PendingNamespaceTests {
    private func assert<Value, Format>(
        _ value: Value, as strategy: Snapshotting<Value, Format>, named name: String, in package: TemporaryPackage
    ) -> SnapshotOutcome {
        verify(
            of: value, as: strategy, named: name, record: nil, site: package.site(), testName: "page()",
            isParameterized: false, environment: environment(), registry: RunRegistry())
    }

    @Test func referencesEndingInNewAreNeverPending() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        // page.x.txt and its would-be ".new" sibling, both real references.
        #expect(assert("text\n", as: .lines, named: "x", in: package).failure == nil)
        #expect(
            assert(Data("other\n".utf8), as: .data(pathExtension: "txt.new"), named: "x", in: package).failure == nil)
        #expect(
            assert(FileTree(["a.txt": Data("a".utf8)]), as: .fileTree, named: "site.new", in: package).failure == nil)
        #expect(package.exists("__Snapshots__/AppTests/PageTests/page.x.txt.new"))
        #expect(package.exists("__Snapshots__/AppTests/PageTests/page.site.new/a.txt"))

        let folder = SnapshotFolder(root: package.root)
        #expect(folder.pending().isEmpty)
        try folder.reject(folder.pending())
        try folder.accept(folder.pending())
        #expect(package.read("__Snapshots__/AppTests/PageTests/page.x.txt") == "text\n")
        #expect(package.read("__Snapshots__/AppTests/PageTests/page.x.txt.new") == "other\n")
        #expect(package.read("__Snapshots__/AppTests/PageTests/page.site.new/a.txt") == "a")
        #expect(throws: ReviewError.self) {
            try folder.pending(matching: [package.url(package.pending("__Snapshots__/AppTests/PageTests/page.x.txt"))])
        }

        // A real mismatch of the ".new" reference is pending as itself, and accepted onto itself.
        #expect(
            assert(Data("changed\n".utf8), as: .data(pathExtension: "txt.new"), named: "x", in: package).failure != nil)
        #expect(folder.pending().map(\.relativePath) == ["__Snapshots__/AppTests/PageTests/page.x.txt.new"])
        try folder.accept(folder.pending())
        #expect(package.read("__Snapshots__/AppTests/PageTests/page.x.txt") == "text\n")
        #expect(package.read("__Snapshots__/AppTests/PageTests/page.x.txt.new") == "changed\n")
        #expect(folder.pending().isEmpty)
    }
}
