public import Foundation

/// A directory's regular files by relative path ("games/chess.html"), for snapshotting
/// a whole output tree (a built site, say) as one reference.
public struct FileTree: Sendable, Equatable {
    public var files: [String: Data]

    public init(_ files: [String: Data] = [:]) {
        self.files = files
    }

    /// Reads every regular file under `directory`; hidden files are skipped.
    public init(contentsOf directory: URL) throws {
        var files: [String: Data] = [:]
        for path in FileSystem.files(under: directory) {
            files[path] = try Data(contentsOf: directory.appendingPathComponent(path))
        }
        self.files = files
    }

    /// Writes the tree into `directory`, which must not exist yet.
    public func write(to directory: URL) throws {
        let fileManager = FileManager.default
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
            if let text = String(data: data, encoding: .utf8) {
                result.files[path] = Data(try transform(text).utf8)
            } else {
                result.files[path] = data
            }
        }
        return result
    }
}
