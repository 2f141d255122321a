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
