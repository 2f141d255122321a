public import Foundation

extension Snapshotting where Value == URL, Format == FileTree {
    /// A whole directory tree as one snapshot, stored as a directory of plain files under
    /// `__Snapshots__`. Failures list added, removed and changed files with their diffs.
    public static var directory: Snapshotting {
        Snapshotting<FileTree, FileTree>.fileTree.pullback { try FileTree(contentsOf: $0) }
    }
}

extension Snapshotting where Value == FileTree, Format == FileTree {
    /// An in-memory file tree, stored as a directory of plain files. Each file gets the
    /// strategy of its extension: `.html`/`.htm` and `.svg` files are normalized as `.html` and
    /// `.svg` snapshots are, so a change shows as the lines that changed.
    public static var fileTree: Snapshotting {
        Snapshotting(pathExtension: nil, diffing: .tree, storage: .directory, snapshot: { $0.normalizingMarkup() })
    }
}

extension FileTree {
    /// The tree with its HTML and SVG files normalized (files that aren't UTF-8 stay as they are).
    func normalizingMarkup() -> FileTree {
        var result = self
        for (path, data) in files {
            let dialect: MarkupDialect
            switch (path as NSString).pathExtension.lowercased() {
            case "html", "htm": dialect = .html
            case "svg": dialect = .xml
            default: continue
            }
            guard let text = UTF8Text.decode(data) else { continue }
            result.files[path] = Data(MarkupNormalizer.normalize(text, dialect: dialect).utf8)
        }
        return result
    }
}
