public import Foundation

/// Orphans: references no run has vouched for since the last complete run started. A run is
/// complete when one of its test processes ran without `--filter`/`--skip`, every process
/// exited normally, and nothing failed; the processes one `swift test` starts (XCTest and
/// Swift Testing) form one run. A reference asserted by that run or any later one (filtered
/// too), with an output pending, or written since it started, is in use.
///
/// Of the rest, only those whose test was seen running to the end in the last complete run
/// (reported by the `.snapshots()` trait or by XCTest) are orphans: that test no longer asserts
/// them. Every other one is kept and listed: its test may have been skipped, disabled or
/// deleted, or be a Swift Testing test without the trait that stopped early, which SnapshotKit
/// cannot see.
extension SnapshotFolder {
    /// Provable orphans, a folder snapshot as one entry; nil when no complete run is recorded.
    public func orphans() -> [String]? {
        orphanedFiles().map { $0.orphans.keys.sorted() }
    }

    /// References not asserted since the last complete run that are not provably orphans (their
    /// test was not seen running to the end); `prune` keeps them.
    public func unassertedLiveTests() -> [String] {
        orphanedFiles()?.kept.sorted() ?? []
    }

    /// When the last complete run started, what it covered; nil when none is recorded.
    public func lastCompleteRun() -> (started: Date, libraries: [String], references: Int)? {
        guard let run = RunManifest.lastCompleteRun(root: root) else { return nil }
        let started = run.map(\.manifest.started).min() ?? .distantPast
        let libraries = Set(run.compactMap(\.manifest.library)).sorted()
        return (started, libraries, run.reduce(into: Set<String>()) { $0.formUnion($1.manifest.paths) }.count)
    }

    /// Each provable orphan with the reference files it holds (only those are ever deleted),
    /// and the unasserted snapshots kept for want of proof.
    private func orphanedFiles() -> (orphans: [String: [String]], kept: [String])? {
        guard let run = RunManifest.lastCompleteRun(root: root), let since = run.map(\.manifest.started).min() else {
            return nil
        }
        let manifests = RunManifest.all(root: root).map(\.manifest)
        let asserted = manifests.filter { $0.started >= since }.reduce(into: Set<String>()) { $0.formUnion($1.paths) }
        let known = manifests.reduce(into: Set<String>()) { $0.formUnion($1.paths) }
        let completed = run.reduce(into: Set<String>()) { $0.formUnion($1.manifest.completed) }
        let (pending, references) = scan()
        var live: Set<String> = []
        var units: [String: [String]] = [:]
        for file in references {
            let unit = snapshot(containing: file, known: known)
            // A hidden file outside a folder snapshot (.DS_Store, .gitkeep) is no reference.
            if unit == file, file.split(separator: "/").last?.hasPrefix(".") == true { continue }
            units[unit, default: []].append(file)
            if isAsserted(file, asserted) || changed(file).map({ $0 >= since }) ?? true { live.insert(unit) }
        }
        // A snapshot with an output waiting for review is in use.
        for reference in pending {
            live.insert(snapshot(containing: reference, known: known))
            for unit in units.keys where reference.hasPrefix(unit + "/") { live.insert(unit) }
        }
        var orphans = units.filter { !live.contains($0.key) }
        let kept = orphans.keys.filter { unit in
            guard let prefix = SnapshotLocation.testPrefix(of: unit) else { return true }
            return !completed.contains(prefix)
        }
        for unit in kept { orphans[unit] = nil }
        return (orphans, kept)
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
    /// dot (`<test>.<name>`; test-file and suite folders come from Swift names, which don't).
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
        let latest = max(
            Double(modified.tv_sec) + Double(modified.tv_nsec) / 1e9,
            Double(status.tv_sec) + Double(status.tv_nsec) / 1e9)
        return Date(timeIntervalSince1970: latest)
    }

    /// Deletes the orphans and the manifests of runs before the last complete one; returns
    /// what was deleted. Refuses unless the newest run is the last complete one: after a run
    /// that failed, crashed or was filtered, a missing assertion proves nothing.
    public func prune(dryRun: Bool) throws -> [String] {
        guard let newest = RunManifest.sessions(root: root).last else { throw ReviewError.noCompleteRun }
        if let reason = RunManifest.incompleteness(newest) {
            throw ReviewError.lastRunIncomplete(reason)
        }
        guard let orphans = orphanedFiles()?.orphans, let since = lastCompleteRunStart else {
            throw ReviewError.noCompleteRun
        }
        guard !dryRun else { return orphans.keys.sorted() }
        // File by file: whatever else a folder snapshot holds (hidden files) stays.
        for file in orphans.values.joined() {
            let url = root.appendingPathComponent(file)
            try FileSystem.remove(url)
            removeEmptyFolders(from: url.deletingLastPathComponent())
        }
        for (url, manifest) in RunManifest.all(root: root) where manifest.started < since {
            try FileSystem.remove(url)
        }
        return orphans.keys.sorted()
    }

    private func removeEmptyFolders(from directory: URL) {
        var directory = directory.standardizedFileURL
        let stop = folder.standardizedFileURL.path
        while directory.path.hasPrefix(stop + "/"),
            (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.isEmpty == true
        {
            try? FileManager.default.removeItem(at: directory)
            directory = directory.deletingLastPathComponent()
        }
    }
}
