import Foundation
import Testing

@testable import SnapshotKitCore

/// `swift test` builds every product into the folder that holds the test bundle.
private let snapshotsBinary: String? = {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let path = folder.appendingPathComponent("snapshots").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
}()

/// The `snapshots` tool end to end: the built binary, its output and exit codes.
@Suite(.enabled(if: snapshotsBinary != nil, "the snapshots executable is built beside the tests"))
struct CommandLineTests {
    func snapshots(_ arguments: String..., in package: TemporaryPackage) throws -> (status: Int32, output: String) {
        try run(snapshotsBinary ?? "snapshots", arguments, in: package.root)
    }

    func pendingPackage() throws -> TemporaryPackage {
        let package = try TemporaryPackage()
        for (name, text) in [("a", "one\n"), ("b", "two\n")] {
            try package.write(text, to: "__Snapshots__/AppTests/PageTests/page.\(name).txt")
            try package.write(
                text.uppercased(), to: package.pending("__Snapshots__/AppTests/PageTests/page.\(name).txt"))
        }
        return package
    }

    @Test func statusListsPendingAndChecksForCI() throws {
        let package = try pendingPackage()
        defer { package.remove() }
        let status = try snapshots("status", in: package)
        #expect(status.status == 0)
        #expect(status.output.contains("__Snapshots__/AppTests/PageTests/page.a.txt  (1 line changed)"))
        #expect(status.output.contains("Orphans unknown"))
        #expect(try snapshots("status", "--check", in: package).status == 1)
    }

    @Test func acceptAndRejectByPath() throws {
        let package = try pendingPackage()
        defer { package.remove() }
        let accepted = try snapshots(
            "accept", package.pending("__Snapshots__/AppTests/PageTests/page.a.txt"), in: package)
        #expect(accepted.output == "accepted __Snapshots__/AppTests/PageTests/page.a.txt\n")
        #expect(package.read("__Snapshots__/AppTests/PageTests/page.a.txt") == "ONE\n")
        let rejected = try snapshots("reject", in: package)
        #expect(rejected.output == "rejected __Snapshots__/AppTests/PageTests/page.b.txt\n")
        #expect(package.read("__Snapshots__/AppTests/PageTests/page.b.txt") == "two\n")
        let nothing = try snapshots("accept", "nope.txt", in: package)
        #expect(nothing.status != 0)
        #expect(nothing.output.contains("Nothing pending at"))
    }

    @Test func diffPrintsAPatchAndExitsOne() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("a\nb\n", to: "old/x.txt")
        try package.write("a\nc\n", to: "new/x.txt")
        try package.write("only here\n", to: "new/y.txt")
        let result = try snapshots("diff", "old", "new", in: package)
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("1 file changed, 1 file added\n"))
        #expect(result.output.contains("--- /dev/null\n+++ b/old/y.txt\n@@ -0,0 +1,1 @@\n+only here\n"))
        #expect(try snapshots("diff", "old/x.txt", "old/x.txt", in: package).status == 0)
    }

    @Test func reviewWritesOnePage() throws {
        let package = try pendingPackage()
        defer { package.remove() }
        try package.write("<p>old</p>\n", to: "__Snapshots__/AppTests/PageTests/page.c.html")
        try package.write("<p>new</p>\n", to: package.pending("__Snapshots__/AppTests/PageTests/page.c.html"))
        #expect(try snapshots("review", "--html", "review.html", in: package).status == 0)
        let page = try #require(package.read("review.html"))
        #expect(page.contains("<title>Pending snapshots (3)</title>"))
        #expect(page.contains("<iframe sandbox srcdoc=\"&lt;p&gt;new&lt;/p&gt;"))
    }

    @Test func reviewCreatesAMissingFolder() throws {
        let package = try pendingPackage()
        defer { package.remove() }
        let result = try snapshots("review", "--html", "review/pending/page.html", in: package)
        #expect(result.status == 0, "\(result.output)")
        #expect(package.read("review/pending/page.html")?.contains("Pending snapshots (2)") == true)
        // A folder that cannot be made (a file is in the way): one plain line naming the path.
        let blocked = try snapshots("review", "--html", "review/pending/page.html/x.html", in: package)
        #expect(blocked.status == 1)
        #expect(
            blocked.output.hasPrefix("Error: Cannot write ") && !blocked.output.contains("NSCocoaErrorDomain"),
            "\(blocked.output)")
    }

    /// Example paths follow the storage layout: `__Snapshots__/<target>/<file>` for a folder,
    /// `__Snapshots__/<target>/<file>/<test>.<name>.<ext>` for a reference.
    @Test func helpExamplesUseTheStorageLayout() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        var paths: [Substring] = []
        for arguments in [["--help"]]
            + ["status", "accept", "reject", "diff", "prune", "review"].map({ [$0, "--help"] })
        {
            let help = try run(snapshotsBinary ?? "snapshots", arguments, in: package.root).output
            paths += help.split(whereSeparator: \.isWhitespace).filter {
                $0.hasPrefix("__Snapshots__/") && !$0.contains("<")
            }
        }
        #expect(!paths.isEmpty)
        for path in paths {
            let parts = path.split(separator: "/").dropFirst()
            let isFolder = parts.count == 2 && !parts.contains { $0.contains(".") }
            let isReference = parts.count == 3 && parts.last!.split(separator: ".").count >= 3
            #expect(isFolder || isReference, "\(path)")
        }
    }

    @Test func everySubcommandHasHelpWithAnExample() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        for command in ["status", "accept", "reject", "diff", "prune", "review"] {
            let help = try snapshots(command, "--help", in: package)
            #expect(help.status == 0)
            #expect(help.output.contains("Example:\n  swift run snapshots \(command)"), "\(command)")
        }
    }
}

