import ArgumentParser
import Foundation
import GameDomain
import SiteBuilding

@main
struct GameNight: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gamenight",
        abstract: "Turn a folder of game files into a static scorecard site.",
        discussion: """
            Game files are Markdown with YAML front matter (game: scores). See README.md and docs/.
            Exit status: 0 success, 1 input errors, 2 usage errors, 3 an I/O failure.
            """,
        version: "\(SiteBuild.version) (commit \(buildCommit))",
        subcommands: [
            Init.self, New.self, Build.self, Serve.self, Score.self, Stats.self, Solve.self, Import.self, Export.self,
        ]
    )

    /// Like ArgumentParser's own `main`, but a usage error exits with 2 (as README documents),
    /// not EX_USAGE (64).
    static func main() async {
        // Everything after `serve`, `--help` included, is gamenight-serve's to parse.
        if CommandLine.arguments.dropFirst().first == "serve" {
            exit(withError: Serve.exec(Array(CommandLine.arguments.dropFirst(2))))
        }
        if Array(CommandLine.arguments.dropFirst().prefix(2)) == ["help", "serve"] {
            exit(withError: Serve.exec(["--help"]))
        }
        do {
            var command = try parseAsRoot()
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// Prints a failure the way README documents it and exits with its status.
func reportFailure(_ error: BuildError) -> ExitCode {
    FileHandle.standardError.write(Data((error.description + "\n").utf8))
    if case .input(let lines) = error {
        FileHandle.standardError.write(Data("\(counted(lines.count, "error")).\n".utf8))
    }
    return ExitCode(error.exitStatus)
}
