public import Foundation

extension Snapshotting where Value == URL, Format == FileTree {
    /// A whole directory tree as one snapshot, stored as a directory of plain files under
    /// `__Snapshots__`. Failures list added, removed and changed files with their diffs.
    public static var directory: Snapshotting {
        Snapshotting<FileTree, FileTree>.fileTree.pullback { try FileTree(contentsOf: $0) }
    }
}

extension Snapshotting where Value == FileTree, Format == FileTree {
    /// An in-memory file tree, stored as a directory of plain files.
    public static var fileTree: Snapshotting {
        Snapshotting(pathExtension: nil, diffing: .tree, storage: .directory, snapshot: { $0 })
    }
}
