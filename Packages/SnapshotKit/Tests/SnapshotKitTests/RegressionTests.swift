import Foundation
import Testing
import XCTest

@testable import SnapshotKit
@testable import SnapshotKitCore

/// A big text with a short label, so a failing expectation doesn't print megabytes.
struct BigText: CustomTestStringConvertible, Sendable {
    let label: String
    let text: String
    var testDescription: String { label }
}

/// Issue 15, bug 4: distinct names give distinct files, by a reversible encoding.
@Suite struct NameEncodingTests {
    private func location(named name: String, in package: TemporaryPackage, registry: RunRegistry) -> SnapshotOutcome {
        verify(
            of: name, as: .lines, named: name, record: nil, site: package.site(), testName: "chart()",
            isParameterized: false, environment: environment(), registry: registry)
    }

    @Test(arguments: [
        ("chart(2024)", "chart(2025)"), ("日本", "中国"), ("a/b", "a-b"), ("a b", "a_b"), ("x.y", "x-y"),
        ("100%", "100%25"),
    ])
    func distinctNamesNeverCollide(first: String, second: String) throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let registry = RunRegistry()
        let one = location(named: first, in: package, registry: registry)
        let two = location(named: second, in: package, registry: registry)
        #expect(one.failure == nil)
        #expect(two.failure == nil)
        #expect(one.location?.relativePath != two.location?.relativePath)
        #expect(one.location.map { package.read($0.relativePath) } == first)
        #expect(two.location.map { package.read($0.relativePath) } == second)
    }

    /// A collision shows the name and its stored path. macOS file systems ignore case, so names
    /// differing only in case would share a file there: they collide on every platform instead.
    @Test(arguments: [
        ("chart(2024)", "chart(2024)", "chart.chart%282024%29.txt"), ("Home", "home", "chart.home.txt"),
    ])
    func aCollisionShowsTheNameAndItsStoredPath(first: String, second: String, stored: String) throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let registry = RunRegistry()
        #expect(location(named: first, in: package, registry: registry).failure == nil)
        let failure = location(named: second, in: package, registry: registry).failure
        #expect(
            failure?.contains(
                "Snapshot name collision: \"\(second)\" (stored as __Snapshots__/AppTests/PageTests/\(stored))") == true
        )
    }

    @Test(arguments: ["chart(2024)", "日本", "a/b", "100%", "", "..", "tab\there"])
    func encodingIsReversible(name: String) {
        #expect(SnapshotLocation.decode(SnapshotLocation.encode(name)) == name)
        #expect(!SnapshotLocation.encode(name).contains("/"))
    }

    @Test func readableNamesStayReadable() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let outcome = location(named: "two-games_v2", in: package, registry: RunRegistry())
        #expect(outcome.location?.relativePath.hasSuffix("/chart.two-games_v2.txt") == true)
    }

    @Test(arguments: ["../../escape", "/etc/passwd", "..", ".", "a/../../b", "a:b"])
    func namesStayInsideTheFolder(name: String) throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let outcome = location(named: name, in: package, registry: RunRegistry())
        let path = try #require(outcome.location?.relativePath)
        #expect(path.hasPrefix("__Snapshots__/AppTests/PageTests/"))
        #expect(!path.split(separator: "/").contains { $0 == ".." || $0 == "." })
    }
}

/// Issue 15, bug 5: messages stay small and show what a terminal would hide.
@Suite struct OutputHygieneTests {
    @Test(arguments: [BigText(label: "1 MB line", text: String(repeating: "x", count: 1 << 20))])
    func oneHugeLineIsCappedByBytes(big: BigText) throws {
        let difference = try #require(TextDiff.unified(big.text + "\n", big.text + "y\n", path: "p.txt"))
        #expect(difference.message.utf8.count < 20_000)
        #expect(difference.message.contains(".snapshots-pending/p.txt"))
    }

    @Test(arguments: [
        BigText(label: "NUL", text: "a\u{0}b\n"), BigText(label: "\\u{1B}", text: "a\u{1B}[31mred\n"),
        BigText(label: "\\u{1B}", text: "a\u{1B}]8;;x\u{7}b\n"), BigText(label: "\\r", text: "a\rb\n"),
        BigText(label: "\\u{200B}", text: "a\u{200B}b\n"),
    ])
    func controlCharactersAreShownVisibly(line: BigText) throws {
        let shown = line.label == "NUL" ? "[NUL]" : line.label
        let difference = try #require(TextDiff.unified("plain\n", line.text, path: "p.txt"))
        #expect(difference.message.contains(shown))
        let hidden = difference.message.unicodeScalars.contains {
            ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F || $0 == "\u{200B}"
        }
        #expect(!hidden)
    }
}

