import ArgumentParser
import Foundation
import SnapshotKitCore

extension Snapshots {
    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Diff two files or directory trees in the assertion failure format.",
            discussion: """
                Prints a unified diff that `patch -p1` and `git apply` accept; exits 1 when they differ.

                Example:
                  swift run snapshots diff site-before site-after
                """
        )

        @Argument(help: "The reference file or directory.") var a: String
        @Argument(help: "The actual file or directory.") var b: String

        func run() throws {
            let (reference, actual) = (urls([a])[0], urls([b])[0])
            for (url, argument) in [(reference, a), (actual, b)] where !FileManager.default.fileExists(atPath: url.path) {
                // A plain error, not usage: the arguments were well formed. 2, as diff(1) uses for trouble.
                printError("No such file or directory: \(argument)")
                throw ExitCode(2)
            }
            guard let difference = try SnapshotComparison.diff(reference, actual, label: a) else { return }
            print(difference.message, terminator: "")
            throw ExitCode(1)
        }
    }

    struct Prune: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete orphaned references (and manifests of older runs).",
            discussion: """
                Needs a complete run: `swift test` without --filter or --skip.

                Example:
                  swift run snapshots prune --dry-run
                """
        )

        @OptionGroup var package: PackageOptions
        @Flag(help: "Only list what would be deleted.") var dryRun = false

        func run() throws {
            let deleted = try package.folder().prune(dryRun: dryRun)
            for path in deleted { print("\(dryRun ? "would delete" : "deleted") \(path)") }
            if deleted.isEmpty { print("No orphaned references.") }
        }
    }

    struct Review: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write one HTML page showing every pending snapshot beside its reference.",
            discussion: """
                HTML and SVG are rendered side by side; every snapshot shows its text diff.

                Example:
                  swift run snapshots review --html .build/snapshots/review.html
                """
        )

        @OptionGroup var package: PackageOptions
        @Option(help: "Where to write the page.") var html: String

        func run() throws {
            let page = try ReviewPage.render(package.folder())
            let url = urls([html])[0]
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(page.utf8).write(to: url, options: .atomic)
            } catch {
                // Foundation's own message is an unreadable NSError dump.
                throw CommandError(description: "Cannot write \(url.path): pass --html a file path in a folder you can write to.")
            }
            print("Wrote \(url.path)")
        }
    }
}
