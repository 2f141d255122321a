import Foundation
import Testing

@testable import SnapshotKitCore

/// Issue 41, identity: distinct tests and files never share a reference, counters never
/// depend on the order tests run in, `.json` output never depends on hash order, CI is
/// recognized by the variables CI services set, and file trouble reads as a message.
@Suite struct IdentityClassTests {
    private func check(
        _ value: String, named name: String? = nil, file: String = "PageTests.swift", testName: String,
        runningTest: String? = nil, registry: RunRegistry, in package: TemporaryPackage
    ) -> SnapshotOutcome {
        verify(
            of: value, as: .lines, named: name, record: nil, site: package.site(file: file), testName: testName,
            isParameterized: false, environment: environment(), registry: registry, runningTest: runningTest)
    }

    /// `#function` of `` func `page (home)`() `` is "page (home)()".
    @Test func rawIdentifierTestNamesStayDistinct() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let registry = RunRegistry()
        let home = check("home\n", named: "x", testName: "page (home)()", registry: registry, in: package)
        let about = check("about\n", named: "x", testName: "page (about)(x:)", registry: registry, in: package)
        #expect(home.failure == nil && about.failure == nil, "\(home.failure ?? "") \(about.failure ?? "")")
        #expect(home.location != about.location)
        #expect(
            home.location?.relativePath.hasSuffix("/page%20%28home%29.x.txt") == true,
            "\(home.location?.relativePath ?? "")")
    }

    @Test func testFilesWhoseNamesDifferOnlyInPunctuationStayDistinct() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let registry = RunRegistry()
        let spaced = check(
            "a\n", named: "x", file: "Page Tests.swift", testName: "home()", registry: registry, in: package)
        let dashed = check(
            "b\n", named: "x", file: "Page-Tests.swift", testName: "home()", registry: registry, in: package)
        #expect(spaced.failure == nil && dashed.failure == nil, "\(spaced.failure ?? "") \(dashed.failure ?? "")")
        #expect(spaced.location != dashed.location)
        for file in ["../x/Tests.swift", ".hidden.swift"] {
            let folder = SnapshotLocation.folder(for: package.root.path + "/Tests/" + file, root: package.root)
            #expect(!folder.split(separator: "/").contains { $0.hasPrefix(".") }, "\(folder)")
        }
    }

    /// A helper with an unnamed assertion, called from two tests: a shared counter would name
    /// the references by the order the tests run in. It is refused, whatever that order.
    @Test(arguments: [["A", "B"], ["B", "A"]])
    func aHelperCalledFromTwoTestsIsRefusedWhateverTheOrder(order: [String]) throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let registry = RunRegistry()
        let outcomes = order.map { test in
            check(
                "from \(test)\n", testName: "checkPage()", runningTest: "AppTests.\(test)()", registry: registry,
                in: package)
        }
        #expect(outcomes[0].failure == nil)
        let failure = try #require(outcomes[1].failure)
        #expect(failure.contains("AppTests.\(order[0])()") && failure.contains("named:"), "\(failure)")
    }
}

/// CI is recognized by what CI services set (ci-info's list), not by `CI` alone.
@Suite struct ContinuousIntegrationTests {
    @Test(arguments: [
        "CI", "JENKINS_URL", "TEAMCITY_VERSION", "TF_BUILD", "BUILDKITE", "CIRCLECI", "GITLAB_CI", "GITHUB_ACTIONS",
        "BITBUCKET_BUILD_NUMBER", "CODEBUILD_BUILD_ID", "CI_XCODE_PROJECT", "TRAVIS", "APPVEYOR", "BUILD_NUMBER",
        "CONTINUOUS_INTEGRATION", "DRONE", "SEMAPHORE", "bamboo_planKey", "SYSTEM_TEAMFOUNDATIONCOLLECTIONURI", "XCS",
    ])
    func neverRecordsOnCI(variable: String) throws {
        #expect(try RecordMode.fromEnvironment([variable: "1"]) == .never)
        #expect(try RecordMode.resolve(.all, environment: [variable: "1"]) == .never)
        #expect(try RecordMode.resolve(.all, environment: [variable: "1", "SNAPSHOT_RECORD": "all"]) == .all)
    }

