import Foundation
import SnapshotKitCore

/// Reviews snapshot references: lists, accepts and rejects pending outputs, finds orphans.
@main
enum Snapshots {
    static let overview = """
        OVERVIEW: Review SnapshotKit references in __Snapshots__.

        A failing snapshot assertion writes its actual output to .snapshots-pending/<reference path>.
        Review those here, then commit __Snapshots__. References live at
        __Snapshots__/<test target>/<test file>/[<suite>/]<test>.<name>.<ext>, names %XX-encoded.

        Example:
          swift run snapshots status
          swift run snapshots accept __Snapshots__/SiteTests/PageTests/home.index.html

        USAGE: snapshots <subcommand>

        SUBCOMMANDS:
        \(commands.map { "  " + $0.name.padding(toLength: 10, withPad: " ", startingAt: 0) + $0.abstract }.joined(separator: "\n"))

          See 'snapshots help <subcommand>' for detailed help.
        """

    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first else {
            print(overview)
            exit(0)
        }
        arguments.removeFirst()
        if ["--help", "-h", "help"].contains(name) {
            guard let topic = arguments.first else {
                print(overview)
                exit(0)
            }
            guard let command = commands.first(where: { $0.name == topic }) else {
                fail(UsageError("Unknown subcommand '\(topic)'"), usage: overview)
            }
            print(command.help)
            exit(0)
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            fail(
                UsageError("Unknown subcommand '\(name)'"),
                usage: "USAGE: snapshots <subcommand>\n  See 'snapshots --help' for more information.")
        }
        if arguments.contains("--help") || arguments.contains("-h") {
            print(command.help)
            exit(0)
        }
        do {
            let parsed = try Arguments(
                arguments, flags: command.flags, options: command.options.union(["package-path"]))
            exit(try command.run(parsed))
        } catch let error as UsageError {
            fail(error, usage: command.usage)
        } catch let error as CommandError {
            printError(error.message)
            exit(error.status)
        } catch {
            printError(ReviewError.message(for: error, command: command.name))
            exit(1)
        }
    }

    private static func fail(_ error: UsageError, usage: String) -> Never {
        printError(error.message)
        FileHandle.standardError.write(Data((usage + "\n").utf8))
        exit(64)
    }
}

/// `Error: <message>` on standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
}

/// Paths given on the command line, relative to the current directory.
func urls(_ paths: [String]) -> [URL] {
    paths.map { URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) }
}

/// The package folder: `--package-path`, else the one holding Package.swift at or above the
/// current directory.
func folder(_ arguments: Arguments) throws -> SnapshotFolder {
    let start = URL(fileURLWithPath: arguments.options["package-path"] ?? FileManager.default.currentDirectoryPath)
    return try SnapshotFolder.find(from: start)
}