/// Issue 15, bug 7: files inside a directory snapshot are stored and diffed by their extension.
@Suite struct DirectoryStrategyTests {
    @Test func htmlInsideATreeIsNormalized() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let page = "<html><body><p>one</p><p>two</p></body></html>"
        let tree = FileTree(["index.html": Data(page.utf8), "notes.txt": Data("plain\n".utf8)])
        let outcome = verify(
            of: tree, as: .fileTree, named: "site", record: nil, site: package.site(), testName: "build()",
            isParameterized: false, environment: environment(), registry: RunRegistry())
        #expect(outcome.failure == nil)
        let stored = try #require(package.read("__Snapshots__/AppTests/PageTests/build.site/index.html"))
        #expect(stored == MarkupNormalizer.normalize(page, dialect: .html))
        #expect(package.read("__Snapshots__/AppTests/PageTests/build.site/notes.txt") == "plain\n")
    }
}

/// Issue 15, bug 3: the suite or type is part of a snapshot's identity.
@Suite struct IdentityTests {
    private func check(
        _ text: String, suite: [String], named name: String? = nil, line: Int = 1,
        in package: TemporaryPackage, registry: RunRegistry
    ) -> SnapshotOutcome {
        verify(
            of: text, as: .lines, named: name, record: nil, site: package.site(line: line), testName: "render()",
            suite: suite, isParameterized: false, environment: environment(), registry: registry)
    }

    @Test(arguments: [nil, "page"] as [String?])
    func twoSuitesWithTheSameTestNameKeepTheirOwnReferences(name: String?) throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let registry = RunRegistry()
        let a = check("from A\n", suite: ["SuiteA"], named: name, line: 10, in: package, registry: registry)
        let b = check("from B\n", suite: ["SuiteB"], named: name, line: 20, in: package, registry: registry)
        #expect(a.failure == nil && b.failure == nil)
        #expect(a.location?.relativePath == "__Snapshots__/AppTests/PageTests/SuiteA/render.\(name ?? "1").txt")
        #expect(b.location?.relativePath == "__Snapshots__/AppTests/PageTests/SuiteB/render.\(name ?? "1").txt")
        // A second run in the other order compares each against its own reference.
        let again = RunRegistry()
        #expect(
            check("from B\n", suite: ["SuiteB"], named: name, line: 20, in: package, registry: again).failure == nil)
        #expect(
            check("from A\n", suite: ["SuiteA"], named: name, line: 10, in: package, registry: again).failure == nil)
    }

    /// Each execution of a test (a repetition, say) counts its unnamed snapshots from 1.
    @Test func countersStartOverInEachExecution() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let registry = RunRegistry()
        for _ in 1...2 {
            SnapshotScope.$current.withValue(SnapshotScope()) {
                let first = check("one\n", suite: ["S"], line: 1, in: package, registry: registry)
                let second = check("two\n", suite: ["S"], line: 2, in: package, registry: registry)
                #expect(first.failure == nil && second.failure == nil)
                #expect(
                    first.location.map { URL(fileURLWithPath: $0.relativePath).lastPathComponent } == "render.1.txt")
                #expect(
                    second.location.map { URL(fileURLWithPath: $0.relativePath).lastPathComponent } == "render.2.txt")
                #expect(first.location?.relativePath.hasSuffix("/S/render.1.txt") == true)
            }
        }
    }
}

