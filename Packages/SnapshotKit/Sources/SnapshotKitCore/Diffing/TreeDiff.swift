import Foundation

extension Diffing where Format == FileTree {
    /// Compares trees file by file: added, removed and changed files, with one patch for all
    /// (`--- /dev/null` for added files, `+++ /dev/null` for removed ones).
    public static var tree: Diffing<FileTree> {
        Diffing(
            toData: { tree in
                // Only used when a tree must be one blob (attachments): a readable listing.
                Data(tree.files.keys.sorted().map { "\($0)\n" }.joined().utf8)
            },
            fromData: { _ in FileTree() },
            diff: { reference, actual, context in
                TreeDiff.diff(
                    reference, actual, path: context.path, maxLines: context.maxLines, maxBytes: context.maxBytes)
            }
        )
    }
}

enum TreeDiff {
    static func diff(_ reference: FileTree, _ actual: FileTree, path: String, maxLines: Int, maxBytes: Int = .max)
        -> SnapshotDifference?
    {
        guard reference != actual else { return nil }
        // By bytes: two names Swift calls equal (NFC and NFD) are two files.
        var byBytes: [[UInt8]: (old: Data?, new: Data?, path: String)] = [:]
        for (path, data) in reference.files { byBytes[Array(path.utf8), default: (nil, nil, path)].old = data }
        for (path, data) in actual.files { byBytes[Array(path.utf8), default: (nil, nil, path)].new = data }
        var added = 0
        var removed = 0
        var changed = 0
        var listing: [String] = []
        var builder = PatchBuilder(maxLines: maxLines, maxBytes: maxBytes, path: path)
        for key in byBytes.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            guard let (old, new, file) = byBytes[key] else { continue }
            guard old != new else { continue }
            let oldName = old == nil ? "/dev/null" : "a/\(path)/\(file)"
            let newName = new == nil ? "/dev/null" : "b/\(path)/\(file)"
            let oldText = old.map(UTF8Text.decode) ?? ""
            let newText = new.map(UTF8Text.decode) ?? ""
            let kind: String
            switch (old, new) {
            case (nil, _):
                added += 1
                kind = "added"
            case (_, nil):
                removed += 1
                kind = "removed"
            default:
                changed += 1
                kind = "changed"
            }
            guard let oldText, let newText else {
                listing.append("  \(kind): \(file) (binary)")
                builder.add(line: "Binary files \(oldName) and \(newName) differ")
                continue
            }
            let patch = TextPatch(oldText, newText)
            listing.append("  \(kind): \(file)" + (patch.map { " (\($0.counts.summary))" } ?? " (empty)"))
            builder.add(header: ["--- \(oldName)", "+++ \(newName)"], hunks: patch?.hunks ?? [])
        }
        func count(_ n: Int, _ what: String) -> String? { n == 0 ? nil : "\(n) \(n == 1 ? "file" : "files") \(what)" }
        let summary = [count(changed, "changed"), count(added, "added"), count(removed, "removed")]
            .compactMap { $0 }.joined(separator: ", ")
        let message = summary + "\n" + listing.joined(separator: "\n") + "\n\n" + builder.text
        return SnapshotDifference(summary: summary, message: message)
    }
}
