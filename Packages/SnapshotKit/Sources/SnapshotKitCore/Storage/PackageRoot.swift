import Foundation

/// The package root: the nearest folder above a test file that holds Package.swift.
enum PackageRoot {
    private static let cache = Locked([String: URL]())

    static func find(from filePath: String) -> URL? {
        let start = URL(fileURLWithPath: filePath).deletingLastPathComponent().standardizedFileURL
        if let cached = cache.withLock({ $0[start.path] }) { return cached }
        var directory = start
        while true {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                cache.withLock { $0[start.path] = directory }
                return directory
            }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { return nil }
            directory = parent
        }
    }

    /// From the current directory, for the `snapshots` tool.
    static func find(fromDirectory directory: URL) -> URL? {
        find(from: directory.appendingPathComponent("x").path)
    }
}

/// A test file's package root and its folder under `__Snapshots__`, worked out once per file.
struct TestFile: Sendable {
    let root: URL
    /// `root.path`, kept: every assertion needs it, and `URL.path` is not free.
    let rootPath: String
    let folder: String

    private static let cache = Locked([String: TestFile]())

    static func find(_ filePath: String) -> TestFile? {
        if let cached = cache.withLock({ $0[filePath] }) { return cached }
        guard let root = PackageRoot.find(from: filePath) else { return nil }
        let testFile = TestFile(
            root: root, rootPath: root.path, folder: SnapshotLocation.folder(for: filePath, root: root))
        cache.withLock { $0[filePath] = testFile }
        return testFile
    }
}

/// What every reference of one test shares, worked out at its first assertion and kept: making
/// the path's folders and name, and its test prefix, were a fifth of a matching assertion's time
/// in a debug build.
struct TestReferences: Sendable {
    let testFile: TestFile
    /// `__Snapshots__/<test file>/<suite>/<test name>.`
    let start: String
    /// `.<extension>`, or nothing for a strategy without one.
    let end: String
    /// The root's path and the references' test prefix, as the run registry keys a test's
    /// references: the same for every identifier (none holds a "/"), unless the extension holds
    /// a "/" and the prefix is found in it.
    private let prefixKey: String?
    private let prefixVaries: Bool

    private struct Key: Hashable {
        var filePath: String
        var suite: [String]
        var testName: String
        var pathExtension: String?
    }

    private static let cache = Locked([Key: TestReferences]())

    static func find(filePath: String, suite: [String], testName: String, pathExtension: String?) -> TestReferences? {
        let key = Key(filePath: filePath, suite: suite, testName: testName, pathExtension: pathExtension)
        if let cached = cache.withLock({ $0[key] }) { return cached }
        guard let testFile = TestFile.find(filePath) else { return nil }
        let start = SnapshotLocation.start(testFile, suite: suite, testName: testName)
        let end = pathExtension.map { "." + $0 } ?? ""
        // A counter's digits stand for every identifier.
        let prefix = SnapshotLocation.testPrefix(of: start + "1" + end)
        let references = TestReferences(
            testFile: testFile, start: start, end: end, prefixKey: prefix.map { testFile.rootPath + "\u{0}" + $0 },
            prefixVaries: end.utf8.contains(UInt8(ascii: "/")))
        cache.withLock { $0[key] = references }
        return references
    }

    /// The location of the reference with this identifier (an encoded name or a counter), and
    /// its test prefix keyed by the root's path.
    func location(identifier: String) -> (location: SnapshotLocation, prefixKey: String?) {
        let location = SnapshotLocation(
            packageRoot: testFile.root, rootPath: testFile.rootPath, relativePath: start + identifier + end)
        guard prefixVaries else { return (location, prefixKey) }
        return (location, location.testPrefix.map { testFile.rootPath + "\u{0}" + $0 })
    }
}
