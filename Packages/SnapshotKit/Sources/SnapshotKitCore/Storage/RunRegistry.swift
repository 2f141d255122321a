import Foundation

/// What this test process has asserted so far: counters per test, names in use, and the
/// manifest entries per package root. Shared by every test of the process, hence one instance
/// behind a lock: Swift Testing runs tests in parallel.
package final class RunRegistry: Sendable {
    package static let shared = RunRegistry()

    private struct State {
        var counters: [String: Int] = [:]
        /// By lower-cased path (macOS file systems ignore case): the claiming site, execution and test.
        var claims: [String: (site: CallSite, execution: String, test: String?)] = [:]
        /// By root path (a `String` key is cheaper to hash than a `URL`), with the root's URL.
        var asserted: [String: (root: URL, paths: Set<String>)] = [:]
        /// Per execution of a test (see `SnapshotScope`), the test prefixes it asserted under.
        var executions: [String: Set<String>] = [:]
        /// The execution and prefix inserted last into `executions`, until an execution completes.
        var lastPrefix: (execution: String, prefixKey: String)?
        var completed: [URL: Set<String>] = [:]
        var exitHookInstalled = false
        var failures = 0
        /// By root path: the references that may have a pending output there, learnt at the
        /// root's first assertion; nil when that can't be told (check at every assertion).
        var pending: [String: Set<String>?] = [:]
    }

    private let state = Locked(State())
    private let started = Date()

    /// 1, 2, 3... per test and test file.
    func nextCounter(for key: String) -> Int {
        state.withLock { state in
            state.counters[key, default: 0] += 1
            return state.counters[key, default: 1]
        }
    }

    /// Whether the test library repeats tests in this process (Swift Testing's `--repetitions`
    /// and `--repeat-until`): the same test then runs again in the same process.
    let isRepeating = CommandLine.arguments.contains {
        $0.hasPrefix("--repetitions") || $0.hasPrefix("--repeat-until")
    }

    /// Claims a reference path for one call site; returns the earlier claim if already taken.
    /// The same site in another execution of the same test (a repetition) may assert it again;
    /// another test may not, even from the same site (a helper). `prefixKey` is the root's path
    /// and the test prefix of `location` (`TestReferences.prefixKey`).
    func claim(
        _ location: SnapshotLocation, site: CallSite, execution: String, test: String? = nil, prefixKey: String?
    ) -> (site: CallSite, test: String?)? {
        // The standard library's lower-casing, not a byte loop of ours: it is optimised even
        // in a debug build, and this runs on every assertion.
        let key = location.referencePath.lowercased()
        return state.withLock { state in
            // One look-up when the path is new or asserted again; a collision puts the earlier claim back.
            if let earlier = state.claims.updateValue((site, execution, test), forKey: key) {
                let repeated =
                    earlier.site.isSameSite(as: site) && earlier.test == test
                    && (earlier.execution != execution || (execution.isEmpty && isRepeating))
                if !repeated {
                    state.claims[key] = earlier
                    return (earlier.site, earlier.test)
                }
            }
            if let index = state.asserted.index(forKey: location.rootPath) {
                state.asserted.values[index].paths.insert(location.relativePath)
            } else {
                // Says "running" until the exit rewrites it: a crash leaves it so.
                try? manifest(paths: [], failures: state.failures, finished: false).write(root: location.packageRoot)
                state.asserted[location.rootPath] = (location.packageRoot, [location.relativePath])
            }
            // Most assertions are of the same test and execution as the one before: its prefix is in already.
            if !execution.isEmpty, let prefixKey, state.lastPrefix.map({ $0 != (execution, prefixKey) }) ?? true {
                state.executions[execution, default: []].insert(prefixKey)
                state.lastPrefix = (execution, prefixKey)
            }
            if !state.exitHookInstalled, self === RunRegistry.shared {
                state.exitHookInstalled = true
                atexit { RunRegistry.shared.writeManifests() }
            }
            return nil
        }
    }

    /// Whether `location` may have a pending output, which a match must delete. What is
    /// pending under a root is read once per run, at its first assertion (one `access` when
    /// there is no `.snapshots-pending/`, the usual case), not by two system calls at every
    /// assertion. In a run, only an assertion of the same reference writes its pending output,
    /// and it calls `notePending` first, so the answer is never "no" while one exists. Names
    /// are compared case-folded, as macOS file systems compare them.
    func mayHavePending(_ location: SnapshotLocation) -> Bool {
        state.withLock { state in
            let known: Set<String>?
            if let cached = state.pending[location.rootPath] {
                known = cached
            } else {
                known = Self.pendingReferences(rootPath: location.rootPath)
                state.pending[location.rootPath] = known
            }
            guard let known else { return true }
            return !known.isEmpty && known.contains(location.relativePath.lowercased())
        }
    }

    /// Called before a pending output of `location` is written.
    func notePending(_ location: SnapshotLocation) {
        state.withLock { state in
            // In place: a copy taken out and stored back would copy the whole set each time.
            _ = state.pending[location.rootPath]??.insert(location.relativePath.lowercased())
        }
    }

    /// The references (lower-cased relative paths) with something in `.snapshots-pending/`: an
    /// output `<path>`, an older version's diff `diffs/<path>` or a tree `trees/<encoded
    /// path>`; the diff log is none of them. nil when
    /// anything else is there (a file in the folder's way, a stray file): then nothing is
    /// assumed.
    private static func pendingReferences(rootPath: String) -> Set<String>? {
        let folder = rootPath + "/" + SnapshotLocation.pendingFolderName
        var info = stat()
        guard lstat(folder, &info) == 0 else { return errno == ENOENT ? [] : nil }
        guard info.st_mode & S_IFMT == S_IFDIR, let walk = FileManager.default.enumerator(atPath: folder) else {
            return nil
        }
        var references: Set<String> = []
        let treesFolder = "trees/"
        while let entry = walk.nextObject() as? String {
            let type = walk.fileAttributes?[.type] as? FileAttributeType
            if entry.hasPrefix(treesFolder) {
                // A tree is one encoded name under trees/; what is inside it belongs to it.
                guard let reference = SnapshotLocation.decode(String(entry.dropFirst(treesFolder.count))),
                    reference.hasPrefix(SnapshotLocation.folderName + "/")
                else { return nil }
                references.insert(reference.lowercased())
                walk.skipDescendants()
                continue
            }
            if type == .typeDirectory || (entry == PendingDiffLog.name && type == .typeRegular) { continue }
            let reference = entry.hasPrefix("diffs/") ? String(entry.dropFirst("diffs/".count)) : entry
            guard type == .typeRegular, reference.hasPrefix(SnapshotLocation.folderName + "/") else { return nil }
            references.insert(reference.lowercased())
        }
        return references
    }

    /// Records that an execution of a test ran to the end without failing: its references that
    /// it did not assert are then provably unused.
    package func complete(execution: String) {
        state.withLock { state in
            state.lastPrefix = nil
            for key in state.executions.removeValue(forKey: execution) ?? [] {
                let parts = key.split(separator: "\u{0}", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { continue }
                state.completed[URL(fileURLWithPath: parts[0]), default: []].insert(parts[1])
            }
        }
    }

    /// Counts a failed assertion or test: a run with failures never counts as complete, so
    /// `prune` can't delete the reference of a test that failed before asserting it.
    package func noteFailure() {
        state.withLock { $0.failures += 1 }
    }

    /// Called with the lock held or not: takes the failure count as a value.
    private func manifest(paths: Set<String>, completed: Set<String> = [], failures: Int, finished: Bool) -> RunManifest
    {
        RunManifest(
            session: getppid(), process: getpid(), started: started,
            filtered: RunManifest.isFilteredRun(arguments: CommandLine.arguments), paths: paths, completed: completed,
            library: RunManifest.library(arguments: CommandLine.arguments),
            failures: failures, finished: finished)
    }

    /// Called at process exit. A root that is gone (a deleted temporary package) is skipped.
    func writeManifests() {
        let (asserted, completed, failures) = state.withLock { ($0.asserted, $0.completed, $0.failures) }
        for (root, paths) in asserted.values where FileSystem.isDirectory(root) {
            let done = completed.first { $0.key.standardizedFileURL.path == root.standardizedFileURL.path }?.value ?? []
            try? manifest(paths: paths, completed: done, failures: failures, finished: true).write(root: root)
            try? RunManifest.compact(root: root)
        }
    }
}
