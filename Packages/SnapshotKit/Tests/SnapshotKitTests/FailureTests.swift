import Foundation
import Testing

@testable import SnapshotKit
@testable import SnapshotKitCore

/// Each failure really fails: the assertion records an issue, and nothing is overwritten.
@Suite struct FailureTests {
    @Test func mismatchFails() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("expected\n", to: "__Snapshots__/AppTests/PageTests/page.title.txt")
        withKnownIssue {
            assertSnapshot(
                of: "actual\n", as: .lines, named: "title", site: package.site(), testName: "page()",
                environment: environment())
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("did not match __Snapshots__/AppTests/PageTests/page.title.txt: 1 line changed")
            }
        }
        #expect(package.read("__Snapshots__/AppTests/PageTests/page.title.txt") == "expected\n")
        #expect(package.read(package.pending("__Snapshots__/AppTests/PageTests/page.title.txt")) == "actual\n")
    }

    @Test(arguments: ["CI", "GITHUB_ACTIONS", "TF_BUILD"])
    func missingReferenceOnCIFailsAndWritesNothing(variable: String) throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        withKnownIssue {
            assertSnapshot(
                of: "anything\n", as: .lines, named: "fresh", site: package.site(), testName: "page()",
                environment: [variable: "true"])
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("record mode is \"never\"") }
        }
        #expect(!package.exists("__Snapshots__/AppTests/PageTests/page.fresh.txt"))
        #expect(!package.exists(package.pending("__Snapshots__/AppTests/PageTests/page.fresh.txt")))
    }

    @Test func ciSetToFalseRecordsLocally() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        assertSnapshot(
            of: "recorded\n", as: .lines, named: "local", record: nil, site: package.site(), testName: "page()",
            environment: ["CI": "false"])
        #expect(package.read("__Snapshots__/AppTests/PageTests/page.local.txt") == "recorded\n")
    }

    @Test func nameCollisionFailsAndKeepsTheFirst() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        assertSnapshot(
            of: "first\n", as: .lines, named: "same", site: package.site(line: 10), testName: "page()",
            environment: environment())
        withKnownIssue {
            assertSnapshot(
                of: "second\n", as: .lines, named: "same", site: package.site(line: 11), testName: "page()",
                environment: environment())
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("Snapshot name collision") && $0.rawValue.contains("AppTests/PageTests.swift:10:1")
            }
        }
        #expect(package.read("__Snapshots__/AppTests/PageTests/page.same.txt") == "first\n")
    }

    @Test(arguments: ["chess", "go"])
    func parameterizedCasesNeedANameWithoutOne(game: String) throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        withKnownIssue {
            assertSnapshot(
                of: game, as: .lines, site: package.site(), testName: "board(game:)", environment: environment())
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("needs a name") }
        }
        // With a name taken from the argument, each case has its own reference.
        assertSnapshot(
            of: game, as: .lines, named: game, site: package.site(), testName: "board(game:)",
            environment: environment())
        #expect(package.read("__Snapshots__/AppTests/PageTests/board.\(game).txt") == game)
    }

    @Test func invalidRecordModeFails() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        withKnownIssue {
            assertSnapshot(
                of: "x", as: .lines, named: "x", site: package.site(), testName: "page()",
                environment: environment(record: "sometimes"))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("SNAPSHOT_RECORD=sometimes is not a record mode") }
        }
    }

    @Test func throwingValueFails() throws {
        struct Broken: Error {}
        let package = try TemporaryPackage()
        defer { package.remove() }
        try withKnownIssue {
            assertSnapshot(
                of: try { () throws -> String in throw Broken() }(), as: .lines, named: "x",
                site: package.site(), testName: "page()", environment: environment())
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("could not be taken") }
        }
    }
}

/// Issue 15, bug 2: a mismatch with no current test (in `Task.detached`, say) still fails:
/// never only a `.new` file on disk.
@Suite struct UnattributedFailureTests {
    @Test func detachedMismatchIsNotDropped() async throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let site = package.site()
        let captured = await Task.detached { () -> String? in
            let outcome = SnapshotOutcome(failure: "Snapshot did not match")
            let box = Locked<String?>(nil)
            TestFramework.report(outcome, at: site, file: #filePath, line: #line) { message, _ in
                box.withLock { $0 = message }
            }
            return box.withLock { $0 }
        }.value
        #expect(captured == "Snapshot did not match")
    }

    /// End to end: this test bundle runs again with only `DetachedProbe` enabled, which asserts a
    /// mismatch in `Task.detached`. The process must fail; a `.new` file alone is not enough.
    @Test func aDetachedMismatchFailsTheTestProcess() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("expected\n", to: "__Snapshots__/AppTests/PageTests/page.x.txt")
        let result = try run(
            CommandLine.arguments[0], ["--testing-library", "swift-testing", "--filter", "DetachedProbe"],
            in: package.root,
            environment: [detachedProbeVariable: package.root.path])
        #expect(
            package.read(package.pending("__Snapshots__/AppTests/PageTests/page.x.txt")) == "actual\n",
            "the probe did not run: \(result.output)")
        #expect(result.status != 0, "\(result.output)")
    }

    @Test func insideATestTheIssueGoesToSwiftTesting() {
        #expect(TestFramework.route() == .swiftTesting)
    }
}

/// Names the temporary package in `aDetachedMismatchFailsTheTestProcess`'s child process.
private let detachedProbeVariable = "SNAPSHOTKIT_DETACHED_PROBE"

/// Runs only in that child process.
@Suite(.enabled(if: ProcessInfo.processInfo.environment[detachedProbeVariable] != nil))
struct DetachedProbe {
    @Test func mismatchInADetachedTask() async {
        let root = URL(fileURLWithPath: ProcessInfo.processInfo.environment[detachedProbeVariable] ?? "/nonexistent")
        let site = CallSite(
            fileID: "AppTests/PageTests.swift",
            filePath: root.appendingPathComponent("Tests/AppTests/PageTests.swift").path,
            line: 1, column: 1)
        await Task.detached {
            assertSnapshot(of: "actual\n", as: .lines, named: "x", site: site, testName: "page()", environment: [:])
        }.value
    }
}
