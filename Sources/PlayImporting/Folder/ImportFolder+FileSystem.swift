import CSystemShims
public import Foundation
public import GameDomain

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
    /// The `date:` of each imported play found when the folder was opened, by key.
    private(set) var dates: [String: String] = [:]

    /// Reads the folder's imported files; a folder that does not exist yet is empty.
    public init(root: URL) throws {
        self.root = root
        let manager = FileManager.default
        guard manager.fileExists(atPath: root.path) else { return }
        guard let walk = manager.enumerator(atPath: root.path) else {
            throw CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: root.path])
        }
        var found: [(key: String, date: String?, path: String)] = []
        while let relative = walk.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                walk.skipDescendants()
                continue
            }
            guard name.hasSuffix(".md"), let text = Self.importedText(at: root.appendingPathComponent(relative)),
                let key = Self.importKey(in: text)
            else { continue }
            found.append((key, Self.line("date", in: text), relative))
        }
        // The same play in two files (a copy): the first path in order is the one kept up to date.
        for file in found.sorted(by: { $0.path < $1.path }) where index[file.key] == nil {
            index[file.key] = file.path
            dates[file.key] = file.date
        }
    }

    /// The lock file of one import into `root` at a time: hidden, so no command takes it for a
    /// game file.
    static let lockName = ".gamenight-import.lock"

    /// `body`, with the lock of the folder `root` held (`flock`; made if missing). Another
    /// import into it, of this process or another, waits, and `notice` hears so once.
    public static func locked<T>(_ root: URL, notice: ((Diagnostic) -> Void)? = nil, _ body: () throws -> T) throws -> T
    {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let path = root.appendingPathComponent(lockName).path
        var told = false
        var descriptor = gamenight_try_lock(path)
        while descriptor < 0 {
            guard errno == EWOULDBLOCK else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            if !told {
                told = true
                let holder = gamenight_lock_holder(path)
                notice?(
                    Diagnostic(
                        path: root.relativePath, location: nil, severity: .note,
                        message: "waiting for another import into this folder"
                            + (holder > 0 ? " (process \(holder))" : "") + " to finish"))
            }
            usleep(50_000)
            descriptor = gamenight_try_lock(path)
        }
        defer { gamenight_unlock(descriptor, path) }
        return try body()
    }

    /// The text of a plain file (not a link) of at most 1 MB.
    static func importedText(at url: URL) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            (attributes[.size] as? Int ?? 0) <= 1_000_000
        else { return nil }
        return try? String(contentsOf: url, encoding: .utf8)
    }

    /// The `import:` line's key of a plain file (not a link) of at most 1 MB, if it has one.
    static func importKey(at url: URL) -> String? {
        importedText(at: url).flatMap(importKey(in:))
    }

    /// The value of a top-level `key:` line, as written.
    static func line(_ key: String, in text: String) -> String? {
        guard let start = text.range(of: "\n\(key): ") else { return nil }
        return String(text[start.upperBound...].prefix { $0 != "\n" && $0 != "\r" })
    }

    /// The imported plays of `source` that `seen` (play keys without a copy number) lacks although
    /// their date lies in `dates` (the logs' first and last day): plays deleted from the log since
    /// they were imported. Plays outside the dates may be on another page of the log.
    func missing(from source: ImportOrigin.Source, seen: Set<String>, dates: ClosedRange<String>) -> [String] {
        let prefix = ImportChecksum.key(ImportOrigin(source: source, id: "")).dropLast(2)  // `source: bgg, id: `
        return index.compactMap { key, path in
            guard key.hasPrefix(prefix), let date = self.dates[key], dates.contains(date) else { return nil }
            let play = key.range(of: ", copy: ").map { String(key[..<$0.lowerBound]) } ?? key
            return seen.contains(play) ? nil : path
        }.sorted()
    }

    /// The key of the `import:` line in a game file's text, if it has one.
    public static func importKey(in text: String) -> String? {
        guard let start = text.range(of: "\nimport: {"),
            let end = text[start.upperBound...].range(of: ", checksum: ")
        else { return nil }
        let key = text[start.upperBound..<end.lowerBound]
        return key.contains("\n") ? nil : String(key)
    }

    /// The text of the file the folder holds for `game`'s play, if any.
    public func existingText(of game: ImportedGame) -> String? {
        index[ImportChecksum.key(game.origin)].flatMap {
            try? String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)
        }
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
            return targetExists
                ? (.conflict, "\(target) exists and is not this play as gamenight imported it") : (.new, nil)
        case target?:
            guard let targetText else { return (.conflict, "\(target) cannot be read") }
            if targetText == text { return (.unchanged, nil) }
            return ImportChecksum.isUntouched(targetText)
                ? (.updated, nil) : (.conflict, "\(target) was edited since it was imported")
        case let old?:
            if targetExists { return (.conflict, "the play moved from \(old) to \(target), which already exists") }
            let oldText = try? String(contentsOf: root.appendingPathComponent(old), encoding: .utf8)
            return oldText.map(ImportChecksum.isUntouched) == true
                ? (.updated, "moved from \(old)")
                : (.conflict, "\(old) was edited since it was imported; the play now belongs at \(target)")
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

    /// Atomic: a temporary file, then rename (replace) or link (new: never replaces). A failure
    /// at any step (a full disk) leaves no temporary file and the target as it was; the error
    /// names the target.
    private func write(_ text: String, to relative: String, replacing: Bool) throws {
        let target = root.appendingPathComponent(relative)
        let folder = target.deletingLastPathComponent()
        guard gamenight_fault(folder.path) == 0 else { throw Self.error(target) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(
            ".\(target.lastPathComponent).import-\(ProcessInfo.processInfo.processIdentifier)"
        ).path
        let descriptor =
            gamenight_fault(temporary) == 0 ? open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) : -1
        guard descriptor >= 0 else { throw Self.error(target) }
        defer { unlink(temporary) }
        var failure: (any Error)?
        Array(text.utf8).withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let count = gamenight_write(descriptor, temporary, base + offset, bytes.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    failure = Self.error(target)
                    return
                }
                offset += count
            }
        }
        if close(descriptor) != 0 && failure == nil { failure = Self.error(target) }
        if let failure { throw failure }
        let status = replacing ? rename(temporary, target.path) : link(temporary, target.path)
        guard status == 0 else { throw Self.error(target) }
    }

    /// The failed call's errno, naming `target` (the file the user will look for, not the
    /// temporary one).
    private static func error(_ target: URL) -> any Error {
        NSError(
            domain: NSPOSIXErrorDomain, code: Int(errno == 0 ? EIO : errno), userInfo: [NSFilePathErrorKey: target.path]
        )
    }
}
