public import Foundation

/// A package's `__Snapshots__` folder as the review tool sees it: references, pending `.new`
/// outputs, and the run manifests that tell which references are orphans.
public struct SnapshotFolder: Sendable {
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    /// The package root above `directory` (the folder holding Package.swift).
    public static func find(from directory: URL) throws -> SnapshotFolder {
        guard let root = PackageRoot.find(fromDirectory: directory) else {
            throw SnapshotError.packageRootNotFound(from: directory.path)
        }
        return SnapshotFolder(root: root)
    }

    var folder: URL { root.appendingPathComponent(SnapshotLocation.folderName) }

    var pendingFolder: URL { root.appendingPathComponent(SnapshotLocation.pendingFolderName) }

    /// Reference paths with an output pending (from `.snapshots-pending/`), and every file
    /// under `__Snapshots__` (hidden ones too: a folder snapshot may hold dotfiles), as paths
    /// relative to the root.
    func scan() -> (pending: [String], references: [String]) {
        var pending = Set(
            (try? FileSystem.files(under: pendingFolder.appendingPathComponent(SnapshotLocation.folderName))) ?? []
        )
        .map { SnapshotLocation.folderName + "/" + $0 }
        let trees =
            (try? FileManager.default.contentsOfDirectory(atPath: pendingFolder.appendingPathComponent("trees").path))
            ?? []
        pending += trees.compactMap(SnapshotLocation.decode).filter { $0.hasPrefix(SnapshotLocation.folderName + "/") }
        let references = ((try? FileSystem.files(under: folder)) ?? []).map { SnapshotLocation.folderName + "/" + $0 }
        return (Array(Set(pending)).sorted(), references)
    }

    /// Pending outputs, by the reference path they would replace; a pending file identical to
    /// its reference (left by an interrupted run or a manual copy) is stale and not listed.
    public func pending() -> [SnapshotLocation] {
        scan().pending.map { SnapshotLocation(packageRoot: root, relativePath: $0) }.filter { !$0.isStale }
    }

    /// Deletes stale pending files (identical to their reference); returns their reference paths.
    public func removeStale() throws -> [String] {
        var removed: [String] = []
        for path in scan().pending {
            let location = SnapshotLocation(packageRoot: root, relativePath: path)
            guard location.isStale else { continue }
            try location.removePending()
            removed.append(location.relativePath)
        }
        removeEmptyPendingFolders()
        return removed
    }

    /// The reference and pending paths `arguments` point at: a reference, its pending output,
    /// or a folder (everything pending inside it). No arguments means everything pending.
    public func pending(matching arguments: [URL]) throws -> [SnapshotLocation] {
        let all = pending()
        guard !arguments.isEmpty else { return all }
        var result: [SnapshotLocation] = []
        let rootPath = root.standardizedFileURL.path
        for argument in arguments {
            var path = argument.standardizedFileURL.path
            // A path inside .snapshots-pending names the reference it mirrors.
            for prefix in ["/\(SnapshotLocation.pendingFolderName)/diffs", "/\(SnapshotLocation.pendingFolderName)"]
            where path.hasPrefix(rootPath + prefix + "/") {
                path = rootPath + path.dropFirst(rootPath.count + prefix.count)
                break
            }
            if path.hasPrefix(rootPath + "/\(SnapshotLocation.pendingFolderName)/trees/"),
                let decoded = SnapshotLocation.decode(
                    String(path.dropFirst(rootPath.count + SnapshotLocation.pendingFolderName.count + 8)))
            {
                path = rootPath + "/" + decoded
            }
            let matches = all.filter {
                let reference = $0.reference.standardizedFileURL.path
                return reference == path || reference.hasPrefix(path.hasSuffix("/") ? path : path + "/")
            }
            guard !matches.isEmpty else { throw ReviewError.nothingPending(argument.path) }
            result += matches.filter { !result.contains($0) }
        }
        return result
    }

