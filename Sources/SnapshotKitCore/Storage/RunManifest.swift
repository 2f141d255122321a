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
    /// The test library that ran in this process (`xctest`, `swift-testing`); nil in manifests
    /// of older versions.
    public var library: String?

    public init(session: Int32, process: Int32, started: Date, filtered: Bool, paths: Set<String>, library: String? = nil) {
        self.session = session
        self.process = process
        self.started = started
        self.filtered = filtered
        self.paths = paths
        self.library = library
    }

    var fileName: String { "\(session)-\(process)-\(Int(started.timeIntervalSince1970 * 1000)).manifest" }

    var text: String {
        var lines = [
            "# Snapshot references asserted by one test process; see `snapshots status`.",
            "session \(session)",
            "process \(process)",
            "started \(started.timeIntervalSince1970)",
            "filtered \(filtered ? "yes" : "no")",
        ] + (library.map { ["library \($0)"] } ?? [])
        lines += paths.sorted()
        return lines.joined(separator: "\n") + "\n"
    }

    init?(text: String) {
        var fields: [String: String] = [:]
        var paths: Set<String> = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            if line.hasPrefix(SnapshotLocation.folderName + "/") {
                paths.insert(String(line))
            } else if let space = line.firstIndex(of: " ") {
                fields[String(line[..<space])] = String(line[line.index(after: space)...])
            }
        }
        guard let session = fields["session"].flatMap({ Int32($0) }),
              let process = fields["process"].flatMap({ Int32($0) }),
              let started = fields["started"].flatMap({ Double($0) }) else { return nil }
        self.init(session: session, process: process, started: Date(timeIntervalSince1970: started),
                  filtered: fields["filtered"] != "no", paths: paths, library: fields["library"])
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
                  let manifest = RunManifest(text: String(decoding: data, as: UTF8.self)) else { return nil }
            return (url, manifest)
        }
    }

    /// The last complete run: every manifest of the newest session that has an unfiltered one
    /// and every test library the previous complete session had (`swift test --parallel` runs
    /// XCTest in filtered workers; a crashed process writes no manifest, so a session missing a
    /// library is not complete). nil when no complete run was recorded.
    public static func lastCompleteRun(root: URL) -> [(url: URL, manifest: RunManifest)]? {
        let sessions = Dictionary(grouping: all(root: root), by: \.manifest.session).values
            .sorted { $0.map(\.manifest.started).min() ?? .distantPast < $1.map(\.manifest.started).min() ?? .distantPast }
        var complete: [(url: URL, manifest: RunManifest)]?
        for session in sessions where session.contains(where: { !$0.manifest.filtered }) {
            let libraries = Set(session.compactMap(\.manifest.library))
            if let previous = complete, !libraries.isSuperset(of: previous.compactMap(\.manifest.library)) { continue }
            complete = session
        }
        return complete
    }

    /// The test library of a process started with `arguments`: Swift Testing's process gets
    /// `--testing-library swift-testing`, XCTest's nothing of the kind.
    package static func library(arguments: [String]) -> String {
        guard let flag = arguments.firstIndex(of: "--testing-library"), arguments.indices.contains(flag + 1) else { return "xctest" }
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
