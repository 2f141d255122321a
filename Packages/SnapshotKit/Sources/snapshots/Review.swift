import Foundation
import SnapshotKitCore

func review(_ arguments: Arguments) throws -> Int32 {
    let folder = try folder(arguments)
    guard let html = arguments.options["html"] else {
        return try walk(folder, interactive: isatty(STDIN_FILENO) == 1)
    }
    let page = try ReviewPage.render(folder)
    let url = urls([html])[0]
    do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(page.utf8).write(to: url, options: .atomic)
    } catch {
        // Foundation's own message is an unreadable NSError dump.
        throw CommandError(message: "Cannot write \(url.path): pass --html a file path in a folder you can write to.")
    }
    print("Wrote \(url.path)")
    return 0
}

/// Shows each pending snapshot's diff and reads a decision from standard input: a, r, s or q.
/// Not interactive (a pipe, CI): lists them and changes nothing.
private func walk(_ folder: SnapshotFolder, interactive: Bool) throws -> Int32 {
    let pending = folder.pending()
    if pending.isEmpty { print("Nothing pending.") }
    var accepted = 0
    var rejected = 0
    for (index, location) in pending.enumerated() {
        let difference = try SnapshotComparison.diff(
            pending: location, limits: DiffContext(maxLines: 200, maxBytes: 32_000))
        print("[\(index + 1)/\(pending.count)] \(location.relativePath)  (\(difference?.summary ?? "no difference"))")
        guard interactive else { continue }
        print(difference?.message ?? "", terminator: "")
        openDiffTool(location)
        answer: while true {
            print("Accept, reject, skip or quit? [a/r/s/q] ", terminator: "")
            fflush(nil)
            guard let line = readLine() else { return 0 }
            switch line.trimmingCharacters(in: .whitespaces).lowercased() {
            case "a", "accept":
                try folder.accept([location])
                accepted += 1
                print("accepted")
                break answer
            case "r", "reject":
                try folder.reject([location])
                rejected += 1
                print("rejected")
                break answer
            case "s", "skip", "": break answer
            case "q", "quit":
                print("\(accepted) accepted, \(rejected) rejected.")
                return 0
            default: continue
            }
        }
    }
    if interactive && !pending.isEmpty { print("\(accepted) accepted, \(rejected) rejected.") }
    if !interactive && !pending.isEmpty {
        print("Standard input is not a terminal: nothing changed. Accept: swift run snapshots accept [PATH...]")
    }
    return 0
}

/// `SNAPSHOT_DIFF_TOOL` (`code --diff`, `opendiff`, ...) run with the reference and the pending
/// output as its last two arguments, through the shell so the variable may hold options.
private func openDiffTool(_ location: SnapshotLocation) {
    guard let tool = ProcessInfo.processInfo.environment["SNAPSHOT_DIFF_TOOL"], !tool.isEmpty else { return }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "\(tool) \"$1\" \"$2\"", "sh", location.reference.path, location.pending.path]
    do {
        try process.run()
        process.waitUntilExit()
    } catch {
        printError("SNAPSHOT_DIFF_TOOL could not be run: \(tool)")
    }
}
