import Foundation
import SnapshotKitCore

/// One subcommand: its help, the flags and options it takes, and what it does (returning the
/// exit status).
struct Command: Sendable {
    let name: String
    let abstract: String
    let arguments: String
    let discussion: String
    var flags: Set<String> = []
    var options: Set<String> = []
    let run: @Sendable (Arguments) throws -> Int32

    var usage: String { "USAGE: snapshots \(name) \(arguments)" }

    var help: String {
        """
        OVERVIEW: \(abstract)

        \(discussion)

        \(usage)

        OPTIONS:
          --package-path <path>   The package folder (default: found from the current directory).
          -h, --help              Show help information.
        """
    }
}

let commands: [Command] = [
    Command(
        name: "status", abstract: "List pending outputs and orphaned references.",
        arguments: "[--check] [--package-path <path>]",
        discussion: """
            Orphans are references no test asserted in the last complete run (`swift test` without
            --filter or --skip, finished and passing) or any later run, and not written since;
            filtered runs never make orphans. A folder snapshot is listed once. --check exits 1
            when anything is pending or orphaned (for CI).

            Example:
              swift run snapshots status --check
            """,
        flags: ["check"], run: status),
    Command(
        name: "accept", abstract: "Replace references with their pending outputs.",
        arguments: "[<paths> ...] [--package-path <path>]",
        discussion: """
            PATH is a reference, its pending output in .snapshots-pending/, or a folder (everything
            pending inside it).
            Without PATH, accepts everything pending.

            Example:
              swift run snapshots accept __Snapshots__/SiteTests/PageTests/home.index.html
            """,
        run: { try acceptOrReject($0, accept: true) }),
    Command(
        name: "reject", abstract: "Delete pending outputs, keeping the references.",
        arguments: "[<paths> ...] [--package-path <path>]",
        discussion: """
            PATH is a reference, its pending output, or a folder. Without PATH, rejects everything
            pending.

            Example:
              swift run snapshots reject __Snapshots__/SiteTests/PageTests
            """,
        run: { try acceptOrReject($0, accept: false) }),
    Command(
        name: "diff", abstract: "Diff two files or directory trees in the assertion failure format.",
        arguments: "<reference> <actual>",
        discussion: """
            Prints a unified diff that `patch -p1` and `git apply` accept; exits 1 when they
            differ, 2 when one is missing.

            Example:
              swift run snapshots diff site-before site-after
            """,
        run: diff),
    Command(
        name: "prune", abstract: "Delete orphaned references (and manifests of older runs).",
        arguments: "[--dry-run] [--package-path <path>]",
        discussion: """
            Needs the newest run to be complete: `swift test` without --filter or --skip,
            finished and passing. Refuses otherwise, and says why.

            Example:
              swift run snapshots prune --dry-run
            """,
        flags: ["dry-run"], run: prune),
    Command(
        name: "review", abstract: "Walk through pending snapshots, or write them all to one HTML page.",
        arguments: "[--html <file>] [--package-path <path>]",
        discussion: """
            In a terminal, shows each pending snapshot's diff and asks: accept, reject, skip or
            quit. With SNAPSHOT_DIFF_TOOL set (for example `code --diff`), it also opens the
            reference and the pending output in that tool. When standard input is not a
            terminal, it only lists them. With --html, writes one page instead: HTML rendered,
            images (PNG, JPEG, GIF, WebP, SVG) shown side by side, every diff.

            Example:
              swift run snapshots review --html .build/snapshots/review.html
            """,
        options: ["html"], run: review),
]

private func status(_ arguments: Arguments) throws -> Int32 {
    let folder = try folder(arguments)
    for path in try folder.removeStale() {
        print("Removed the pending output of \(path): identical to its reference.")
    }
    let pending = folder.pending()
    print(pending.isEmpty ? "No pending snapshots." : "Pending snapshots (\(pending.count)):")
    for location in pending {
        let summary =
            (try? SnapshotComparison.diff(pending: location, limits: DiffContext(maxLines: 1, maxBytes: 1)))??.summary
            ?? "unchanged"
        print("  \(location.relativePath)  (\(summary))")
    }
    if !pending.isEmpty {
        print("Accept: swift run snapshots accept [PATH...]   Reject: swift run snapshots reject [PATH...]")
    }

    var orphanCount = 0
    if let run = folder.lastCompleteRun() {
        let libraries = run.libraries.isEmpty ? "" : " (\(run.libraries.joined(separator: ", ")))"
        print(
            "Last complete run: \(run.started.formatted(.iso8601))\(libraries), \(run.references) \(run.references == 1 ? "reference" : "references") asserted."
        )
    }
    if let orphans = folder.orphans() {
        orphanCount = orphans.count
        print(
            orphans.isEmpty
                ? "No orphaned references."
                : "Orphaned references (\(orphans.count)): their test ran to the end in the last complete run without asserting them:"
        )
        for orphan in orphans { print("  \(orphan)") }
        if !orphans.isEmpty { print("Delete them: swift run snapshots prune") }
        printKept(folder.unassertedLiveTests())
    } else {
        print("Orphans unknown: no complete test run recorded (run `swift test` without filters).")
    }
    return arguments.flags.contains("check") && (!pending.isEmpty || orphanCount > 0) ? 1 : 0
}

/// References not asserted since the last complete run whose test was never seen running to
/// the end: prune has no proof they are unused.
private func printKept(_ kept: [String]) {
    guard !kept.isEmpty else { return }
    print(
        """
        Not asserted since the last complete run, but their test was not seen running to the end (skipped, \
        disabled, deleted, or a Swift Testing test without the .snapshots() trait that may have stopped early); \
        prune keeps them (\(kept.count)):
        """)
    for path in kept { print("  \(path)") }
    print("Delete one yourself (git rm) once you know its test is gone.")
}

private func acceptOrReject(_ arguments: Arguments, accept: Bool) throws -> Int32 {
    let folder = try folder(arguments)
    let locations = try folder.pending(matching: urls(arguments.positionals))
    if accept { try folder.accept(locations) } else { try folder.reject(locations) }
    for location in locations { print("\(accept ? "accepted" : "rejected") \(location.relativePath)") }
    if locations.isEmpty { print("Nothing pending.") }
    return 0
}

private func diff(_ arguments: Arguments) throws -> Int32 {
    guard arguments.positionals.count == 2 else {
        throw UsageError("Expected 2 arguments, got \(arguments.positionals.count)")
    }
    let (a, b) = (arguments.positionals[0], arguments.positionals[1])
    let (reference, actual) = (urls([a])[0], urls([b])[0])
    for (url, argument) in [(reference, a), (actual, b)] where !FileManager.default.fileExists(atPath: url.path) {
        // A plain error, not usage: the arguments were well formed. 2, as diff(1) uses for trouble.
        throw CommandError(message: "No such file or directory: \(argument)", status: 2)
    }
    guard let difference = try SnapshotComparison.diff(reference, actual, label: a) else { return 0 }
    print(difference.message, terminator: "")
    return 1
}

private func prune(_ arguments: Arguments) throws -> Int32 {
    let dryRun = arguments.flags.contains("dry-run")
    let deleted = try folder(arguments).prune(dryRun: dryRun)
    for path in deleted { print("\(dryRun ? "would delete" : "deleted") \(path)") }
    if deleted.isEmpty { print("No orphaned references.") }
    printKept(try folder(arguments).unassertedLiveTests())
    return 0
}
