public import Foundation

/// Compares any two files or directory trees in the format assertion failures use.
public enum SnapshotComparison {
    /// nil when they are the same. Text files give a unified diff, trees a per-file listing.
    public static func diff(_ reference: URL, _ actual: URL, label: String? = nil) throws -> SnapshotDifference? {
        let path = label ?? reference.lastPathComponent
        switch (FileSystem.isDirectory(reference), FileSystem.isDirectory(actual)) {
        case (true, true):
            return TreeDiff.diff(try FileTree(contentsOf: reference), try FileTree(contentsOf: actual), path: path, maxLines: .max)
        case (false, false):
            let old = try Data(contentsOf: reference), new = try Data(contentsOf: actual)
            guard old != new else { return nil }
            guard let oldText = String(data: old, encoding: .utf8), let newText = String(data: new, encoding: .utf8) else {
                return SnapshotDifference(summary: "binary files differ", message: "Binary files \(reference.path) and \(actual.path) differ\n")
            }
            return TextDiff.unified(oldText, newText, path: path, maxLines: .max)
        default:
            return SnapshotDifference(summary: "a file and a directory", message: "\(reference.path) and \(actual.path): one is a file, the other a directory\n")
        }
    }

    /// The difference between a pending output and its reference (everything added when there
    /// is no reference yet).
    public static func diff(pending location: SnapshotLocation) throws -> SnapshotDifference? {
        let reference = location.reference
        if FileSystem.exists(reference) {
            return try diff(reference, location.pending, label: location.relativePath)
        }
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("snapshots-empty-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: empty) }
        if FileSystem.isDirectory(location.pending) {
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        } else {
            try Data().write(to: empty)
        }
        return try diff(empty, location.pending, label: location.relativePath)
    }
}
