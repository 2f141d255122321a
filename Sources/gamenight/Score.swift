import ArgumentParser
import Foundation
import SiteBuilding

extension GameNight {
    struct Score: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print each game's computed result.",
            discussion: """
                Example:
                  gamenight score examples/catan.md
                  gamenight score examples/*.md --json
                """
        )

        @Argument(help: "Game files to score.")
        var files: [String]

        @Flag(help: "Print one JSON document: an array of games (see README).")
        var json = false

        @Option(help: "Time limit for finding each puzzle board's optimal length, in seconds.")
        var solveSeconds = PuzzleSolving.defaultSeconds

        @OptionGroup(title: "Limits")
        var limits: LimitOptions

        func validate() throws {
            guard !files.isEmpty else { throw ValidationError("name at least one game file, e.g. gamenight score examples/catan.md") }
            guard solveSeconds > 0, solveSeconds <= 3600 else { throw ValidationError("--solve-seconds must be more than 0 and at most 3600") }
        }

        func run() async throws {
            let files = files.map { (path: $0, url: URL(fileURLWithPath: $0)) }
            var outcome = await GameLoader.load(files, sizeLimit: limits.maxFileSize, limits: limits.limits)
            let notes: [String]
            (outcome.games, notes) = await PuzzleOptima.fill(outcome.games, .standard(seconds: solveSeconds))
            for note in notes { FileHandle.standardError.write(Data((note + "\n").utf8)) }
            print(json ? ScoreReport.json(outcome.games) : ScoreReport.text(outcome.games))
            if !outcome.diagnostics.isEmpty {
                throw reportFailure(.input(outcome.diagnostics.map(\.description)))
            }
        }
    }
}
