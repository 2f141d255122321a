import ArgumentParser
import Foundation
import SnapshotKitCore

extension Snapshots {
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List pending .new outputs and orphaned references.",
            discussion: """
                Orphans are references no test asserted in the last complete run (`swift test` \
                without --filter or --skip) or any later run, and not written since; filtered \
                runs never make orphans. A folder snapshot is listed once.

                Example:
                  swift run snapshots status --check
                """
        )

        @OptionGroup var package: PackageOptions

        @Flag(help: "Exit with status 1 when anything is pending or orphaned (for CI).")
        var check = false

        func run() throws {
            let folder = try package.folder()
            for path in try folder.removeStale() {
                print("Removed \(path)\(SnapshotLocation.pendingSuffix): identical to its reference.")
            }
            let pending = folder.pending()
            print(pending.isEmpty ? "No pending snapshots." : "Pending snapshots (\(pending.count)):")
            for location in pending {
                let summary = (try? SnapshotComparison.diff(pending: location, limits: DiffContext(maxLines: 1, maxBytes: 1)))??.summary ?? "unchanged"
                print("  \(location.relativePath)\(SnapshotLocation.pendingSuffix)  (\(summary))")
            }
            if !pending.isEmpty { print("Accept: swift run snapshots accept [PATH...]   Reject: swift run snapshots reject [PATH...]") }

            var orphanCount = 0
            if let run = folder.lastCompleteRun() {
                let libraries = run.libraries.isEmpty ? "" : " (\(run.libraries.joined(separator: ", ")))"
                print("Last complete run: \(run.started.formatted(.iso8601))\(libraries), \(run.references) references asserted.")
            }
            if let orphans = folder.orphans() {
                orphanCount = orphans.count
                print(orphans.isEmpty ? "No orphaned references." : "Orphaned references (\(orphans.count)), not asserted since the last complete run:")
                for orphan in orphans { print("  \(orphan)") }
                if !orphans.isEmpty { print("Delete them: swift run snapshots prune") }
                let kept = folder.unassertedLiveTests()
                if !kept.isEmpty {
                    print("Not asserted, but their test still exists (did it fail or get skipped?); prune keeps them (\(kept.count)):")
                    for path in kept { print("  \(path)") }
                }
            } else {
                print("Orphans unknown: no complete test run recorded (run `swift test` without filters).")
            }
            if check && (!pending.isEmpty || orphanCount > 0) { throw ExitCode(1) }
        }
    }
}