/// Issue 15, bugs 5 and 8: the review page stays small, and binary snapshots show as what they are.
@Suite struct ReviewPageTests {
    /// The 8-byte PNG signature and a few bytes of header: enough to be binary.
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52])

    static let svg = Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><circle r="1"/></svg>"#.utf8)

    @Test(arguments: [
        ("png", png, png + Data([1])),
        (
            "svg", svg,
            Data(String(decoding: svg, as: UTF8.self).replacingOccurrences(of: "r=\"1\"", with: "r=\"2\"").utf8)
        ),
    ])
    func imagesAreShownAsImagesSideBySide(ext: String, reference: Data, actual: Data) throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let path = "__Snapshots__/A/B/chart.1.\(ext)"
        try package.write("", to: "__Snapshots__/A/B/.keep")
        try reference.write(to: package.url(path))
        try package.write("", to: package.pending(path))
        try actual.write(to: package.url(package.pending(path)))
        let page = try ReviewPage.render(SnapshotFolder(root: package.root))
        let type = ext == "png" ? "image/png" : "image/svg+xml"
        #expect(page.components(separatedBy: "<img alt=\"\(path)\" src=\"data:\(type);base64,").count == 3)
        // Neither side shows the file's bytes as text.
        #expect(!page.contains("PNG") && !page.contains("<pre>&lt;svg"))
    }

    @Test func aBinaryDiffNamesSizesNotAbsolutePaths() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("", to: "__Snapshots__/A/B/.keep")
        try Self.png.write(to: package.url("__Snapshots__/A/B/chart.1.png"))
        try package.write("", to: package.pending("__Snapshots__/A/B/chart.1.png"))
        try (Self.png + Data([1])).write(to: package.url(package.pending("__Snapshots__/A/B/chart.1.png")))
        let summary = try SnapshotComparison.diff(
            pending: SnapshotLocation(packageRoot: package.root, relativePath: "__Snapshots__/A/B/chart.1.png"))
        #expect(summary?.summary == "binary data differs: 16 bytes, now 17 bytes")
        #expect(summary?.message.contains(package.root.path) == false)
    }

    @Test(arguments: [
        BigText(label: "2 MB", text: (0..<40_000).map { "line \($0) of a long text snapshot\n" }.joined())
    ])
    func aHugePendingSnapshotMakesASmallPage(big: BigText) throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write(big.text, to: "__Snapshots__/A/B/log.1.txt")
        try package.write(
            big.text.replacingOccurrences(of: "line 20000 ", with: "LINE 20000 "),
            to: package.pending("__Snapshots__/A/B/log.1.txt"))
        let page = try ReviewPage.render(SnapshotFolder(root: package.root))
        #expect(page.utf8.count < 700_000)
        #expect(page.contains("1 line changed"))
    }
}

/// Issue 15, bug 8: a `.data` strategy for bytes.
@Suite struct DataStrategyTests {
    @Test func dataMismatchFailsAndWritesItsDiffForTheTool() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let registry = RunRegistry()
        func check(_ data: Data) -> SnapshotOutcome {
            verify(
                of: data, as: .data(pathExtension: "png"), named: "logo", record: nil, site: package.site(),
                testName: "icon()",
                isParameterized: false, environment: environment(), registry: registry)
        }
        #expect(check(ReviewPageTests.png).failure == nil)
        let failure = try #require(
            verify(
                of: ReviewPageTests.png + Data([7]), as: .data(pathExtension: "png"), named: "logo", record: nil,
                site: package.site(line: 2),
                testName: "icon()", isParameterized: false, environment: environment(), registry: RunRegistry()
            ).failure)
        #expect(failure.contains("binary data differs: 16 bytes, now 17 bytes"))
        // status and review show the strategy's own diff, which they could not make themselves.
        let location = SnapshotLocation(
            packageRoot: package.root, relativePath: "__Snapshots__/AppTests/PageTests/icon.logo.png")
        #expect(
            try SnapshotComparison.diff(pending: location)?.summary == "binary data differs: 16 bytes, now 17 bytes")
        #expect(
            SnapshotFolder(root: package.root).pending().map(\.relativePath) == [
                "__Snapshots__/AppTests/PageTests/icon.logo.png"
            ])
    }
}

/// Issue 15, Swift Testing integration: the trait's scope, and attachments on failure.
@Suite(.snapshots(record: .never)) struct TraitTests {
    @Test func theTraitSetsTheRecordModeAndAScope() {
        #expect(SnapshotScope.current?.record == .never)
        #expect(SnapshotScope.current?.execution.isEmpty == false)
    }

    @Test(.snapshots(record: .all)) func anInnerTraitWins() {
        #expect(SnapshotScope.current?.record == .all)
    }

    @Test func aFailureAttachesReferenceActualAndDiff() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("old\n", to: "__Snapshots__/AppTests/PageTests/page.x.html")
        let html = Snapshotting<String, String>(pathExtension: "html", diffing: .lines)
        let failing = verify(
            of: "new\n", as: html, named: "x", record: .missing, site: package.site(line: 5), testName: "page()",
            isParameterized: false, environment: environment(), registry: RunRegistry())
        #expect(failing.attachments.map(\.name) == ["page.x.reference.html", "page.x.html", "page.x.html.diff"])
        #expect(failing.attachments.first.map { String(decoding: $0.data, as: UTF8.self) } == "old\n")
    }
}

/// An async value needs only its own `await`: the issue's form, exactly as written, in both
/// frameworks (these compile only if the sync, value-taking overload is the one chosen).
@Suite struct AsyncSnapshotTests {
    @Test func asyncValuesCanBeSnapshotted() async throws {
        func page() async -> String { "<p>Hi <b>you</b></p>" }
        assertSnapshot(of: await page(), as: .html, named: "async-page")
    }
}

final class AsyncXCTestSnapshotTests: XCTestCase {
    func testAsyncValue() async throws {
        func page() async throws -> String { "<p>Hi <b>you</b></p>" }
        assertSnapshot(of: try await page(), as: .html, named: "async-page")
    }
}
