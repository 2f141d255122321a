public import Foundation

/// Where one assertion's reference lives:
/// `<package root>/__Snapshots__/<test file without .swift>/<test name>.<name or counter>.<ext>`.
public struct SnapshotLocation: Sendable, Hashable {
    public static let folderName = "__Snapshots__"
    public static let pendingSuffix = ".new"

    public var packageRoot: URL
    /// Relative to the package root, with "/" separators.
    public var relativePath: String

    public init(packageRoot: URL, relativePath: String) {
        self.packageRoot = packageRoot
        self.relativePath = relativePath
    }

    public var reference: URL { packageRoot.appendingPathComponent(relativePath) }
    /// The actual output of a failing assertion, waiting for `snapshots accept`.
    public var pending: URL { packageRoot.appendingPathComponent(relativePath + Self.pendingSuffix) }

    static func make(root: URL, testFile: String, testName: String, identifier: String, pathExtension: String?) -> SnapshotLocation {
        let fileName = URL(fileURLWithPath: testFile).deletingPathExtension().lastPathComponent
        var name = "\(sanitize(testName)).\(identifier)"
        if let pathExtension { name += ".\(pathExtension)" }
        return SnapshotLocation(packageRoot: root, relativePath: "\(folderName)/\(sanitize(fileName))/\(name)")
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
