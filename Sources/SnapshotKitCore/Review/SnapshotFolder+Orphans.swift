import Foundation

/// Orphans: references no run has vouched for since the last complete run started. A run is
/// complete when its test processes ran without `--filter`/`--skip` and exited normally; the
/// processes one `swift test` starts (XCTest and Swift Testing) form one run. A reference
/// asserted by that run or any later one (filtered too), or written since it started, is kept,
/// so filtered runs never make orphans.
extension SnapshotFolder {
    /// Orphaned references, a folder snapshot as one entry; nil when no complete run is recorded.
    public func orphans() -> [String]? {
        guard let since = lastCompleteRunStart else { return nil }
        let manifests = RunManifest.all(root: root).map(\.manifest)
        let asserted = manifests.filter { $0.started >= since }.reduce(into: Set<String>()) { $0.formUnion($1.paths) }
        let known = manifests.reduce(into: Set<String>()) { $0.formUnion($1.paths) }
        var live: Set<String> = [], units: Set<String> = []
        for file in scan().references {
            let unit = snapshot(containing: file, known: known)
            units.insert(unit)
            if isAsserted(file, asserted) || modified(file).map({ $0 >= since }) ?? true { live.insert(unit) }
        }
        return units.subtracting(live).sorted()
    }

    /// When the last complete run's first process started.
    private var lastCompleteRunStart: Date? {
        RunManifest.lastCompleteRun(root: root)?.map(\.manifest.started).min()
    }

    /// A file inside a directory snapshot lives as long as that directory was asserted.
    private func isAsserted(_ file: String, _ asserted: Set<String>) -> Bool {
        var path = Substring(file)
        while true {
            if asserted.contains(String(path)) { return true }
            guard let slash = path.lastIndex(of: "/") else { return false }
            path = path[..<slash]
        }
    }

    /// The snapshot a reference file belongs to: the file itself, or the outermost folder
    /// snapshot holding it. A folder is one when a manifest names it, or when its name has a
    /// dot (`<test>.<name>`; test-file folders come from Swift names, which seldom do). Taking
    /// a test-file folder for a snapshot is harmless: it is an orphan only if all of it is.
    private func snapshot(containing file: String, known: Set<String>) -> String {
        let parts = file.split(separator: "/")
        // parts[0] is __Snapshots__ and parts[1] at least the test file's folder.
        for end in stride(from: 3, to: parts.count, by: 1) {
            let folder = parts[..<end].joined(separator: "/")
            if known.contains(folder) || parts[end - 1].contains(".") { return folder }
        }
        return file
    }

    private func modified(_ file: String) -> Date? {
        try? FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(file).path)[.modificationDate] as? Date
    }

    /// Deletes the orphans and the manifests of runs before the last complete one; returns what was deleted.
    public func prune(dryRun: Bool) throws -> [String] {
        guard let orphans = orphans(), let since = lastCompleteRunStart else { throw ReviewError.noCompleteRun }
        guard !dryRun else { return orphans }
        for orphan in orphans {
            let url = root.appendingPathComponent(orphan)
            try FileSystem.remove(url)
            removeEmptyFolders(from: url.deletingLastPathComponent())
        }
        // Later runs' manifests stay: they keep their references alive until the next complete run.
        for (url, manifest) in RunManifest.all(root: root) where manifest.started < since {
            try FileSystem.remove(url)
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
