import ArgumentParser
import Foundation
import SiteBuilding

extension GameNight {
    struct Solve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "solve",
            abstract: "Print an optimal (shortest) solution of a sliding puzzle.",
            discussion: """
                LAYOUT lists the rows top to bottom, split by /, with the cells of a row split by \
                spaces or commas and _ or 0 for the blank; boards are square, 2x2 to 8x8. A FILE \
                is a game file with `game: fifteen`; its start board is solved.

                3x3 boards take milliseconds. 4x4 boards use pattern databases that are built once \
                (about 15 s with a release build, a minute with a debug one) and cached in \
                $XDG_CACHE_HOME/gamenight or ~/.cache/gamenight. 5x5 and larger are only tried \
                with --seconds, and are usually "not computed".

                Example:
                  gamenight solve "1 2 3/4 5 6/7 _ 8"
                  gamenight solve "5 1 2 3/9 6 7 4/13 10 11 8/_ 14 15 12" --json
                  gamenight solve examples/2026-11-22/puzzle-race.md
                  gamenight solve --warm-cache
                """
        )

        @Argument(
            help: ArgumentHelp("A layout such as \"1 2 3/4 5 6/7 _ 8\", or a game file.", valueName: "layout-or-file"))
        var input: String?

        @Flag(help: "Print one JSON object: size, start, optimal, moves, directions, nodes, seconds, reason.")
        var json = false

        @Option(
            parsing: .unconditional, help: "Give up after this many seconds (default 60 up to 4x4; 5x5 and up need it)."
        )
        var seconds: Double?

        @Flag(help: "Build the 4x4 pattern databases into the cache (if missing) and exit.")
        var warmCache = false

        @OptionGroup(title: "Limits (for a FILE)")
        var limits: LimitOptions

        func validate() throws {
            guard input != nil || warmCache else {
                throw ValidationError("pass a layout or a game file, e.g. gamenight solve \"1 2 3/4 5 6/7 _ 8\"")
            }
            if let seconds, !(seconds > 0 && seconds <= 86_400) {
                throw ValidationError("--seconds must be more than 0 and at most 86400")
            }
        }

        func run() async throws {
            let cache = SolverSettings.standard().cacheDirectory ?? ""
            let progress = { (line: String) in FileHandle.standardError.write(Data((line + "\n").utf8)) }
            if warmCache {
                SolveReport.loadDatabase(cacheDirectory: cache, progress: progress)
                progress("The 4×4 pattern databases are ready in \(cache).")
                if input == nil { return }
            }
            guard let input else { return }
            do {
                let board = try SolveReport.board(from: input, limits: limits.limits)
                let report = SolveReport.solve(board, seconds: seconds, cacheDirectory: cache, progress: progress)
                print(json ? SolveReport.json(report) : SolveReport.text(report))
            } catch {
                FileHandle.standardError.write(Data((error.description + "\n").utf8))
                throw ExitCode(error.exitStatus)
            }
        }
    }
}
