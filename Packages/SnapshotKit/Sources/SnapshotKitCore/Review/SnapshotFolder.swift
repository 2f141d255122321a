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

    /// Walks `__Snapshots__`: pending `.new` items (files or directories, not descended into)
    /// and reference files, as paths relative to the root. Hidden names are skipped.
    func scan() -> (pending: [String], references: [String]) {
        guard let enumerator = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles]
        ) else { return ([], []) }
        let rootPath = root.standardizedFileURL.path
        var pending: [String] = [], references: [String] = []
        for case let url as URL in enumerator {
            let path = String(url.standardizedFileURL.path.dropFirst(rootPath.count + 1))
            let isDirectory = (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true
            if url.lastPathComponent.hasSuffix(SnapshotLocation.pendingDiffSuffix) {
                continue
            } else if url.lastPathComponent.hasSuffix(SnapshotLocation.pendingSuffix) {
                pending.append(path)
                if isDirectory { enumerator.skipDescendants() }
            } else if !isDirectory {
                references.append(path)
            }
        }
        return (pending.sorted(), references.sorted())
    }

    /// Pending outputs, by the reference path they would replace; a `.new` file identical to
    /// its reference (left by an interrupted run or a manual copy) is stale and not listed.
    public func pending() -> [SnapshotLocation] {
        scan().pending.map {
            SnapshotLocation(packageRoot: root, relativePath: String($0.dropLast(SnapshotLocation.pendingSuffix.count)))
        }.filter { !$0.isStale }
    }

    /// Deletes stale `.new` files (identical to their reference); returns their reference paths.
    public func removeStale() throws -> [String] {
        var removed: [String] = []
        for path in scan().pending {
            let location = SnapshotLocation(packageRoot: root, relativePath: String(path.dropLast(SnapshotLocation.pendingSuffix.count)))
            guard location.isStale else { continue }
            try location.removePending()
            removed.append(location.relativePath)
        }
        return removed
    }

    /// The reference and pending paths `arguments` point at: a reference, its `.new`, or a
    /// folder (everything pending inside it). No arguments means everything pending.
    public func pending(matching arguments: [URL]) throws -> [SnapshotLocation] {
        let all = pending()
        guard !arguments.isEmpty else { return all }
        var result: [SnapshotLocation] = []
        for argument in arguments {
            var path = argument.standardizedFileURL.path
            if path.hasSuffix(SnapshotLocation.pendingSuffix) { path.removeLast(SnapshotLocation.pendingSuffix.count) }
            let matches = all.filter {
                let reference = $0.reference.standardizedFileURL.path
                return reference == path || reference.hasPrefix(path.hasSuffix("/") ? path : path + "/")
            }
            guard !matches.isEmpty else { throw ReviewError.nothingPending(argument.path) }
            result += matches.filter { !result.contains($0) }
        }
        return result
    }

    /// Replaces each reference with its pending output.
    public func accept(_ locations: [SnapshotLocation]) throws {
        for location in locations {
            try FileSystem.replaceItem(at: location.reference) { temporary in
                try FileManager.default.moveItem(at: location.pending, to: temporary)
            }
            try FileSystem.remove(path: location.pendingDiffPath)
        }
    }

    /// Deletes each pending output, keeping the reference.
    public func reject(_ locations: [SnapshotLocation]) throws {
        for location in locations { try location.removePending() }
    }
}

public enum ReviewError: Error, CustomStringConvertible, Equatable {
    case nothingPending(String)
    case noCompleteRun
    case lastRunIncomplete(String)

    public var description: String {
        switch self {
        case .nothingPending(let path):
            "Nothing pending at \(path): run `snapshots status` to list pending snapshots."
        case .noCompleteRun:
            "No complete test run is recorded, so orphans are unknown: run `swift test` without --filter or --skip first."
        case .lastRunIncomplete(let reason):
            "Not pruning: the last test run is not complete (\(reason)), so a reference it didn't assert may still be in use. Run `swift test` without --filter or --skip until it passes, then prune."
        }
    }
}
