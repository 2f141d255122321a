import Foundation

/// Orphans: references that no test asserted in the last complete run. A run is complete when
/// its test processes ran without `--filter`/`--skip` and exited normally; the processes one
/// `swift test` starts (XCTest and Swift Testing) form one run. Filtered runs never make orphans.
extension SnapshotFolder {
    /// nil when no complete run is recorded.
    public func orphans() -> [String]? {
        guard let run = RunManifest.lastCompleteRun(root: root) else { return nil }
        let asserted = run.reduce(into: Set<String>()) { $0.formUnion($1.manifest.paths) }
        // A file inside a directory snapshot lives as long as that directory was asserted.
        return scan().references.filter { file in
            var path = Substring(file)
            while true {
                if asserted.contains(String(path)) { return false }
                guard let slash = path.lastIndex(of: "/") else { return true }
                path = path[..<slash]
            }
        }
    }

    /// Deletes the orphans and the manifests of older runs; returns what was deleted.
    public func prune(dryRun: Bool) throws -> [String] {
        guard let orphans = orphans(), let run = RunManifest.lastCompleteRun(root: root) else {
            throw ReviewError.noCompleteRun
        }
        guard !dryRun else { return orphans }
        for orphan in orphans {
            let url = root.appendingPathComponent(orphan)
            try FileSystem.remove(url)
            removeEmptyFolders(from: url.deletingLastPathComponent())
        }
        let keep = Set(run.map(\.url.path))
        for (url, manifest) in RunManifest.all(root: root) where !keep.contains(url.path) {
            if let newest = run.map(\.manifest.started).max(), manifest.started < newest { try FileSystem.remove(url) }
        }
        return orphans
    }

    private func removeEmptyFolders(from directory: URL) {
        var directory = directory.standardizedFileURL
        let stop = folder.standardizedFileURL.path
        while directory.path.hasPrefix(stop + "/"),
              (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.isEmpty == true {
            try? FileManager.default.removeItem(at: directory)
            directory = directory.deletingLastPathComponent()
        }
    }
}
