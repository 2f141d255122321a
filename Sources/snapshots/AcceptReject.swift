import ArgumentParser
import SnapshotKitCore

extension Snapshots {
    struct Accept: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replace references with their pending .new outputs.",
            discussion: """
                PATH is a reference, its .new file, or a folder (everything pending inside it). \
                Without PATH, accepts everything pending.

                Example:
                  swift run snapshots accept __Snapshots__/SiteTests/PageTests/home.index.html
                """
        )

        @OptionGroup var package: PackageOptions
        @Argument(help: "References, .new files or folders.") var paths: [String] = []

        func run() throws {
            let folder = try package.folder()
            let locations = try folder.pending(matching: urls(paths))
            try folder.accept(locations)
            for location in locations { print("accepted \(location.relativePath)") }
            if locations.isEmpty { print("Nothing pending.") }
        }
    }

    struct Reject: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete pending .new outputs, keeping the references.",
            discussion: """
                PATH is a reference, its .new file, or a folder. Without PATH, rejects everything pending.

                Example:
                  swift run snapshots reject __Snapshots__/SiteTests/PageTests
                """
        )

        @OptionGroup var package: PackageOptions
        @Argument(help: "References, .new files or folders.") var paths: [String] = []

        func run() throws {
            let folder = try package.folder()
            let locations = try folder.pending(matching: urls(paths))
            try folder.reject(locations)
            for location in locations { print("rejected \(location.relativePath)") }
            if locations.isEmpty { print("Nothing pending.") }
        }
    }
}