/// Issue 15, bug 9: small things the tool got wrong.
extension CommandLineTests {
    @Test func diffOfAMissingFileNamesIt() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("x\n", to: "x.txt")
        let result = try snapshots("diff", "nonexistent", "x.txt", in: package)
        #expect(result.status == 2)
        #expect(result.output == "Error: No such file or directory: nonexistent\n", "\(result.output)")
    }

    @Test func aPendingOutputEqualToItsReferenceIsNotListed() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("same\n", to: "__Snapshots__/AppTests/PageTests/page.a.txt")
        try package.write("same\n", to: package.pending("__Snapshots__/AppTests/PageTests/page.a.txt"))
        let status = try snapshots("status", in: package)
        #expect(!status.output.contains("page.a.txt  ("), "\(status.output)")
        #expect(try snapshots("status", "--check", in: package).status == 0)
    }
}

/// Issue 15, bug 6: once the last XCTest snapshot test is deleted, runs of Swift Testing alone
/// still count as complete, so status finds that test's orphan and names the run it trusts.
extension CommandLineTests {
    @Test func statusFindsTheOrphanOfADeletedXCTestTest() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("x\n", to: "__Snapshots__/A/x.1.txt")
        try package.write("s\n", to: "__Snapshots__/B/s.1.txt")
        // Runs dated an hour ahead, after the references' status change time.
        let later = Date().timeIntervalSince1970 + 3600
        let runs: [(session: Int32, started: Double, library: String, path: String)] = [
            (1, 10, "xctest", "__Snapshots__/A/x.1.txt"), (1, 11, "swift-testing", "__Snapshots__/B/s.1.txt"),
            (2, 20, "swift-testing", "__Snapshots__/B/s.1.txt"),
        ]
        for run in runs {
            try RunManifest(
                session: run.session, process: Int32(run.started),
                started: Date(timeIntervalSince1970: later + run.started),
                filtered: false, paths: [run.path], library: run.library
            ).write(root: package.root)
        }
        let status = try snapshots("status", in: package)
        #expect(status.output.contains("No orphaned references."), "\(status.output)")
        #expect(status.output.contains("prune keeps them (1):\n  __Snapshots__/A/x.1.txt\n"), "\(status.output)")
        let started = Date(timeIntervalSince1970: later + 20).formatted(.iso8601)
        #expect(
            status.output.contains("Last complete run: \(started) (swift-testing), 1 reference asserted."),
            "\(status.output)")
    }
}

/// Issue 15, bug 8: status shows a binary snapshot's difference as its strategy computed it,
/// with paths relative to the package.
extension CommandLineTests {
    /// A custom strategy that counts differing bytes as "pixels".
    static let pixels = Snapshotting<Data, Data>(
        pathExtension: "png",
        diffing: Diffing(
            toData: { $0 }, fromData: { $0 },
            diff: { reference, actual, _ in
                guard reference != actual else { return nil }
                let count = zip(reference, actual).filter { $0 != $1 }.count
                return SnapshotDifference(summary: "\(count) pixels differ", message: "\(count) pixels differ\n")
            }))

