import Foundation

/// What this test process has asserted so far: counters per test, names in use, and the
/// manifest entries per package root. Shared by every test of the process, hence one instance
/// behind a lock: Swift Testing runs tests in parallel.
final class RunRegistry: Sendable {
    static let shared = RunRegistry()

    private struct State {
        var counters: [String: Int] = [:]
        var claims: [String: String] = [:]
        var asserted: [URL: Set<String>] = [:]
        var exitHookInstalled = false
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

    /// Claims a reference path for one call site; returns the earlier site if already taken.
    func claim(_ location: SnapshotLocation, site: String) -> String? {
        let key = location.referencePath
        return state.withLock { state in
            if let earlier = state.claims[key] { return earlier }
            state.claims[key] = site
            state.asserted[location.packageRoot, default: []].insert(location.relativePath)
            if !state.exitHookInstalled {
                state.exitHookInstalled = true
                atexit { RunRegistry.shared.writeManifests() }
            }
            return nil
        }
    }

    /// Called at process exit. A root that is gone (a deleted temporary package) is skipped.
    func writeManifests() {
        let asserted = state.withLock { $0.asserted }
        let filtered = RunManifest.isFilteredRun(arguments: CommandLine.arguments)
        for (root, paths) in asserted where FileSystem.isDirectory(root) {
            let manifest = RunManifest(
                session: getppid(), process: getpid(), started: started, filtered: filtered, paths: paths,
                library: RunManifest.library(arguments: CommandLine.arguments))
            try? manifest.write(root: root)
        }
    }
}