    @Test func aFalseVariableIsNotCI() throws {
        #expect(try RecordMode.fromEnvironment(["JENKINS_URL": "false"]) == .missing)
        #expect(try RecordMode.fromEnvironment(["CI": "0"]) == .missing)
    }
}

/// `.json` of a Set or a dictionary JSONEncoder writes as an array (keys that are not String
/// or Int) would follow hash order, which changes between processes: refused, with the fix.
@Suite struct JSONOrderTests {
    enum Color: String, Codable { case red, green, blue }
    struct Palette: Codable { var tags: Set<String> }

    @Test func aSetIsRefused() throws {
        let strategy = Snapshotting<Set<String>, String>.json
        #expect { try strategy.snapshot(["a", "b", "c"]) } throws: {
            "\($0)".contains("Set") && "\($0)".contains("sorted")
        }
        let nested = Snapshotting<Palette, String>.json
        #expect { try nested.snapshot(Palette(tags: ["x", "y"])) } throws: { "\($0)".contains("tags") }
    }

    @Test func anEnumKeyedDictionaryIsRefused() throws {
        let strategy = Snapshotting<[Color: Int], String>.json
        #expect { try strategy.snapshot([.red: 1, .green: 2, .blue: 3]) } throws: { "\($0)".contains("Color") }
    }

    @Test func orderedValuesAreFine() throws {
        #expect(
            try Snapshotting<[String: Int], String>.json.snapshot(["b": 2, "a": 1])
                == "{\n  \"a\" : 1,\n  \"b\" : 2\n}\n")
        #expect(
            try Snapshotting<[Int: Int], String>.json.snapshot([2: 2, 1: 1]) == "{\n  \"1\" : 1,\n  \"2\" : 2\n}\n")
        #expect(try Snapshotting<Set<Int>, String>.json.snapshot([7]) == "[\n  7\n]\n")
    }
}

/// A reference that is not a readable regular file gives a message that says so and shows
/// the difference, never a raw NSError dump.
@Suite struct FileTroubleTests {
    @Test func aFolderWhereTheReferenceShouldBe() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("x", to: "__Snapshots__/AppTests/PageTests/page.x.txt/inside")
        let failure = try #require(
            verify(
                of: "actual\n", as: .lines, named: "x", record: nil, site: package.site(), testName: "page()",
                isParameterized: false, environment: environment(), registry: RunRegistry()
            ).failure)
        #expect(failure.contains("not a regular file"), "\(failure)")
        #expect(failure.contains("+actual"), "\(failure)")
        #expect(!failure.contains("Error Domain"), "\(failure)")
    }

    /// A named pipe where the reference should be: reading it would wait for a writer forever.
    @Test(arguments: [nil, "all"] as [String?])
    func aPipeWhereTheReferenceShouldBe(record: String?) throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let reference = package.root.appendingPathComponent("__Snapshots__/AppTests/PageTests/page.x.txt")
        try FileManager.default.createDirectory(
            at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
        try #require(mkfifo(reference.path, 0o644) == 0)
        let failure = try #require(
            verify(
                of: "actual\n", as: .lines, named: "x", record: nil, site: package.site(), testName: "page()",
                isParameterized: false, environment: environment(record: record), registry: RunRegistry()
            ).failure)
        #expect(failure.contains("not a regular file") && failure.contains("+actual"), "\(failure)")
        #expect(!failure.contains("Error Domain"), "\(failure)")
        var info = stat()
        #expect(lstat(reference.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the pipe was replaced")
    }

    @Test func anUnwritablePendingFolderStillShowsTheDiff() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("expected\n", to: "__Snapshots__/AppTests/PageTests/page.x.txt")
        try package.write("in the way", to: ".snapshots-pending")  // a file where the folder goes
        let failure = try #require(
            verify(
                of: "actual\n", as: .lines, named: "x", record: nil, site: package.site(), testName: "page()",
                isParameterized: false, environment: environment(), registry: RunRegistry()
            ).failure)
        #expect(failure.contains("-expected") && failure.contains("+actual"), "\(failure)")
        #expect(failure.contains("could not write"), "\(failure)")
        #expect(!failure.contains("Error Domain"), "\(failure)")
    }
}