    @Test func statusShowsACustomStrategysDiff() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        for (bytes, registry) in [(Data([1, 2, 3, 4]), RunRegistry()), (Data([1, 9, 9, 4]), RunRegistry())] {
            _ = verify(
                of: bytes, as: Self.pixels, named: "chart", record: nil, site: package.site(), testName: "chart()",
                isParameterized: false, environment: environment(), registry: registry)
        }
        let status = try snapshots("status", in: package)
        #expect(
            status.output.contains("  __Snapshots__/AppTests/PageTests/chart.chart.png  (2 pixels differ)\n"),
            "\(status.output)")
        #expect(!status.output.contains(package.root.path), "\(status.output)")
    }
}

/// `snapshots review` without --html: a walk through pending snapshots in a terminal; with
/// standard input not a terminal (here, a pipe), a listing that changes nothing.
extension CommandLineTests {
    @Test func reviewWithoutATerminalOnlyLists() throws {
        let package = try pendingPackage()
        defer { package.remove() }
        let result = try run(snapshotsBinary ?? "snapshots", ["review"], in: package.root, input: "a\na\n")
        #expect(result.status == 0)
        #expect(
            result.output.contains("[1/2] __Snapshots__/AppTests/PageTests/page.a.txt  (1 line changed)"),
            "\(result.output)")
        #expect(result.output.contains("nothing changed"))
        #expect(package.read("__Snapshots__/AppTests/PageTests/page.a.txt") == "one\n")
    }

    @Test("A file a command cannot delete: the message names it and says what to do, not an NSError dump")
    func rejectThatCannotDeleteSaysWhereAndWhatToDo() throws {
        let package = try pendingPackage()
        defer { package.remove() }
        let pending = package.url(package.pending("__Snapshots__/AppTests/PageTests/page.a.txt")).path
        guard Self.set(pending, deletable: false) else { return }
        let result = try snapshots("reject", in: package)
        Self.set(pending, deletable: true)
        #expect(result.status == 1)
        let reason = geteuid() == 0 ? "Operation not permitted" : "Permission denied"
        #expect(
            result.output
                == "Error: `snapshots reject` stopped: \(reason) (\(pending)). Fix that (fix the permissions of that file and its folder) and run `snapshots reject` again.\n",
            "\(result.output)")
        #expect(package.exists(package.pending("__Snapshots__/AppTests/PageTests/page.a.txt")))
    }

    /// Makes the file at `path` undeletable, or deletable again; false where it cannot. Root
    /// deletes through permission bits, so as root the file is made immutable (`chattr +i`).
    @discardableResult
    static func set(_ path: String, deletable: Bool) -> Bool {
        guard geteuid() == 0 else {
            return chmod((path as NSString).deletingLastPathComponent, deletable ? 0o755 : 0o555) == 0
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [deletable ? "-i" : "+i", path]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    @Test func unknownOptionsPrintUsage() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let result = try snapshots("status", "--nope", in: package)
        #expect(result.status == 64)
        #expect(result.output.hasPrefix("Error: Unknown option '--nope'\nUSAGE: snapshots status"), "\(result.output)")
    }
}

#if os(Linux)
    /// The terminal walk, under a pseudo-terminal from util-linux's `script`: a diff, the diff tool
    /// opened with both files, then the answer read from standard input.
    extension CommandLineTests {
        @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
        func reviewInATerminalAsksAndOpensTheDiffTool() throws {
            let package = try pendingPackage()
            defer { package.remove() }
            let command = "SNAPSHOT_DIFF_TOOL='echo TOOL' \(snapshotsBinary ?? "snapshots") review"
            let result = try run("script", ["-qec", command, "/dev/null"], in: package.root, input: "a\nr\n")
            let output = result.output.replacingOccurrences(of: "\r", with: "")
            #expect(output.contains("-one\n+ONE\n"), "\(output)")
            #expect(output.contains("TOOL \(package.url("__Snapshots__/AppTests/PageTests/page.a.txt").path) "))
            #expect(output.contains("1 accepted, 1 rejected."))
            #expect(package.read("__Snapshots__/AppTests/PageTests/page.a.txt") == "ONE\n")
            #expect(package.read("__Snapshots__/AppTests/PageTests/page.b.txt") == "two\n")
            #expect(!package.exists(package.pending("__Snapshots__/AppTests/PageTests/page.b.txt")))
        }
    }
#endif
