public import Foundation

/// The references one test process asserted, kept in `<root>/.snapshots-run/` so orphans can
/// be found later. One file per process (parallel processes never share a file), written once
/// when the process exits normally: a crashed run leaves no manifest and so never counts as
/// complete.
public struct RunManifest: Sendable, Equatable {
    public static let folderName = ".snapshots-run"

    /// The parent process (usually `swift test`): processes of one run share it.
    public var session: Int32
    public var process: Int32
    public var started: Date
    /// True when the process ran only some tests (`--filter`, `--skip`, or named tests).
    public var filtered: Bool
    /// Relative reference paths asserted by this process.
    public var paths: Set<String>
    /// Tests seen running to the end without failing (under the `.snapshots()` trait or
    /// XCTest), by the prefix their references share (`__Snapshots__/<file>/<suite>/<test>.`):
    /// the only proof `prune` accepts that a reference not asserted is no longer used.
    public var completed: Set<String>
    /// The test library that ran in this process (`xctest`, `swift-testing`); nil in manifests
    /// of older versions.
    public var library: String?
    /// Snapshot assertions or tests that failed in this process (as far as SnapshotKit saw).
    public var failures: Int
    /// False while the process runs: written so at its first assertion, rewritten at a normal
    /// exit, so a crashed process leaves an unfinished manifest.
    public var finished: Bool

    public init(
        session: Int32, process: Int32, started: Date, filtered: Bool, paths: Set<String>, completed: Set<String> = [],
        library: String? = nil, failures: Int = 0, finished: Bool = true
    ) {
        self.session = session
        self.process = process
        self.started = started
        self.filtered = filtered
        self.paths = paths
        self.completed = completed
        self.library = library
        self.failures = failures
        self.finished = finished
    }

    var fileName: String { "\(session)-\(process)-\(Int(started.timeIntervalSince1970 * 1000)).manifest" }

    var text: String {
        var lines =
            [
                "# Snapshot references asserted by one test process; see `snapshots status`.",
                "session \(session)",
                "process \(process)",
                "started \(started.timeIntervalSince1970)",
                "filtered \(filtered ? "yes" : "no")",
                "failures \(failures)",
                "state \(finished ? "done" : "running")",
            ] + (library.map { ["library \($0)"] } ?? [])
        lines += paths.sorted()
        lines += completed.sorted().map { "completed " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }

    init?(text: String) {
        var fields: [String: String] = [:]
        var paths: Set<String> = []
        var completed: Set<String> = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            if line.hasPrefix(SnapshotLocation.folderName + "/") {
                paths.insert(String(line))
            } else if line.hasPrefix("completed " + SnapshotLocation.folderName + "/") {
                completed.insert(String(line.dropFirst("completed ".count)))
            } else if let space = line.firstIndex(of: " ") {
                fields[String(line[..<space])] = String(line[line.index(after: space)...])
            }
        }
        guard let session = fields["session"].flatMap({ Int32($0) }),
            let process = fields["process"].flatMap({ Int32($0) }),
            let started = fields["started"].flatMap({ Double($0) })
        else { return nil }
        self.init(
            session: session, process: process, started: Date(timeIntervalSince1970: started),
            filtered: fields["filtered"] != "no", paths: paths, completed: completed, library: fields["library"],
            failures: fields["failures"].flatMap { Int($0) } ?? 0, finished: fields["state"] != "running")
    }

    public func write(root: URL) throws {
        let folder = root.appendingPathComponent(Self.folderName)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent(fileName), options: .atomic)
    }

    /// Every readable manifest under `root`, with the file each came from.
    public static func all(root: URL) -> [(url: URL, manifest: RunManifest)] {
        let folder = root.appendingPathComponent(folderName)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".manifest") }.sorted().compactMap { name in
            let url = folder.appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: url.path),
                let manifest = RunManifest(text: String(decoding: data, as: UTF8.self))
            else { return nil }
            return (url, manifest)
        }
    }

    /// The processes of one run (one `swift test`), oldest run first.
    static func sessions(root: URL) -> [[(url: URL, manifest: RunManifest)]] {
        Dictionary(grouping: all(root: root), by: \.manifest.session).values
            .sorted {
                $0.map(\.manifest.started).min() ?? .distantPast < $1.map(\.manifest.started).min() ?? .distantPast
            }
    }

    /// Why a run is not complete, or nil when it is: one of its processes ran every test
    /// (`swift test --parallel` runs XCTest in filtered workers beside an unfiltered Swift
    /// Testing process), every process exited normally, and nothing failed.
    static func incompleteness(_ run: [(url: URL, manifest: RunManifest)]) -> String? {
        let failures = run.reduce(0) { $0 + $1.manifest.failures }
        if failures > 0 {
            return "it had \(failures) failing \(failures == 1 ? "test or snapshot" : "tests or snapshots")"
        }
        if run.contains(where: { !$0.manifest.finished }) {
            return "a test process did not finish (it crashed, or is still running)"
        }
        if !run.contains(where: { !$0.manifest.filtered }) {
            return "it ran only some tests (--filter, --skip or test names)"
        }
        return nil
    }

    /// The last complete run, or nil when none was recorded.
    public static func lastCompleteRun(root: URL) -> [(url: URL, manifest: RunManifest)]? {
        sessions(root: root).last { incompleteness($0) == nil }
    }

    /// Keeps `.snapshots-run/` small: manifests of runs before the last complete one are
    /// deleted, and beyond `limit` later runs the oldest of them are merged into one (their
    /// references stay vouched for, which is all they are read for).
    public static func compact(root: URL, limit: Int = 20) throws {
        let sessions = sessions(root: root)
        let lastComplete = sessions.lastIndex { incompleteness($0) == nil }
        if let lastComplete {
            for (url, _) in sessions[..<lastComplete].joined() { try FileSystem.remove(url) }
        }
        let later = sessions[((lastComplete ?? -1) + 1)...].filter { $0.allSatisfy(\.manifest.finished) }
        guard later.count > limit else { return }
        let merged = later.prefix(later.count - limit + 1).joined()
        guard let first = merged.min(by: { $0.manifest.started < $1.manifest.started }) else { return }
        var combined = first.manifest
        combined.filtered = true
        combined.failures = 0
        combined.paths = merged.reduce(into: Set<String>()) { $0.formUnion($1.manifest.paths) }
        combined.completed = merged.reduce(into: Set<String>()) { $0.formUnion($1.manifest.completed) }
        for (url, _) in merged { try FileSystem.remove(url) }
        try combined.write(root: root)
    }

    /// The test library of a process started with `arguments`: Swift Testing's process gets
    /// `--testing-library swift-testing`, XCTest's nothing of the kind.
    package static func library(arguments: [String]) -> String {
        guard let flag = arguments.firstIndex(of: "--testing-library"), arguments.indices.contains(flag + 1) else {
            return "xctest"
        }
        return arguments[flag + 1]
    }

    /// Whether this process runs a subset of the tests. `swift test` passes its own arguments
    /// to the Swift Testing process (`--testing-library swift-testing --filter X`), and test
    /// names as plain arguments to the XCTest process.
    public static func isFilteredRun(arguments: [String]) -> Bool {
        let options = arguments.dropFirst()
        let filters = options.contains { argument in
            let name = argument.split(separator: "=", maxSplits: 1).first ?? ""
            return name == "--filter" || name == "--skip"
        }
        if filters { return true }
        if options.contains("--testing-library") { return false }
        return options.contains { !$0.hasPrefix("-") }
    }
}
