public import Foundation

/// Compares any two files or directory trees in the format assertion failures use.
public enum SnapshotComparison {
    /// nil when they are the same. Text files give a unified diff, trees a per-file listing.
    /// `label` names them in messages (default: the reference's file name); `limits` caps the
    /// diff shown (the review page), unlimited by default (`snapshots diff`).
    public static func diff(
        _ reference: URL, _ actual: URL, label: String? = nil,
        limits: DiffContext = DiffContext(maxLines: .max, maxBytes: .max)
    ) throws -> SnapshotDifference? {
        let path = label ?? reference.lastPathComponent
        switch (FileSystem.isDirectory(reference), FileSystem.isDirectory(actual)) {
        case (true, true):
            return TreeDiff.diff(
                try FileTree(contentsOf: reference), try FileTree(contentsOf: actual), path: path,
                maxLines: limits.maxLines, maxBytes: limits.maxBytes)
        case (false, false):
            let old = try Data(contentsOf: reference)
            let new = try Data(contentsOf: actual)
            guard old != new else { return nil }
            guard let oldText = UTF8Text.decode(old), let newText = UTF8Text.decode(new) else {
                return Diffing<Data>.data.diff(old, new, DiffContext(path: path))
            }
            return TextDiff.unified(oldText, newText, path: path, maxLines: limits.maxLines, maxBytes: limits.maxBytes)
        default:
            return SnapshotDifference(
                summary: "a file and a directory", message: "\(path): one is a file, the other a directory\n")
        }
    }

    /// The difference between a pending output and its reference (everything added when there
    /// is no reference yet).
    /// A file's diff is the one its strategy computed (`.data`'s, a custom one), which the
    /// assertion recorded in the root's diff log, while the output is the one it wrote.
    public static func diff(
        pending location: SnapshotLocation, limits: DiffContext = DiffContext(maxLines: .max, maxBytes: .max)
    ) throws -> SnapshotDifference? {
        if let saved = PendingDiffLog.diff(for: location) {
            let text = String(decoding: saved, as: UTF8.self)
            let summary = text.prefix { $0 != "\n" }
            return SnapshotDifference(summary: String(summary), message: String(text.dropFirst(summary.count + 1)))
        }
        let reference = location.reference
        if FileSystem.exists(reference) {
            return try diff(reference, location.pending, label: location.relativePath, limits: limits)
        }
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent(
            "snapshots-empty-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: empty) }
        if FileSystem.isDirectory(location.pending) {
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        } else {
            try Data().write(to: empty)
        }
        return try diff(empty, location.pending, label: location.relativePath, limits: limits)
    }
}
