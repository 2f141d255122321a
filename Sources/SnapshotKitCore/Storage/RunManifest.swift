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

    public init(session: Int32, process: Int32, started: Date, filtered: Bool, paths: Set<String>) {
        self.session = session
        self.process = process
        self.started = started
        self.filtered = filtered
        self.paths = paths
    }

    var fileName: String { "\(session)-\(process)-\(Int(started.timeIntervalSince1970 * 1000)).manifest" }

    var text: String {
        var lines = [
            "# Snapshot references asserted by one test process; see `snapshots status`.",
            "session \(session)",
            "process \(process)",
            "started \(started.timeIntervalSince1970)",
            "filtered \(filtered ? "yes" : "no")",
        ]
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
                  filtered: fields["filtered"] != "no", paths: paths)
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

    /// The last complete run: the unfiltered manifests of the session that started last.
    /// nil when no unfiltered run was recorded.
    public static func lastCompleteRun(root: URL) -> [(url: URL, manifest: RunManifest)]? {
        let complete = all(root: root).filter { !$0.manifest.filtered }
        guard let latest = complete.max(by: { $0.manifest.started < $1.manifest.started }) else { return nil }
        return complete.filter { $0.manifest.session == latest.manifest.session }
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
