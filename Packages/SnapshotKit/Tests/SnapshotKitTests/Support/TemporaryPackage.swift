import Foundation
import SnapshotKit

/// A throwaway folder with a Package.swift, so assertions can record, fail and be accepted
/// without touching this repository's __Snapshots__.
struct TemporaryPackage {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("SnapshotKitTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Tests/AppTests"), withIntermediateDirectories: true)
        try Data("// swift-tools-version: 6.0\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
    }

    /// A call site in `Tests/AppTests/<file>`, as if the assertion were written there.
    func site(file: String = "PageTests.swift", line: Int = 1) -> CallSite {
        let path = root.appendingPathComponent("Tests/AppTests/\(file)").path
        return CallSite(fileID: "AppTests/\(file)", filePath: path, line: line, column: 1)
    }

    func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// Where the pending output of the reference at `relativePath` is written.
    func pending(_ relativePath: String) -> String { ".snapshots-pending/" + relativePath }

    /// Where the pending output of the folder snapshot at `relativePath` is written.
    func pendingTree(_ relativePath: String) -> String {
        ".snapshots-pending/trees/" + SnapshotLocation.encode(relativePath)
    }

    func read(_ relativePath: String) -> String? {
        FileManager.default.contents(atPath: url(relativePath).path).map { String(decoding: $0, as: UTF8.self) }
    }

    func write(_ text: String, to relativePath: String) throws {
        let target = url(relativePath)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: target)
    }

    /// Writes `text` with its modification date set to `modified` seconds after 1970.
    func write(_ text: String, to relativePath: String, modified: TimeInterval) throws {
        try write(text, to: relativePath)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: modified)], ofItemAtPath: url(relativePath).path)
    }

    func exists(_ relativePath: String) -> Bool {
        FileManager.default.fileExists(atPath: url(relativePath).path)
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}

/// Runs a command-line tool and returns its exit status and output; `environment` adds to
/// this process's variables.
func run(
    _ executable: String, _ arguments: [String], in directory: URL, input: String? = nil,
    environment: [String: String] = [:]
) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [executable] + arguments
    process.currentDirectoryURL = directory
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    let inputPipe = Pipe()
    process.standardInput = inputPipe
    try process.run()
    if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
    try inputPipe.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// A local environment (not CI) with the given record mode, so tests don't depend on the
/// machine's variables (CI runs with CI=true).
func environment(record: String? = nil, ci: Bool = false) -> [String: String] {
    var environment: [String: String] = [:]
    if let record { environment["SNAPSHOT_RECORD"] = record }
    if ci { environment["CI"] = "true" }
    return environment
}
