import Foundation

/// Orphans: references no run has vouched for since the last complete run started. A run is
/// complete when its test processes ran without `--filter`/`--skip` and exited normally; the
/// processes one `swift test` starts (XCTest and Swift Testing) form one run. A reference
/// asserted by that run or any later one (filtered too), or written since it started, is kept,
/// so filtered runs never make orphans.
extension SnapshotFolder {
    /// Orphaned references, a folder snapshot as one entry; nil when no complete run is recorded.
    public func orphans() -> [String]? {
        orphanedFiles().map { $0.keys.sorted() }
    }

    /// Each orphaned snapshot with the reference files it holds (only those are ever deleted).
    private func orphanedFiles() -> [String: [String]]? {
        guard let since = lastCompleteRunStart else { return nil }
        let manifests = RunManifest.all(root: root).map(\.manifest)
        let asserted = manifests.filter { $0.started >= since }.reduce(into: Set<String>()) { $0.formUnion($1.paths) }
        let known = manifests.reduce(into: Set<String>()) { $0.formUnion($1.paths) }
        let (pending, references) = scan()
        var live: Set<String> = [], units: [String: [String]] = [:]
        for file in references {
            let unit = snapshot(containing: file, known: known)
            units[unit, default: []].append(file)
            if isAsserted(file, asserted) || changed(file).map({ $0 >= since }) ?? true { live.insert(unit) }
        }
        // A snapshot with an output waiting for review is in use.
        for path in pending {
            let reference = String(path.dropLast(SnapshotLocation.pendingSuffix.count))
            live.insert(snapshot(containing: reference, known: known))
            for unit in units.keys where reference.hasPrefix(unit + "/") { live.insert(unit) }
        }
        return units.filter { !live.contains($0.key) }
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

    /// The later of the file's modification and status change times: a reference renamed or
    /// copied with its old modification time (`mv`, `cp -p`, an unpacked archive) counts as new.
    private func changed(_ file: String) -> Date? {
        var info = stat()
        guard stat(root.appendingPathComponent(file).path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let (modified, status) = (info.st_mtimespec, info.st_ctimespec)
        #else
        let (modified, status) = (info.st_mtim, info.st_ctim)
        #endif
        let latest = max(Double(modified.tv_sec) + Double(modified.tv_nsec) / 1e9, Double(status.tv_sec) + Double(status.tv_nsec) / 1e9)
        return Date(timeIntervalSince1970: latest)
    }

    /// Deletes the orphans and the manifests of runs before the last complete one; returns what was deleted.
    public func prune(dryRun: Bool) throws -> [String] {
        guard let orphans = orphanedFiles(), let since = lastCompleteRunStart else { throw ReviewError.noCompleteRun }
        guard !dryRun else { return orphans.keys.sorted() }
        // File by file: whatever else a folder snapshot holds (hidden files) stays.
        for file in orphans.values.joined() {
            let url = root.appendingPathComponent(file)
            try FileSystem.remove(url)
            removeEmptyFolders(from: url.deletingLastPathComponent())
        }
        // Later runs' manifests stay: they keep their references alive until the next complete run.
        for (url, manifest) in RunManifest.all(root: root) where manifest.started < since {
            try FileSystem.remove(url)
        }
        return orphans.keys.sorted()
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
