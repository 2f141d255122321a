import Foundation
import Testing

@testable import SnapshotKit
@testable import SnapshotKitCore

@Suite struct RecordModeTests {
    @Test(
        arguments: [
            ([:], RecordMode.missing),
            (["CI": "true"], .never),
            (["CI": "1"], .never),
            (["CI": ""], .never),
            (["CI": "false"], .missing),
            (["CI": "0"], .missing),
            (["GITHUB_ACTIONS": "true"], .never),
            (["TF_BUILD": "True"], .never),
            (["CI": "true", "SNAPSHOT_RECORD": "missing"], .missing),
            (["SNAPSHOT_RECORD": "all"], .all),
            (["SNAPSHOT_RECORD": "FAILED"], .failed),
            (["SNAPSHOT_RECORD": "never"], .never),
        ] as [([String: String], RecordMode)])
    func defaultMode(environment: [String: String], expected: RecordMode) throws {
        #expect(try RecordMode.fromEnvironment(environment) == expected)
    }

    @Test func allRewritesAMismatchWithoutFailing() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("old\n", to: "__Snapshots__/AppTests/PageTests/page.x.txt")
        let outcome = verifySnapshot(
            of: "new\n", as: .lines, named: "x", site: package.site(), testName: "page()",
            environment: environment(record: "all"))
        #expect(outcome.failure == nil)
        #expect(outcome.note?.contains("Re-recorded") == true)
        #expect(package.read("__Snapshots__/AppTests/PageTests/page.x.txt") == "new\n")
    }

    @Test func failedRewritesAMismatchAndFailsOnce() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("old\n", to: "__Snapshots__/AppTests/PageTests/page.x.txt")
        let outcome = verifySnapshot(
            of: "new\n", as: .lines, named: "x", site: package.site(), testName: "page()",
            environment: environment(record: "failed"))
        #expect(outcome.failure?.contains("re-recorded the reference") == true)
        #expect(package.read("__Snapshots__/AppTests/PageTests/page.x.txt") == "new\n")
        #expect(!package.exists(package.pending("__Snapshots__/AppTests/PageTests/page.x.txt")))
    }

    @Test func recordParameterWinsOverTheEnvironment() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let outcome = verifySnapshot(
            of: "new\n", as: .lines, named: "x", record: .never, site: package.site(), testName: "page()",
            environment: environment(record: "all"))
        #expect(outcome.failure != nil)
        #expect(!package.exists("__Snapshots__/AppTests/PageTests/page.x.txt"))
    }

    @Test func countersNumberUnnamedSnapshotsPerTest() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        for text in ["one", "two"] {
            _ = verifySnapshot(
                of: text, as: .lines, site: package.site(), testName: "counted()", environment: environment())
        }
        _ = verifySnapshot(
            of: "other", as: .lines, site: package.site(), testName: "otherTest()", environment: environment())
        #expect(package.read("__Snapshots__/AppTests/PageTests/counted.1.txt") == "one")
        #expect(package.read("__Snapshots__/AppTests/PageTests/counted.2.txt") == "two")
        #expect(package.read("__Snapshots__/AppTests/PageTests/otherTest.1.txt") == "other")
    }
}

extension RecordModeTests {
    /// A `record: .all` left in a test must not make CI pass by recording.
    @Test func onCIAModeSetInCodeNeverRecords() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let outcome = verifySnapshot(
            of: "new\n", as: .lines, named: "x", record: .all, site: package.site(), testName: "page()",
            environment: environment(ci: true))
        #expect(outcome.failure?.contains("record mode is \"never\"") == true)
        #expect(!package.exists("__Snapshots__/AppTests/PageTests/page.x.txt"))
        #expect(try RecordMode.resolve(.all, environment: ["CI": "true", "SNAPSHOT_RECORD": "all"]) == .all)
    }
}
