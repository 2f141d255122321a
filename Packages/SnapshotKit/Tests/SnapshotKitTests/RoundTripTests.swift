import Foundation
import Testing

@testable import SnapshotKitCore

/// record -> pass -> change -> fail with .new -> accept -> pass, in a temporary package.
/// Each step is a separate run (a fresh registry), as it would be with `swift test`.
@Suite struct RoundTripTests {
    private func check(_ text: String, in package: TemporaryPackage) -> SnapshotOutcome {
        verify(
            of: text, as: .html, named: "home", record: nil, site: package.site(), testName: "homePage()",
            isParameterized: false, environment: environment(), registry: RunRegistry())
    }

    @Test func recordPassChangeFailAcceptPass() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let reference = "__Snapshots__/AppTests/PageTests/homePage.home.html"

        let recorded = check("<p class=b id=a>Hello</p>", in: package)
        #expect(recorded.failure == nil)
        #expect(recorded.note?.contains("Recorded new snapshot reference \(reference)") == true)
        #expect(package.read(reference) == "<p class=\"b\" id=\"a\">Hello</p>\n")

        #expect(check("<p id=a class=b>Hello</p>", in: package) == SnapshotOutcome(location: recorded.location))

        let failed = check("<p class=b id=a>Goodbye</p>", in: package)
        let failure = try #require(failed.failure)
        #expect(failure.contains("did not match \(reference): 1 line changed"))
        #expect(failure.contains("swift run snapshots accept \(reference)"))
        #expect(failure.contains("-<p class=\"b\" id=\"a\">Hello</p>\n+<p class=\"b\" id=\"a\">Goodbye</p>"))
        #expect(package.read(package.pending(reference)) == "<p class=\"b\" id=\"a\">Goodbye</p>\n")

        let folder = SnapshotFolder(root: package.root)
        #expect(folder.pending().map(\.relativePath) == [reference])
        try folder.accept(folder.pending(matching: [package.url(reference)]))
        #expect(!package.exists(package.pending(reference)))

        #expect(check("<p class=b id=a>Goodbye</p>", in: package).failure == nil)
    }

    @Test func rejectKeepsTheReference() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        _ = check("<p>one</p>", in: package)
        _ = check("<p>two</p>", in: package)
        let folder = SnapshotFolder(root: package.root)
        try folder.reject(folder.pending(matching: [package.url("__Snapshots__")]))
        #expect(folder.pending().isEmpty)
        #expect(package.read("__Snapshots__/AppTests/PageTests/homePage.home.html") == "<p>one</p>\n")
    }

    @Test func passingAgainRemovesAStalePendingOutput() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        _ = check("<p>one</p>", in: package)
        _ = check("<p>two</p>", in: package)
        #expect(package.exists(package.pending("__Snapshots__/AppTests/PageTests/homePage.home.html")))
        _ = check("<p>one</p>", in: package)
        #expect(!package.exists(package.pending("__Snapshots__/AppTests/PageTests/homePage.home.html")))
    }

    @Test func acceptingAnUnknownPathSaysSo() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let folder = SnapshotFolder(root: package.root)
        #expect(throws: ReviewError.nothingPending(package.url("nope.txt").path)) {
            try folder.pending(matching: [package.url("nope.txt")])
        }
    }
}
