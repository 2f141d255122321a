import Foundation
import TestSupport

/// Runs a program found on `PATH` (`arguments[0]`) and returns its exit status, its standard
/// output and its standard error.
func runTool(_ arguments: [String]) throws -> (status: Int32, output: Data, errors: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Read before waiting: a large site fills the pipe.
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, data, message)
}

/// Every file below `folder` with its contents, for before/after comparisons.
func tree(_ folder: URL) -> [String: Data] {
    var files: [String: Data] = [:]
    guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    else { return [:] }
    for case let url as URL in enumerator
    where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
        files[String(url.path.dropFirst(folder.path.count + 1))] = try? Data(contentsOf: url)
    }
    return files
}

/// The package's examples folder, found from this file's path.
let examplesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("examples")

func game(
    title: String, date: String = "2026-11-20", players: String = "[A, B]", rounds: String = "[{A: 1}]",
    extra: String = ""
) -> String {
    "---\ngame: scores\ntitle: \(title)\ndate: \(date)\nplayers: \(players)\nrounds: \(rounds)\n\(extra)---\nNotes on \(title).\n"
}
