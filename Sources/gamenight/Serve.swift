import ArgumentParser
import Foundation

extension GameNight {
    /// Runs `gamenight-serve` from beside this program with the same arguments. The server is a
    /// program of its own so that building `gamenight` does not build the HTTP server.
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract:
                "Serve the site while you edit (runs gamenight-serve; `gamenight serve --help` lists its options).",
            discussion: """
                Example:
                  gamenight serve examples
                """
        )

        @Argument(parsing: .allUnrecognized, help: "SOURCE and options, as `gamenight-serve --help` lists them.")
        var arguments: [String] = []

        /// Where `gamenight-serve` must be: beside the running `gamenight`.
        static func companion() -> URL {
            let me = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments.first ?? "gamenight")
            return me.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("gamenight-serve")
        }

        func run() throws {
            throw Self.exec(arguments)
        }

        /// Replaces this process with `gamenight-serve ARGUMENTS`, so Ctrl-C and the exit status
        /// go straight to the server; returns only on failure, with the exit status to use.
        static func exec(_ arguments: [String]) -> ExitCode {
            let program = companion()
            guard FileManager.default.isExecutableFile(atPath: program.path) else {
                FileHandle.standardError.write(
                    Data(
                        """
                        error: `gamenight serve` needs the program gamenight-serve beside gamenight, and \(program.path) is missing.
                        Build it with `swift build --product gamenight-serve` (or `make serve`), in the same configuration as gamenight.

                        """.utf8))
                return ExitCode(3)
            }
            var argv = ([program.path] + arguments).map { strdup($0) } + [nil]
            execv(program.path, &argv)
            FileHandle.standardError.write(
                Data("error: cannot run \(program.path): \(String(cString: strerror(errno)))\n".utf8))
            return ExitCode(3)
        }
    }
}
