public import Foundation

/// Where one assertion's reference lives:
/// `<package root>/__Snapshots__/<test file>/<test name>.<name or counter>.<ext>`, where
/// `<test file>` is the test file's path under `Tests/` without `.swift`
/// (`Tests/SiteRenderingTests/PageTests.swift` gives `SiteRenderingTests/PageTests`), so files
/// of the same name in two test targets never share references.
public struct SnapshotLocation: Sendable, Hashable {
    public static let folderName = "__Snapshots__"
    public static let pendingSuffix = ".new"

    public let packageRoot: URL
    /// Relative to the package root, with "/" separators.
    public let relativePath: String
    /// Absolute paths as strings: cheaper than URLs on the hot path of a matching snapshot.
    let referencePath: String
    var pendingPath: String { referencePath + Self.pendingSuffix }

    public init(packageRoot: URL, relativePath: String) {
        self.packageRoot = packageRoot
        self.relativePath = relativePath
        self.referencePath = packageRoot.path + "/" + relativePath
    }

    public var reference: URL { packageRoot.appendingPathComponent(relativePath) }
    /// The actual output of a failing assertion, waiting for `snapshots accept`.
    public var pending: URL { packageRoot.appendingPathComponent(relativePath + Self.pendingSuffix) }

    static func make(_ testFile: TestFile, testName: String, identifier: String, pathExtension: String?) -> SnapshotLocation {
        var name = "\(sanitize(testName)).\(identifier)"
        if let pathExtension { name += ".\(pathExtension)" }
        return SnapshotLocation(packageRoot: testFile.root, relativePath: "\(folderName)/\(testFile.folder)/\(name)")
    }

    /// The test file's path below `Tests/` (or the package root) without `.swift`, sanitized.
    static func folder(for testFile: String, root: URL) -> String {
        let file = URL(fileURLWithPath: testFile).standardizedFileURL.deletingPathExtension().path
        let rootPath = root.standardizedFileURL.path
        var relative = file.hasPrefix(rootPath + "/") ? String(file.dropFirst(rootPath.count + 1)) : URL(fileURLWithPath: file).lastPathComponent
        if relative.hasPrefix("Tests/") { relative.removeFirst("Tests/".count) }
        return relative.split(separator: "/").map { sanitize(String($0)) }.joined(separator: "/")
    }

    /// `renders(game:)` becomes `renders`; anything but letters, digits, `_`, `-` and `.`
    /// becomes `-`, so names are safe in every file system and shell.
    static func sanitize(_ name: String) -> String {
        let base = name.prefix { $0 != "(" }
        var result = ""
        for scalar in base.unicodeScalars {
            let ok = (scalar.properties.isAlphabetic || scalar.properties.numericType != nil) && scalar.isASCII
                || scalar == "_" || scalar == "-" || scalar == "."
            if ok {
                result.unicodeScalars.append(scalar)
            } else if !result.hasSuffix("-") {
                result += "-"
            }
        }
        while result.hasPrefix(".") || result.hasPrefix("-") { result.removeFirst() }
        while result.hasSuffix("-") || result.hasSuffix(".") { result.removeLast() }
        return result.isEmpty ? "snapshot" : result
    }
}
