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
        verify(of: value, as: .lines, named: name, record: nil, site: package.site(file: file), testName: testName,
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
        #expect(home.location?.relativePath.hasSuffix("/page%20%28home%29.x.txt") == true, "\(home.location?.relativePath ?? "")")
    }

    @Test func testFilesWhoseNamesDifferOnlyInPunctuationStayDistinct() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let registry = RunRegistry()
        let spaced = check("a\n", named: "x", file: "Page Tests.swift", testName: "home()", registry: registry, in: package)
        let dashed = check("b\n", named: "x", file: "Page-Tests.swift", testName: "home()", registry: registry, in: package)
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
            check("from \(test)\n", testName: "checkPage()", runningTest: "AppTests.\(test)()", registry: registry, in: package)
        }
        #expect(outcomes[0].failure == nil)
        let failure = try #require(outcomes[1].failure)
        #expect(failure.contains("AppTests.\(order[0])()") && failure.contains("named:"), "\(failure)")
    }
}
