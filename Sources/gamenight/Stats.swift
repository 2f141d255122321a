import ArgumentParser
import Foundation
import GameDomain
import SiteBuilding

extension GameNight {
    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats",
            abstract: "Print the group's statistics: ratings, board games, head-to-head records, streaks.",
            discussion: """
                Reads every game file of FOLDER as `build` does (drafts left out) and its gamenight.yaml.
                Example:
                  gamenight stats examples
                  gamenight stats examples --json
                """
        )

        @Argument(help: "The folder of game files.")
        var folder = "."

        @Flag(help: "Print one JSON document with sorted keys (see docs/STATISTICS.md).")
        var json = false

        @Option(parsing: .unconditional, help: "Time limit for finding each puzzle board's optimal length, in seconds.")
        var solveSeconds = SolverSettings.defaultSeconds

        @OptionGroup(title: "Limits")
        var limits: LimitOptions

        func validate() throws {
            guard solveSeconds > 0, solveSeconds <= 3600 else {
                throw ValidationError("--solve-seconds must be more than 0 and at most 3600")
            }
        }

        func run() async throws {
            let source = URL(fileURLWithPath: folder)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw reportFailure(.usage("\(folder) is not a folder; pass the folder that holds your game files"))
            }
            let selection: GameFileSelection
            do {
                selection = try GameFileSelection(folder: source)
            } catch {
                throw reportFailure(error)
            }
            for note in selection.notes { FileHandle.standardError.write(Data("\(note)\n".utf8)) }
            var problems = selection.problems
            var settings = StatisticsSettings()
            switch SiteConfigurationFile.load(in: source) {
            case .success(let site): settings = site.configuration.statistics
            case .failure(let errors): problems += errors.diagnostics
            }
            var outcome = await GameLoader.load(
                selection.files.map { ($0.path, $0.url) }, limits: limits.limits, keepingNotes: false)
            problems += outcome.diagnostics
            guard problems.isEmpty else { throw reportFailure(.input(problems)) }
            let notes = await OptimumFiller.fill(&outcome.games, .standard(seconds: solveSeconds))
            for note in notes { FileHandle.standardError.write(Data("\(note)\n".utf8)) }
            let games = outcome.games.filter { !$0.game.isDraft }.map { FiledGame(file: $0.path, game: $0.game) }
            let statistics = GroupStatistics(games, settings: settings)
            print(json ? StatsReport.json(statistics, games: games) : StatsReport.text(statistics))
        }
    }
}