    /// Replaces each reference with its pending output. One that fails keeps both where they
    /// were: the pending output is moved back, and the error says where it is.
    public func accept(_ locations: [SnapshotLocation]) throws {
        for location in locations {
            let pending = location.pending
            let pendingPath = location.pendingRelativePath
            do {
                try FileSystem.replaceItem(
                    at: location.reference,
                    { temporary in
                        try FileManager.default.moveItem(at: pending, to: temporary)
                    },
                    undo: { temporary in
                        try FileManager.default.moveItem(at: temporary, to: pending)
                    })
            } catch {
                let stranded = (error as? FileSystem.Stranded).map { $0.place == nil } ?? false
                throw ReviewError.cannotAccept(
                    location.relativePath, reason: FileSystem.describe(error, relativeTo: root),
                    pending: pendingPath, movedBack: !stranded)
            }
            try FileSystem.remove(path: location.pendingDiffPath)
        }
        removeEmptyPendingFolders()
    }

    /// Deletes each pending output, keeping the reference.
    public func reject(_ locations: [SnapshotLocation]) throws {
        for location in locations { try location.removePending() }
        removeEmptyPendingFolders()
    }

    /// The diff log's records of outputs no longer pending, then folders left empty in
    /// `.snapshots-pending/`, deepest first, and the folder itself.
    private func removeEmptyPendingFolders() {
        try? PendingDiffLog.compact(rootPath: root.path)
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(at: pendingFolder, includingPropertiesForKeys: [.isDirectoryKey])
        else { return }
        var folders: [URL] = []
        for case let url as URL in enumerator
        where (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true {
            folders.append(url)
        }
        for url in folders.reversed() + [pendingFolder]
        where (try? manager.contentsOfDirectory(atPath: url.path))?.isEmpty == true {
            try? manager.removeItem(at: url)
        }
    }
}

public enum ReviewError: Error, CustomStringConvertible, Equatable {
    case nothingPending(String)
    case noCompleteRun
    case lastRunIncomplete(String)
    /// The reference, why its pending output could not replace it, the output's place, and
    /// whether it is there (else the reason says where it is).
    case cannotAccept(String, reason: String, pending: String, movedBack: Bool)

    public var description: String {
        switch self {
        case .nothingPending(let path):
            "Nothing pending at \(path): run `snapshots status` to list pending snapshots."
        case .noCompleteRun:
            "No complete test run is recorded, so orphans are unknown: run `swift test` without --filter or --skip first."
        case .cannotAccept(let reference, let reason, let pending, true):
            "Could not accept \(reference): \(reason). The output is still pending at \(pending): fix that (free some space, make the folder writable) and run `snapshots accept` again."
        case .cannotAccept(let reference, let reason, let pending, false):
            "Could not accept \(reference): \(reason). Move it back to \(pending), fix the cause (free some space, make the folder writable) and run `snapshots accept` again."
        case .lastRunIncomplete(let reason):
            "Not pruning: the last test run is not complete (\(reason)), so a reference it didn't assert may still be in use. Run `swift test` without --filter or --skip until it passes, then prune."
        }
    }

    /// What `snapshots <command>` says of any error: the message of one that says what to do
    /// already; for another (a file that can't be read, written or deleted, which Foundation
    /// words as an NSError dump), the reason with the file's path, and what to do.
    public static func message(for error: any Error, command: String) -> String {
        if let error = error as? ReviewError { return error.description }
        if let error = error as? SnapshotError { return error.description }
        let remedy: String? =
            switch FileSystem.errorCode(error) {
            case ENOSPC?, EDQUOT?: "free some space"
            case EACCES?, EPERM?: "fix the permissions of that file and its folder"
            case EROFS?: "remount the file system read-write"
            default: nil
            }
        return "`snapshots \(command)` stopped: \(FileSystem.describe(error)). Fix that"
            + (remedy.map { " (\($0))" } ?? "") + " and run `snapshots \(command)` again."
    }
}
