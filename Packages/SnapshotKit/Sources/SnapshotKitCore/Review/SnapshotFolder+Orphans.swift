public import Foundation

/// Orphans: references no run has vouched for since the last complete run started. A run is
/// complete when one of its test processes ran without `--filter`/`--skip`, every process
/// exited normally, and nothing failed; the processes one `swift test` starts (XCTest and
/// Swift Testing) form one run. A reference asserted by that run or any later one (filtered
/// too), or written since it started, is kept, so filtered runs never make orphans. So is one
/// whose test function is still in its test file but asserted nothing (it may have thrown,
/// or been skipped, before its assertions).
extension SnapshotFolder {
    /// Orphaned references, a folder snapshot as one entry; nil when no complete run is recorded.
    public func orphans() -> [String]? {
        orphanedFiles().map { $0.orphans.keys.sorted() }
    }

    /// References not asserted in the last complete run whose test still exists.
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

    /// Each orphaned snapshot with the reference files it holds (only those are ever deleted),
    /// and the snapshots kept because their test still exists.
    private func orphanedFiles() -> (orphans: [String: [String]], kept: [String])? {
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
        for reference in pending {
            live.insert(snapshot(containing: reference, known: known))
            for unit in units.keys where reference.hasPrefix(unit + "/") { live.insert(unit) }
        }
        var orphans = units.filter { !live.contains($0.key) }
        var sources = TestSources(root: root)
        let kept = orphans.keys.filter { unit in
            guard let test = sources.test(of: unit), sources.exists(test) else { return false }
            // The test ran and asserted other snapshots: this one's assertion was removed.
            return !asserted.contains { $0.hasPrefix(test.prefix) }
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
        let latest = max(Double(modified.tv_sec) + Double(modified.tv_nsec) / 1e9, Double(status.tv_sec) + Double(status.tv_nsec) / 1e9)
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
        guard let orphans = orphanedFiles()?.orphans, let since = lastCompleteRunStart else { throw ReviewError.noCompleteRun }
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
              (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.isEmpty == true {
            try? FileManager.default.removeItem(at: directory)
            directory = directory.deletingLastPathComponent()
        }
    }
}

/// Test files as the orphan check reads them: whether a reference's test function still exists.
private struct TestSources {
    struct TestFunction {
        /// The test file, relative to the package root.
        let file: String
        let name: String
        /// What every reference path of this test starts with: `<folders>/<test>.`.
        let prefix: String
    }

    let root: URL
    private var contents: [String: String?] = [:]

    init(root: URL) { self.root = root }

    /// `__Snapshots__/<test file>/<suites>/<test>.<name>.<ext>`: the test file is the longest
    /// folder prefix that names an existing `.swift` file (under `Tests/` or the root).
    mutating func test(of reference: String) -> TestFunction? {
        let parts = reference.split(separator: "/").map(String.init)
        guard parts.count >= 3, let last = parts.last, let dot = last.firstIndex(of: "."),
              let name = SnapshotLocation.decode(String(last[..<dot])) else { return nil }
        for end in stride(from: parts.count - 1, through: 2, by: -1) {
            let relative = parts[1..<end].joined(separator: "/") + ".swift"
            for file in ["Tests/" + relative, relative] where read(file) != nil {
                return TestFunction(file: file, name: name, prefix: (parts.dropLast() + [String(last[..<dot])]).joined(separator: "/") + ".")
            }
        }
        return nil
    }

    mutating func exists(_ test: TestFunction) -> Bool {
        guard let source = read(test.file) else { return false }
        return source.contains("func \(test.name)(") || source.contains("func `\(test.name)`(")
    }

    private mutating func read(_ file: String) -> String? {
        if let cached = contents[file] { return cached }
        let text = FileManager.default.contents(atPath: root.appendingPathComponent(file).path).map { String(decoding: $0, as: UTF8.self) }
        contents[file] = text
        return text
    }
}
