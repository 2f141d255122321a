public import Foundation

/// A directory's regular files by relative path ("games/chess.html"), for snapshotting
/// a whole output tree (a built site, say) as one reference. Hidden files (`.htaccess`,
/// `.well-known/`) are files like any other, and paths are compared by their bytes.
public struct FileTree: Sendable, Equatable {
    public var files: [String: Data]

    public init(_ files: [String: Data] = [:]) {
        self.files = files
    }

    /// Reads every regular file under `directory`, hidden ones included. Throws on a symbolic
    /// link or other special file (it can't be compared as a file), and on two names that are
    /// the same text in different Unicode forms (a dictionary keyed by String holds one).
    public init(contentsOf directory: URL) throws {
        var files: [String: Data] = [:]
        for path in try FileSystem.files(under: directory) {
            if let earlier = files.keys.first(where: { $0 == path }) {
                throw SnapshotError.equivalentTreePaths(earlier, path)
            }
            files[path] = try Data(contentsOf: directory.appendingPathComponent(path))
        }
        self.files = files
    }

    /// Equal when the same path bytes hold the same bytes: `String ==` on the keys would call
    /// an NFC and an NFD name equal.
    public static func == (a: FileTree, b: FileTree) -> Bool {
        a.files.count == b.files.count
            && a.sortedByBytes.elementsEqual(b.sortedByBytes) { x, y in
                UTF8Text.sameBytes(x.key, y.key) && x.value == y.value
            }
    }

    private var sortedByBytes: [(key: String, value: Data)] {
        files.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    /// Writes the tree into `directory`, which must not exist yet. Every path must read back as
    /// itself: relative, with no empty, `.` or `..` parts.
    public func write(to directory: URL) throws {
        let fileManager = FileManager.default
        for path in files.keys {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            if path.isEmpty || parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
                throw SnapshotError.invalidTreePath(path)
            }
        }
        try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        for (path, data) in files {
            let url = directory.appendingPathComponent(path)
            try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileSystem.write(data, toPath: url.path)
        }
    }

    /// The same tree with every UTF-8 text file rewritten by `transform`.
    public func mapText(_ transform: (String) throws -> String) rethrows -> FileTree {
        var result = FileTree()
        for (path, data) in files {
            if let text = UTF8Text.decode(data) {
                result.files[path] = Data(try transform(text).utf8)
            } else {
                result.files[path] = data
            }
        }
        return result
    }
}
