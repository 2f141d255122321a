import ArgumentParser
import Foundation
import SiteBuilding

extension GameNight {
    struct Score: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "score",
            abstract: "Print each game's computed result.",
            discussion: """
                Example:
                  gamenight score examples/2026-11-20/catan-second-table.md
                  gamenight score examples --json
                """
        )

        @Argument(help: "Game files to score, or folders: every game file in them, as `build` finds them.")
        var files: [String]

        @Flag(help: "Print one JSON document: an array of games (see docs/COMMANDS.md).")
        var json = false

        @Option(parsing: .unconditional, help: "Time limit for finding each puzzle board's optimal length, in seconds.")
        var solveSeconds = SolverSettings.defaultSeconds

        @OptionGroup(title: "Limits")
        var limits: LimitOptions

        func validate() throws {
            guard !files.isEmpty else {
                throw ValidationError("name at least one game file, e.g. gamenight score examples/catan.md")
            }
            guard solveSeconds > 0, solveSeconds <= 3600 else {
                throw ValidationError("--solve-seconds must be more than 0 and at most 3600")
            }
        }

        func run() async throws {
            let selection: GameFileSelection
            do {
                selection = try GameFileSelection(arguments: files)
            } catch {
                throw reportFailure(error)
            }
            for note in selection.notes { FileHandle.standardError.write(Data("\(note)\n".utf8)) }
            var outcome = await GameLoader.load(selection.files.map { ($0.path, $0.url) }, limits: limits.limits)
            let notes = await OptimumFiller.fill(&outcome.games, .standard(seconds: solveSeconds))
            for note in notes { FileHandle.standardError.write(Data("\(note)\n".utf8)) }
            // Nothing on stdout when no file could be read, not even an empty line.
            if json || !outcome.games.isEmpty {
                print(json ? ScoreReport.json(outcome.games) : ScoreReport.text(outcome.games))
            }
            if !selection.problems.isEmpty || !outcome.diagnostics.isEmpty {
                throw reportFailure(.input(selection.problems + outcome.diagnostics))
            }
        }
    }
}
