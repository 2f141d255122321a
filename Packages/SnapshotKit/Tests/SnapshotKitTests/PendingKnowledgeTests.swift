import Foundation
import Testing

@testable import SnapshotKitCore

/// A run reads what is pending under a package root once, at the root's first assertion, and
/// a match then deletes its pending output without a system call when none can exist. These
/// tests check that a match still deletes every stale pending output, whenever it was written.
@Suite struct PendingKnowledgeTests {
    static let page = "__Snapshots__/AppTests/PageTests/page.x.txt"
    static let other = "__Snapshots__/AppTests/PageTests/page.y.txt"
    static let site = "__Snapshots__/AppTests/PageTests/site.tree"

    private func check(
        _ text: String, named name: String = "x", in package: TemporaryPackage, registry: RunRegistry,
        execution: String = ""
    ) -> SnapshotOutcome {
        SnapshotScope.$current.withValue(SnapshotScope(execution: execution)) {
            verify(
                of: text, as: .lines, named: name, record: nil, site: package.site(), testName: "page()",
                isParameterized: false, environment: environment(), registry: registry)
        }
    }

    private func checkTree(
        _ files: [String: String], in package: TemporaryPackage, registry: RunRegistry,
        execution: String = ""
    ) -> SnapshotOutcome {
        SnapshotScope.$current.withValue(SnapshotScope(execution: execution)) {
            verify(
                of: FileTree(files.mapValues { Data($0.utf8) }), as: .fileTree, named: "tree", record: nil,
                site: package.site(),
                testName: "site()", isParameterized: false, environment: environment(), registry: registry)
        }
    }

    /// What a run finds at its start: an output with its diff, or an output that is a symbolic
    /// link, which is not what the run would write and so tells it nothing.
    @Test(arguments: ["output", "link"])
    func aMatchDeletesWhatWasPendingBeforeTheRun(kind: String) throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("same\n", to: Self.page)
        try package.write("same\n", to: Self.other)
        try package.write("other pending\n", to: package.pending(Self.other))
        switch kind {
        case "output":
            try package.write("stale\n", to: package.pending(Self.page))
            try package.write("stale diff\n", to: ".snapshots-pending/diffs/" + Self.page)
        default:
            try package.write("stale\n", to: "elsewhere.txt")
            try FileManager.default.createDirectory(
                at: package.url(package.pending(Self.page)).deletingLastPathComponent(),
                withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: package.url(package.pending(Self.page)).path,
                withDestinationPath: package.url("elsewhere.txt").path)
        }
        #expect(check("same\n", in: package, registry: RunRegistry()).failure == nil)
        #expect(
            (try? FileManager.default.destinationOfSymbolicLink(atPath: package.url(package.pending(Self.page)).path))
                == nil)
        #expect(!package.exists(package.pending(Self.page)))
        if kind == "output" { #expect(!package.exists(".snapshots-pending/diffs/" + Self.page)) }
        // Another reference's output is not this match's to delete.
        #expect(package.read(package.pending(Self.other)) == "other pending\n")
    }

    @Test func aMatchDeletesATreePendingBeforeTheRun() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        #expect(checkTree(["index.html": "<p>one</p>"], in: package, registry: RunRegistry()).failure == nil)
        #expect(checkTree(["index.html": "<p>two</p>"], in: package, registry: RunRegistry()).failure != nil)
        let pending = package.pendingTree(Self.site)
        #expect(package.exists(pending))
        #expect(checkTree(["index.html": "<p>one</p>"], in: package, registry: RunRegistry()).failure == nil)
        #expect(!package.exists(pending))
    }

    /// The root is first seen with nothing pending; a repetition of the test then fails and
    /// writes an output, and a later repetition that matches must delete it.
    @Test func aMatchDeletesWhatTheSameRunWrote() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("same\n", to: Self.page)
        try package.write("same\n", to: Self.other)
        let registry = RunRegistry()
        #expect(check("same\n", named: "y", in: package, registry: registry).failure == nil)
        #expect(check("changed\n", in: package, registry: registry, execution: "first").failure != nil)
        #expect(package.exists(package.pending(Self.page)))
        #expect(check("same\n", in: package, registry: registry, execution: "second").failure == nil)
        #expect(!package.exists(package.pending(Self.page)))
        #expect(!package.exists(".snapshots-pending/diffs/" + Self.page))
    }

    @Test func aMatchDeletesATreeTheSameRunWrote() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        #expect(checkTree(["index.html": "<p>one</p>"], in: package, registry: RunRegistry()).failure == nil)
        let registry = RunRegistry()
        #expect(check("same\n", named: "y", in: package, registry: registry).note != nil)
        #expect(
            checkTree(["index.html": "<p>two</p>"], in: package, registry: registry, execution: "first").failure != nil)
        let pending = package.pendingTree(Self.site)
        #expect(package.exists(pending))
        #expect(
            checkTree(["index.html": "<p>one</p>"], in: package, registry: registry, execution: "second").failure == nil
        )
        #expect(!package.exists(pending))
    }
}

/// The diff compares lines by their bytes: equal exactly when the bytes are, which Swift's
/// `String ==` (canonical equivalence, "\r\n" one Character) is not.
@Suite struct LineBytesTests {
    @Test func linesAreEqualExactlyWhenTheirBytesAre() {
        let old = "a\nb\ncafé\n\r\nb\nlast\nx\nab\nrow 10\nrow 11\n"
        let new = "b\ncafe\u{301}\n\n\r\na\nlast\nlast\ny\nac\nrow 11\nrow 12\nlast"
        let operations = UTF8Text.withBytes(old) { a in
            UTF8Text.withBytes(new) { b in
                LineDiff.operations(
                    TextLines(Substring(old), bytes: a, ends: TextLines.ends(a)),
                    TextLines(Substring(new), bytes: b, ends: TextLines.ends(b)))
            }
        }
        let lines = { (text: String) in RegionDiffTests.lines(text).map { Array($0.utf8) } }
        #expect(operations == LineDiff.operations(lines(old), lines(new)))
        #expect(operations.filter { $0 == .equal }.count == 4)
    }
}
