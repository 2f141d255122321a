import Foundation
import Testing

@testable import SnapshotKitCore

/// The byte-level forms of work done on every assertion give what the plain forms gave.
@Suite struct HotPathTests {
    /// A reference is opened and read once, whatever it holds: equal bytes, other bytes of the
    /// same size, another size (shorter, longer, empty), nothing, or a folder.
    @Test func aReferenceReadOnceGivesItsBytesOrEqualOrMissing() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let expected = Data("reference\nline\n".utf8)
        let cases: [(stored: Data, equal: Bool)] = [
            (expected, true), (Data("referencf\nline\n".utf8), false), (Data("ref\n".utf8), false),
            (expected + Data("more\n".utf8), false), (Data(), false),
        ]
        for (index, (stored, equal)) in cases.enumerated() {
            let path = package.url("r\(index).txt").path
            try stored.write(to: URL(fileURLWithPath: path))
            for found in [try FileSystem.read(path, unlessEqualTo: expected), try Self.lent(path, expected)] {
                switch found {
                case .equal: #expect(equal, "case \(index)")
                case .contents(let data): #expect(!equal && data == stored, "case \(index)")
                case .missing: Issue.record("case \(index) read as missing")
                }
            }
        }
        // Empty against empty is equal, and nothing there is missing.
        try Data().write(to: package.url("empty.txt"))
        #expect(Self.isEqual(try FileSystem.read(package.url("empty.txt").path, unlessEqualTo: Data())))
        #expect(Self.isMissing(try FileSystem.read(package.url("none.txt").path, unlessEqualTo: expected)))
        // A folder is no reference, and never missing.
        try FileManager.default.createDirectory(at: package.url("folder.txt"), withIntermediateDirectories: true)
        #expect(throws: SnapshotError.self) {
            try FileSystem.read(package.url("folder.txt").path, unlessEqualTo: expected)
        }
    }

    /// A failure's attachments are named after the reference's last path component.
    @Test func theLastComponentIsNSStringsOne() {
        let paths = [
            "__Snapshots__/AppTests/PageTests/page.x.txt", "page.x.txt", "a/b.c/d", "a/b/", "a//b", "/", "",
            "a/.hidden",
            "__Snapshots__/A/page.x.txt/", "a/caf\u{E9}.t\u{301}xt", "a/b//",
        ]
        for path in paths {
            #expect(SnapshotEngine.lastComponent(path) == (path as NSString).lastPathComponent, "\(path)")
        }
    }

    static func lent(_ path: String, _ expected: Data) throws -> FileSystem.ReadResult {
        try expected.withUnsafeBytes { try FileSystem.read(path, unlessEqualTo: $0) }
    }

    static func isEqual(_ result: FileSystem.ReadResult) -> Bool {
        if case .equal = result { return true }
        return false
    }

    static func isMissing(_ result: FileSystem.ReadResult) -> Bool {
        if case .missing = result { return true }
        return false
    }

    /// The prefix shared by a test's references, found on bytes, is the one found on Characters.
    @Test func aTestPrefixOnBytesIsTheOneOnCharacters() {
        func characters(_ path: String) -> String? {
            let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
            guard let dot = path[slash...].firstIndex(of: ".") else { return nil }
            return String(path[...dot])
        }
        var generator = SplitMix(seed: 41)
        let pieces = ["a", "/", ".", "é", "e\u{301}", "%2E", "__Snapshots__", "x.y", "日本", "\r\n", ""]
        var paths = ["", ".", "/", "a", "a/", "/a", "a.b", "a/b.c.d", "a.b/c", "a.b/c.d", "./.", "é/é.é"]
        for _ in 0..<3_000 {
            paths.append(
                (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                    pieces.randomElement(using: &generator) ?? ""
                }.joined())
        }
        for path in paths {
            let bytes = SnapshotLocation.testPrefix(of: path)
            let expected = characters(path)
            #expect(bytes.map { Array($0.utf8) } == expected.map { Array($0.utf8) }, "\(path.debugDescription)")
        }
    }

    /// A test's references, worked out once, give each assertion the path and test prefix that
    /// joining its parts at that assertion gives, whatever the names and the extension hold.
    @Test func aTestsReferencesMadeOnceGiveEachAssertionsPathAndPrefix() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let filePath = package.site(file: "Deep/Page Tests.swift").filePath
        let testFile = try #require(TestFile.find(filePath))
        var generator = SplitMix(seed: 41)
        let pieces = ["a", "/", ".", "é", "(", ")", "x:", " ", "%2E", "日本", ""]
        func random() -> String {
            (0..<Int.random(in: 0...4, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }
                .joined()
        }
        for _ in 0..<500 {
            let suite = (0..<Int.random(in: 0...2, using: &generator)).map { _ in random() }
            let testName = random() + (["()", "(game:)", ""].randomElement(using: &generator) ?? "")
            let pathExtension = [nil, "txt", "tar.gz", random()].randomElement(using: &generator) ?? nil
            let references = try #require(
                TestReferences.find(
                    filePath: filePath, suite: suite, testName: testName, pathExtension: pathExtension))
            for identifier in [SnapshotLocation.encode(random()), "1", "12"] {
                let joined =
                    ([SnapshotLocation.folderName, testFile.folder] + suite.map(SnapshotLocation.encodeComponent)
                    + [
                        SnapshotLocation.encodeComponent(SnapshotLocation.functionName(testName)) + "." + identifier
                            + (pathExtension.map { "." + $0 } ?? "")
                    ]).joined(separator: "/")
                let (location, prefixKey) = references.location(identifier: identifier)
                #expect(Array(location.relativePath.utf8) == Array(joined.utf8), "\(suite) \(testName)")
                #expect(location.referencePath == package.root.path + "/" + joined)
                let prefix = SnapshotLocation.testPrefix(of: joined).map { package.root.path + "\u{0}" + $0 }
                #expect(prefixKey.map { Array($0.utf8) } == prefix.map { Array($0.utf8) }, "\(joined)")
            }
        }
    }
}
