public import Foundation
import GameDomain

/// The folder plays are imported into, and the only code of the importer that writes.
///
/// On opening, every game file in it (`*.md`, hidden ones skipped, symbolic links not followed)
/// that holds an `import:` line is indexed by the play it names, wherever it lies: a play whose
/// date or game changed in the log is found at its old path and moved. Then each game file the
/// importer makes is compared with what is there:
/// - no file for the play: **new**, written;
/// - the same bytes: **unchanged**, not touched (its modification time stays);
/// - a file whose checksum still matches (nobody edited it): **updated**, replaced;
/// - a file edited since it was imported, or a file of someone else's at the play's path:
///   **conflict**, left alone (with `force`, replaced).
/// Every write goes to a hidden temporary file beside the target, then is renamed (or, for a new
/// file, hard-linked, which fails rather than replace a file that appeared meanwhile) into place.
public struct ImportFolder {
    public enum Action: String, Sendable, CaseIterable {
        case new, updated, unchanged, conflict
    }

    public let root: URL
    /// `ImportChecksum.key` of each imported play found → its path relative to `root`.
    private(set) var index: [String: String] = [:]

    /// Reads the folder's imported files; a folder that does not exist yet is empty.
    public init(root: URL) throws {
        self.root = root
        let manager = FileManager.default
        guard manager.fileExists(atPath: root.path) else { return }
        guard let walk = manager.enumerator(atPath: root.path) else {
            throw CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: root.path])
        }
        var found: [(String, String)] = []
        while let relative = walk.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                walk.skipDescendants()
                continue
            }
            guard name.hasSuffix(".md"), let key = Self.importKey(at: root.appendingPathComponent(relative)) else { continue }
            found.append((key, relative))
        }
        // The same play in two files (a copy): the first path in order is the one kept up to date.
        for (key, relative) in found.sorted(by: { $0.1 < $1.1 }) where index[key] == nil { index[key] = relative }
    }

    /// The `import:` line's key of a plain file (not a link) of at most 1 MB, if it has one.
    static func importKey(at url: URL) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              (attributes[.size] as? Int ?? 0) <= 1_000_000,
              let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        return importKey(in: text)
    }

    /// The key of the `import:` line in a game file's text, if it has one.
    public static func importKey(in text: String) -> String? {
        guard let start = text.range(of: "\nimport: {"),
              let end = text[start.upperBound...].range(of: ", checksum: ") else { return nil }
        let key = text[start.upperBound..<end.lowerBound]
        return key.contains("\n") ? nil : String(key)
    }

    /// What `apply` would do, without writing.
    public func plan(_ game: ImportedGame, text: String) -> (Action, String?) {
        let target = game.relativePath
        let key = ImportChecksum.key(game.origin)
        let existing = index[key]
        let targetText = try? String(contentsOf: root.appendingPathComponent(target), encoding: .utf8)
        let targetExists = FileManager.default.fileExists(atPath: root.appendingPathComponent(target).path)
        switch existing {
        case nil:
            // A file at the play's path that the index does not know: edited (its import line
            // too) or not an import at all.
            return targetExists ? (.conflict, "\(target) exists and is not this play as gamenight imported it") : (.new, nil)
        case target?:
            guard let targetText else { return (.conflict, "\(target) cannot be read") }
            if targetText == text { return (.unchanged, nil) }
            return ImportChecksum.isUntouched(targetText) ? (.updated, nil) : (.conflict, "\(target) was edited since it was imported")
        case let old?:
            if targetExists { return (.conflict, "the play moved from \(old) to \(target), which already exists") }
            let oldText = try? String(contentsOf: root.appendingPathComponent(old), encoding: .utf8)
            return oldText.map(ImportChecksum.isUntouched) == true
                ? (.updated, "moved from \(old)") : (.conflict, "\(old) was edited since it was imported; the play now belongs at \(target)")
        }
    }

    /// Plans, then writes unless the plan is `unchanged`, or `conflict` without `force`.
    /// Returns what was done (a forced conflict counts as updated) and why.
    public mutating func apply(_ game: ImportedGame, text: String, force: Bool) throws -> (Action, String?) {
        var (action, reason) = plan(game, text: text)
        if action == .conflict && force { action = .updated }
        guard action == .new || action == .updated else { return (action, reason) }
        let key = ImportChecksum.key(game.origin)
        try write(text, to: game.relativePath, replacing: action == .updated)
        if let old = index[key], old != game.relativePath {
            let oldURL = root.appendingPathComponent(old)
            try? FileManager.default.removeItem(at: oldURL)
            // The date's folder goes too once it is empty (rmdir fails otherwise).
            rmdir(oldURL.deletingLastPathComponent().path)
        }
        index[key] = game.relativePath
        return (action, reason)
    }

    /// Atomic: a temporary file, then rename (replace) or link (new: never replaces).
    private func write(_ text: String, to relative: String, replacing: Bool) throws {
        let target = root.appendingPathComponent(relative)
        let folder = target.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).import-\(ProcessInfo.processInfo.processIdentifier)")
        try Data(text.utf8).write(to: temporary)
        defer { unlink(temporary.path) }
        let status = replacing ? rename(temporary.path, target.path) : link(temporary.path, target.path)
        guard status == 0 else {
            throw CocoaError(errno == EEXIST ? .fileWriteFileExists : .fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path])
        }
    }
}
