import ArgumentParser
import Foundation
import SnapshotKitCore

/// Reviews snapshot references: lists, accepts and rejects pending outputs, finds orphans.
@main
struct Snapshots: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshots",
        abstract: "Review SnapshotKit references in __Snapshots__.",
        discussion: """
            A failing snapshot assertion writes its actual output beside the reference as <file>.new.
            Review those here, then commit __Snapshots__. References live at
            __Snapshots__/<test target>/<test file>/[<suite>/]<test>.<name>.<ext>, names %XX-encoded.

            Example:
              swift run snapshots status
              swift run snapshots accept __Snapshots__/SiteTests/PageTests/home.index.html
            """,
        subcommands: [Status.self, Accept.self, Reject.self, Diff.self, Prune.self, Review.self]
    )
}

/// Where the package is: the folder holding Package.swift at or above the current directory.
struct PackageOptions: ParsableArguments {
    @Option(name: .customLong("package-path"), help: "The package folder (default: found from the current directory).")
    var packagePath: String?

    func folder() throws -> SnapshotFolder {
        let start = URL(fileURLWithPath: packagePath ?? FileManager.default.currentDirectoryPath)
        return try SnapshotFolder.find(from: start)
    }
}

/// Paths given on the command line, relative to the current directory.
func urls(_ paths: [String]) -> [URL] {
    paths.map { URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) }
}

/// A plain one-line failure: ArgumentParser prints "Error: <description>" and exits 1.
struct CommandError: Error, CustomStringConvertible {
    let description: String
}

/// `Error: <message>` on standard error, as ArgumentParser prints a thrown error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
}
