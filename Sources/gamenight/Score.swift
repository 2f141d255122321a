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

        func validate() throws {
            guard !files.isEmpty else { throw ValidationError("name at least one game file, e.g. gamenight score examples/catan.md") }
        }

        func run() async throws {
            let outcome = await GameLoader.load(files.map { (path: $0, url: URL(fileURLWithPath: $0)) })
            print(json ? ScoreReport.json(outcome.games) : ScoreReport.text(outcome.games))
            if !outcome.diagnostics.isEmpty {
                throw reportFailure(.input(outcome.diagnostics.map(\.description)))
            }
        }
    }
}
