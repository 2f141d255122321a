import PuzzleSolver

/// How hard `build` and `score` try to find each puzzle board's optimal solution length.
public struct SolverSettings: Sendable, Hashable {
    /// Time limit per board.
    public var seconds: Double
    /// The cache folder: pattern databases (read) and optimal lengths (read and added to). `nil`:
    /// no cache, every board solved with IDA* and linear conflict.
    public var cacheDirectory: String?

    public static let defaultSeconds = 10.0

    public init(seconds: Double = defaultSeconds, cacheDirectory: String? = nil) {
        self.seconds = seconds
        self.cacheDirectory = cacheDirectory
    }

    /// The user's cache (`$XDG_CACHE_HOME/gamenight` or `~/.cache/gamenight`).
    public static func standard(seconds: Double = defaultSeconds) -> SolverSettings {
        SolverSettings(seconds: seconds, cacheDirectory: PatternDatabaseCache.defaultDirectory())
    }
}
