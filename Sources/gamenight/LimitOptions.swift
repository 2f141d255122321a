import ArgumentParser
import GameFileParsing
import SiteBuilding

/// The flags that bound what one game file may ask for, shared by every command that reads
/// game files. Each limit's error names its flag.
struct LimitOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "The largest game file accepted, in bytes.")
    var maxFileSize = GameFileLimits().maxFileSize

    @Option(parsing: .unconditional, help: "The most players (bowlers, racers) one game may list.")
    var maxPlayers = GameFileLimits().maxPlayers

    @Option(parsing: .unconditional, help: "The most moves one puzzle racer may make.")
    var maxMoves = GameFileLimits().maxMoves

    @Option(
        parsing: .unconditional,
        help:
            "The widest puzzle board accepted (\(GameFileLimits.boardSizes.lowerBound) to \(GameFileLimits.boardSizes.upperBound))."
    )
    var maxBoardSize = GameFileLimits().maxBoardSize

    @Option(parsing: .unconditional, help: "The most rounds one score-keeper game may have.")
    var maxRounds = GameFileLimits().maxRounds

    var limits: GameFileLimits {
        GameFileLimits(
            maxPlayers: maxPlayers, maxMoves: maxMoves, maxBoardSize: maxBoardSize, maxRounds: maxRounds,
            maxFileSize: maxFileSize)
    }

    func validate() throws {
        if let problem = limits.problem { throw ValidationError(problem) }
    }
}
